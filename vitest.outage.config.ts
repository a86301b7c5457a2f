// The suites that stop shared real parts (see vitest.config.ts), one file at a time and alone:
// `npx vitest run --config vitest.outage.config.ts`, with nothing else using the parts meanwhile.
import { configDefaults, defineConfig } from 'vitest/config';
import base, { outageSuites } from './vitest.config.js';

export default defineConfig({
  test: {
    ...base.test,
    include: outageSuites,
    exclude: configDefaults.exclude,
    fileParallelism: false,
  },
});
