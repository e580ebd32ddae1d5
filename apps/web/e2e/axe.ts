import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Where the audits save their 375 px screenshots for a person to look at (git-ignored; ends in /). */
export const screenshotDir = fileURLToPath(new URL('./screenshots/', import.meta.url));
mkdirSync(screenshotDir, { recursive: true });

/** Serious and critical axe violations of the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Judge resting colours, not the hover state of whatever the last click left the pointer on.
  await page.mouse.move(0, 0);
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
