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
    ],
    // The browser files run two at a time: the slowest start first (e2e/sequencer.ts).
    sequence: { sequencer: SlowestFirstSequencer },
  },
});
