import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['services/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Suites mostly wait on PostgreSQL, Kafka and timers. vitest's default on two cores is
    // one worker (cores - 1), which left the machine idle most of a run.
    maxWorkers: 3,
    reporters: ['default'],
  },
});
