// Fails when `buf generate` changes libs/proto/src/gen compared with what git has (run on a clean checkout).
import { execFileSync } from 'node:child_process';

const gen = 'libs/proto/src/gen';
execFileSync('npx', ['buf', 'generate'], { cwd: 'proto', stdio: 'inherit' });
const changed = execFileSync('git', ['status', '--porcelain', '--', gen], { encoding: 'utf8' }).trim();
if (changed) {
  console.error(`generated code differs from the committed code; commit the regenerated files:\n${changed}`);
  process.exit(1);
}
console.log(`${gen} matches proto/`);
