// How Querylane's code is bundled wherever it runs outside the tests: images and `npm start`
// (tools/build-app.mjs) and the in-process benches (tools/run-bundled.mjs). Our workspace libraries
// are bundled; npm packages stay external (DuckDB and PGlite ship native and WASM files beside their
// code), resolved from node_modules at run time. esbuild keeps no function names: tsx's transform
// does (`__name(fn, "…")` around every named closure, a property written each time one is made),
// which costs hot paths such as the question router 15–30 % (docs/decisions.md, "Workspace").
import { build } from 'esbuild';

const externalPackages = {
  name: 'external-packages',
  setup(b) {
    // Bare imports that are not @querylane/* resolve from node_modules at run time.
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@querylane/') ? undefined : { path: args.path, external: true }));
  },
};

/** Bundles `input` (TypeScript or JavaScript) into one ESM file `outfile`, with its source map. */
export function bundle(input, outfile) {
  return build({
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
}
