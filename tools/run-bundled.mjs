// Runs a TypeScript entry as the platform runs its code: bundled by tools/bundle.mjs into
// dist/<entry's path>.mjs (inside the workspace, so its npm packages resolve from node_modules), in a
// Node process of its own with this one's arguments after the entry. For benches that measure our
// code in-process (bench/routing): they time what `npm start` and the images run, not a transform.
// Usage: node tools/run-bundled.mjs <entry.ts> [args…]
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { bundle } from './bundle.mjs';

const [entry, ...args] = process.argv.slice(2);
if (!entry || !existsSync(entry)) {
  console.error(`usage: node tools/run-bundled.mjs <entry.ts> [args…]  (no ${entry ?? 'entry'})`);
  process.exit(2);
}
const outfile = `dist/${entry.replace(/\.[cm]?[jt]s$/, '')}.mjs`;
await bundle(entry, outfile);
const child = spawn(process.execPath, ['--enable-source-maps', outfile, ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
