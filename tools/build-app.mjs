// Bundles one app into dist/apps/<name>/main.js, which images and `npm start` run (tools/bundle.mjs
// says how).
// A worker thread's entry (`*.worker.mjs`, loaded through `new URL('./….worker.mjs', import.meta.url)`)
// beside a bundled source is copied beside main.js, where that URL then points; TypeScript a
// thread runs (`*.thread.ts` beside a bundled source) is bundled beside main.js as `*.thread.js`.
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { bundle } from './bundle.mjs';

const name = process.argv[2];
const entry = `apps/${name}/src/main.ts`;
if (!name || !existsSync(entry)) {
  console.error(`usage: node tools/build-app.mjs <app>  (no ${entry})`);
  process.exit(2);
}

const started = performance.now();
const result = await bundle(entry, `dist/apps/${name}/main.js`);
const workers = new Set();
const threads = new Set();
for (const input of Object.keys(result.metafile.inputs)) {
  const dir = dirname(input);
  if (!existsSync(dir) || input.includes('node_modules')) continue;
  for (const file of readdirSync(dir)) {
    if (file.endsWith('.worker.mjs')) workers.add(join(dir, file));
    if (file.endsWith('.thread.ts')) threads.add(join(dir, file));
  }
}
for (const worker of workers) copyFileSync(worker, `dist/apps/${name}/${basename(worker)}`);
const outputs = [result];
for (const thread of threads) outputs.push(await bundle(thread, `dist/apps/${name}/${basename(thread, '.ts')}.js`));
const bytes = outputs.flatMap((output) => Object.values(output.metafile.outputs)).reduce((sum, output) => sum + output.bytes, 0);
const extras = [...workers, ...threads].map((file) => basename(file).replace(/\.ts$/, '.js'));
// (On stderr: `npm start` builds before it runs, and its standard output is the platform's JSON log.)
console.error(`built dist/apps/${name}/main.js (${(bytes / 1024).toFixed(0)} KiB) in ${Math.round(performance.now() - started)} ms${extras.length > 0 ? `, with ${extras.join(', ')}` : ''}`);
