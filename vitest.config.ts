import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['services/**/*.test.ts', 'streams/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Suites mostly wait on PostgreSQL, Kafka and timers. vitest's default on two cores is
    // one worker (cores - 1), which left the machine idle most of a run.
    maxWorkers: 3,
    // Each worker runs its files one after another in one module graph. Isolated, every
    // file re-imported the service (fastify, openapi-backend, kafkajs, the OpenAPI
    // document): 1,025 s of a 2,602 s run on the two-core CI machine, 58 s without.
    // So a test must not depend on a fresh module: inject what it needs to observe
    // (the cursor codec takes its HMAC function) rather than vi.mock a module.
    isolate: false,
    reporters: ['default', './test/support/unfinished-files-reporter.ts'],
    // The browser tests and the processes-and-streams tests poll for what another process
    // does; vitest's default of 1 s is a timed assertion on a loaded machine.
    expect: { poll: { timeout: 15_000 } },
  },
});
