import { defineConfig } from 'vitest/config';

// `npm run test:hard`: the robustness suite (docs/quality.md "Robustness"). HARD_PROFILE=ci runs the
// CI-sized variant (fewer generated inputs, fewer kills); the full run is the default.
export default defineConfig({
  test: {
    name: 'hard',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    pool: 'forks',
    // The crash test starts its own servers and the fuzz test is CPU-bound: one file at a time, so
    // timings (and the kill moments) do not depend on what runs beside them.
    fileParallelism: false,
    testTimeout: 30 * 60_000,
    hookTimeout: 120_000,
  },
});
