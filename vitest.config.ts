import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/**/*.unit.test.ts', 'tests/**/*.unit.test.tsx'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          include: ['tests/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Integration tests start servers and write files; keep them from fighting over 2 cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
