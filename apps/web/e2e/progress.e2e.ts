import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Progress } from '@app/contract/progress';
import { apiUrl } from '../../../test-support/http.ts';
import { createStudentSession, dataOf } from '../../../test-support/students.ts';
import { api, DEMO, loginWithPassword, signUpInBrowser } from './auth-helpers.ts';
import { screenshotDir, seriousViolations } from './axe.ts';
import { designFacts } from './design-facts.ts';
import { periodDates } from '../src/features/progress/lib/periods.ts';
import { gotoApp, seedStorage, settingsValue, useBrowser } from './browser.ts';

/**
 * "My progress" (issue 37) as the demo student sees it: the figures the API gives, the charts with
 * their tables, the period choice, the print layout, at 1280 px and 375 px in both themes with axe.
 * The history is courses.seed.ts's (weekly classes with reports over the months before).
 */

const { open } = useBrowser();

const WIDE = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

let token = '';

function progressOf(query = ''): Promise<Progress> {
  return api()
    .request({ method: 'GET', url: apiUrl(`/user/getProgress${query}`), token })
    .then((reply) => dataOf<Progress>(reply, '/user/getProgress'));
}

beforeAll(async () => {
  token = (await createStudentSession(api(), { mobile: DEMO.mobile })).token;
});

const figure = (page: Page, id: string) => page.getByTestId(id).locator('.ls-pg-figure-value').textContent();

/** The page fits its width and axe finds nothing serious. */
async function checkPage(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label}: horizontal overflow in px`).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page), label).toEqual([]);
}

/** One date style per language: no ISO date, and in English no US numeric one, drawn anywhere (axes included). */
async function checkDates(page: Page, label: string): Promise<void> {
  const width = (page.viewportSize()?.width ?? 1280) < 600 ? 'phone' : 'desktop';
  const dates = (await designFacts(page, width)).filter((f) => f.rule.startsWith('date written'));
  expect(dates, `${label}: dates in another style`).toEqual([]);
}

/** checkPage, and no chart clipped (a chart may scroll inside its own box). */
async function checkLayout(page: Page, label: string): Promise<void> {
  // No axis clipped: every chart box and every y-axis label is inside the page (a chart with many
  // weeks scrolls in its box, its y axis staying beside it).
  const rects = await page.locator('.ls-pg-chart-box, .ls-pg-y-label').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, width: window.innerWidth };
    }),
  );
  expect(rects.length, label).toBeGreaterThan(2);
  for (const r of rects) {
    expect(r.left, label).toBeGreaterThanOrEqual(0);
    expect(r.right, label).toBeLessThanOrEqual(r.width);
  }
  // Every day label of an axis inside its chart (a wide one as much as a short one).
  const clipped = await page
    .locator('svg.ls-pg-chart text.ls-pg-axis:not(.ls-pg-y-label)')
    .evaluateAll((els) =>
      els
        .filter((el) => {
          const box = (el as SVGTextElement).getBBox();
          const width = (el as SVGTextElement).ownerSVGElement!.width.baseVal.value;
          return box.x < -0.5 || box.x + box.width > width + 0.5;
        })
        .map((el) => el.textContent),
    );
  expect(clipped, `${label}: axis labels cut at a chart's edge`).toEqual([]);
  await checkDates(page, label);
  await checkPage(page, label);
}

describe('my progress', () => {
  it('shows the figures of the API, charts with tables, periods and a print layout, in both themes at 1280 and 375 px', async () => {
    const month = await progressOf();
    const period = periodDates('all', Date.now());
    const all = await progressOf(`?from=${period.from}&to=${period.to}`);
    expect(all.skills.length, 'seeded: reports with several skills').toBeGreaterThan(2);
    expect(all.summary.attended, 'seeded: classes over a few months').toBeGreaterThan(10);

    const { page } = await open({ viewport: WIDE });
    await seedStorage(page, { LANGUAGE: 'en', SETTINGS: settingsValue(false) });
    await gotoApp(page, '/');
    await loginWithPassword(page);

    // Linked from the user centre's navigation.
    await gotoApp(page, '/user/home');
    await page.getByTestId('user-nav').getByRole('link', { name: 'My progress' }).click();
    await page.waitForURL('**/user/progress');
    await page.getByTestId('progress-attended').waitFor();
    expect(await page.title()).toMatch(/^My progress - /);

    // This month's figures, as the API counts them.
    expect(await figure(page, 'progress-attended')).toBe(String(month.summary.attended));
    expect(await figure(page, 'progress-minutes')).toBe(month.summary.minutes.toLocaleString('en'));
    expect(await figure(page, 'progress-teachers')).toBe(String(month.summary.teachers));
    expect(await figure(page, 'progress-streak')).toContain(String(month.summary.streak_weeks));
    expect(await page.getByTestId('progress-weeks-table').locator('tbody tr').count()).toBe(
      month.weeks.length,
    );
    await checkLayout(page, 'light, 1280 px, this month');

    // All time: the last two years, a trend per skill.
    await page.getByRole('link', { name: 'All time', exact: true }).click();
    await page.waitForURL('**/user/progress?period=all');
    await expect.poll(() => figure(page, 'progress-attended')).toBe(String(all.summary.attended));
    const skillsTable = page.getByTestId('progress-skills-table');
    expect(await skillsTable.locator('thead th').count()).toBe(all.skills.length + 1);
    expect(await skillsTable.locator('thead').textContent()).toContain('Pronunciation');
    expect(await page.locator('.ls-pg-series polyline').count()).toBe(all.skills.length);
    await page.getByTestId('progress-latest').waitFor();
    expect(await page.getByTestId('progress-latest').textContent()).toContain(all.latest_report!.homework);
    await page.screenshot({ path: `${screenshotDir}progress-light-1280.png`, fullPage: true });
    // Days in the language's style: the tables' rows and the axes ("28 Nov 2024", "28 Nov").
    const dayWithYear = /^\d{1,2} [A-Z][a-z]{2,3} \d{4}$/;
    expect(await page.getByTestId('progress-weeks-table').locator('tbody th').first().textContent()).toMatch(
      dayWithYear,
    );
    expect(await skillsTable.locator('tbody th').first().textContent()).toMatch(dayWithYear);
    for (const axis of await page
      .locator('.ls-pg-bars text.ls-pg-axis:not(.ls-pg-y-label)')
      .allTextContents())
      expect(axis).toMatch(/^\d{1,2} [A-Z][a-z]{2,3}( \d{4})?$/);

    // The printed report: no navigation, no buttons, the comments of the period.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('user-nav').isVisible()).toBe(false);
    expect(await page.getByTestId('progress-print').isVisible()).toBe(false);
    expect(await page.locator('.ls-pg-comments li').last().isVisible()).toBe(true);
    await checkDates(page, 'print, all time');
    await page.emulateMedia({ media: 'screen' });

    await page.setViewportSize(PHONE);
    await checkLayout(page, 'light, 375 px, all time');

    // Dark mode, both widths.
    await seedStorage(page, { LANGUAGE: 'en', SETTINGS: settingsValue(true) });
    await gotoApp(page, '/user/progress?period=all');
    await page.getByTestId('progress-attended').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await checkLayout(page, 'dark, 375 px, all time');
    await page.screenshot({ path: `${screenshotDir}progress-dark-375.png`, fullPage: true });
    await page.setViewportSize(WIDE);
    await checkLayout(page, 'dark, 1280 px, all time');

    // Chinese: the same days with 年月日 ("2024年11月28日", "11月28日").
    await seedStorage(page, { LANGUAGE: 'zh-Hans', SETTINGS: settingsValue(false) });
    await gotoApp(page, '/user/progress?period=all');
    await page.getByTestId('progress-attended').waitFor();
    expect(await page.getByTestId('progress-weeks-table').locator('tbody th').first().textContent()).toMatch(
      /^\d{4}年\d{1,2}月\d{1,2}日$/,
    );
    for (const axis of await page
      .locator('.ls-pg-chart text.ls-pg-axis:not(.ls-pg-y-label)')
      .allTextContents())
      expect(axis).toMatch(/^(\d{4}年)?\d{1,2}月\d{1,2}日$/);
    await checkLayout(page, 'zh-Hans, 1280 px, all time');
  });

  it('shows a new student what will appear here and a way to book a first class (zh-Hans, 375 px)', async () => {
    const { page } = await open({ viewport: WIDE });
    await seedStorage(page, { LANGUAGE: 'zh-Hans', SETTINGS: settingsValue(false) });
    await signUpInBrowser(page);

    await page.setViewportSize(PHONE);
    await gotoApp(page, '/user/progress');
    const empty = page.getByTestId('progress-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toContain('你的学习进度会显示在这里');
    expect(await page.getByTestId('progress-print').count()).toBe(0);
    const book = empty.getByRole('link', { name: '预约第一节课' });
    expect((await book.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await checkPage(page, 'new student, 375 px');
    await page.screenshot({ path: `${screenshotDir}progress-empty-375.png`, fullPage: true });
    await book.click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
