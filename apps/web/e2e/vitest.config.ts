import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { workerCount } from './servers.ts';

/** Browser tests of the web app against the real server (or BASE_URL). */
export default defineConfig({
  test: {
    name: 'e2e',
    // test.root (not the top-level root): the root config's `projects` list only honours this one.
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    // Files run in parallel, one worker per server under test (servers.ts): no shared state.
    fileParallelism: workerCount() > 1,
    maxWorkers: workerCount(),
    // A minute on a developer's machine; in CI a minute and a half, where a slow host under the
    // suite's own load has taken 60 s for a test that takes 28 s here (a timeout is for a hang).
    testTimeout: process.env.CI ? 90_000 : 60_000,
    // In CI a browser test may run once more after a failure; every test that passed only then is
    // printed as flaky (flaky-reporter.ts, added by scripts/test.mjs) to be made steady next.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 120_000,
  },
});
