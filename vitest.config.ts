import { defineConfig } from 'vitest/config';

// Both tiers keep one module graph per worker instead of loading the app's modules again for each
// test file (isolate: false): that loading was most of their time. The tests keep no state in
// modules (each builds its own app, stores and clock), and an app a file leaves open is closed when
// the file ends (close-apps.setup.ts), so no file's work runs on into the next.
const shared = {
  environment: 'node' as const,
  isolate: false,
  setupFiles: ['tests/support/close-apps.setup.ts'],
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['tests/**/*.unit.test.ts', 'tests/**/*.unit.test.tsx'],
        },
      },
      {
        test: {
          ...shared,
          name: 'int',
          include: ['tests/**/*.int.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Files side by side, one per core: much of this tier waits (a server starting, a slow
          // client cut off after 30 s, a process killed and started again), and each test makes its
          // own app, data folder and free port. Vitest 4 runs cores − 1 files at once by default, which
          // is one file at a time here: two it is. On this 2-core machine: 143 s instead of 238 s.
          fileParallelism: true,
          maxWorkers: 2,
          // The servers and CLIs the tests start run the service compiled once for the run.
          globalSetup: ['tests/support/compiled-service.setup.ts'],
        },
      },
    ],
  },
});
