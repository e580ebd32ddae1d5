// `npm run tokens`: writes src/app/tokens.css from the design tokens (src/lib/design/tokens.ts).
// src/lib/design/tokens.test.ts fails while the file differs from what this would write.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tokensCss } from '../src/lib/design/tokens.ts';

export const TOKENS_CSS = fileURLToPath(new URL('../src/app/tokens.css', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(TOKENS_CSS, tokensCss());
  console.info(`wrote ${TOKENS_CSS}`);
}
