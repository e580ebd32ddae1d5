import { defineConfig } from 'vitest/config';

// One runner for every suite; `npm test` picks the projects (scripts/test.mjs).
export default defineConfig({
  test: {
    projects: [
      'packages/contract/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/e2e/vitest.config.ts',
    ],
  },
});
