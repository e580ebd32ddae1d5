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
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Headings that skip a level after the one before them (an h4 after an h1): axe's `heading-order`,
 * a moderate finding that seriousViolations leaves out but Lighthouse counts against the page.
 */
export async function skippedHeadingLevels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skipped: string[] = [];
    let previous = 0;
    for (const heading of Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'))) {
      // Not drawn (display: none) or hidden from assistive technology: not in the outline.
      if (heading.getClientRects().length === 0 || heading.closest('[aria-hidden="true"]')) continue;
      const level = Number(heading.tagName.slice(1));
      if (previous > 0 && level > previous + 1)
        skipped.push(`h${level} after h${previous}: ${(heading.textContent ?? '').trim().slice(0, 40)}`);
      previous = level;
    }
    return skipped;
  });
}
