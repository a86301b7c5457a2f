// Bundles one app into dist/apps/<name>/main.js for images: our workspace libraries are bundled,
// npm packages stay external (DuckDB and PGlite ship native and WASM files beside their code).
// A worker thread's entry (`*.worker.mjs`, loaded through `new URL('./….worker.mjs', import.meta.url)`)
// beside a bundled source is copied beside main.js, where that URL then points; TypeScript a
// thread runs (`*.thread.ts` beside a bundled source) is bundled beside main.js as `*.thread.js`.
import { build } from 'esbuild';
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const name = process.argv[2];
const entry = `apps/${name}/src/main.ts`;
if (!name || !existsSync(entry)) {
  console.error(`usage: node tools/build-app.mjs <app>  (no ${entry})`);
  process.exit(2);
}

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    // Bare imports that are not @querylane/* resolve from node_modules at run time.
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@querylane/') ? undefined : { path: args.path, external: true }));
  },
};

const started = performance.now();
const bundle = (input, outfile) =>
  build({
    entryPoints: [input],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [externalPackages],
    metafile: true,
    logLevel: 'warning',
  });
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
console.log(`built dist/apps/${name}/main.js (${(bytes / 1024).toFixed(0)} KiB) in ${Math.round(performance.now() - started)} ms${extras.length > 0 ? `, with ${extras.join(', ')}` : ''}`);
