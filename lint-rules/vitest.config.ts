import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'lint',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    // ESLint's first run loads the parser and the config: a few seconds on a busy machine.
    testTimeout: 60_000,
  },
});
