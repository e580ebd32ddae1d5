import { defineConfig } from 'vitest/config';
import { SlowestFirstSequencer } from './apps/web/e2e/sequencer.ts';

// One runner for every suite; `npm test` picks the projects (scripts/test.mjs).
export default defineConfig({
  test: {
    projects: [
      'packages/contract/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/web/e2e/vitest.config.ts',
      'lint-rules/vitest.config.ts',
    ],
    // Unit and API files: two workers (Vitest's default leaves one of two cores idle). On PostgreSQL
    // each worker has a database of its own (apps/server/test/helpers/test-app.ts).
    maxWorkers: 2,
    // The browser files run two at a time: the slowest start first (e2e/sequencer.ts).
    sequence: { sequencer: SlowestFirstSequencer },
  },
});
