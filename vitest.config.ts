import { defineConfig } from 'vitest/config';

// One config for every project: `npm test` runs all of them, `nx test <project>` runs one folder.
export default defineConfig({
  test: {
    include: ['apps/*/test/**/*.spec.ts', 'libs/*/test/**/*.spec.ts', 'tools/test/**/*.spec.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // CI logs name every suite, so they show which backend (pglite/postgres, in-process/kafka, …) ran.
    reporters: process.env.CI ? ['verbose'] : ['default'],
  },
});
