import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { antdStaticStyle } from './scripts/antd-static-style.ts';
import { buildTheme } from './src/lib/antd/theme.ts';

/** Unit tests of the web app: pure modules under src (no DOM) and the build's own plugins (scripts). */
export default defineConfig({
  // Resolves `virtual:antd-static-styles` (null outside a build) for modules that link antd's styles.
  plugins: [antdStaticStyle({ root: fileURLToPath(new URL('.', import.meta.url)), buildTheme })],
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    // Property tests are CPU-bound: on a busy 2-core CI machine 5 s is not enough.
    testTimeout: 30_000,
  },
});
