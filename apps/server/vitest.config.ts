import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    setupFiles: ['test/helpers/setup.ts'],
    globalSetup: ['test/helpers/reply-validation-summary.ts'],
    pool: 'forks',
    isolate: false,
    // Each file gets its own SQLite files or PostgreSQL schema, so files may run in parallel.
    fileParallelism: true,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
