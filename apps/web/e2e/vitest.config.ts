import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser tests of the web app against the real server (or BASE_URL). */
export default defineConfig({
  test: {
    name: 'e2e',
    // test.root (not the top-level root): the root config's `projects` list only honours this one.
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
