import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Suites under test/outage/ stop shared real parts (the Kafka broker) while they run. `npm test`
 * runs every other file at once in parallel forks, many of them on that broker, so those suites are
 * left out here and run alone with vitest.outage.config.ts (`.ci/run` does, after the main run).
 */
export const outageSuites = ['apps/*/test/outage/**/*.spec.ts'];

// One config for every project: `npm test` runs all of them, `nx test <project>` runs one folder.
export default defineConfig({
  test: {
    include: ['apps/*/test/**/*.spec.ts', 'libs/*/test/**/*.spec.ts', 'tools/test/**/*.spec.ts'],
    exclude: [...configDefaults.exclude, ...outageSuites],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // CI logs name every suite, so they show which backend (pglite/postgres, in-process/kafka, …) ran.
    reporters: process.env.CI ? ['verbose'] : ['default'],
  },
});
