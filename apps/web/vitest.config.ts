import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Unit tests of the web app: pure modules under src (no DOM) and the build's own plugins (scripts). */
export default defineConfig({
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    // Property tests are CPU-bound: on a busy 2-core CI machine 5 s is not enough.
    testTimeout: 30_000,
  },
});
