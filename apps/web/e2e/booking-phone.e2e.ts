import { beforeAll, describe, expect, it } from 'vitest';
import type { TeacherCard } from '@app/contract/teachers';
import { screenshotDir, seriousViolations, skippedHeadingLevels } from './axe.ts';
import {
  loginNewStudent,
  noHorizontalScroll,
  PHONE,
  settle,
  teacherWithLateFreeSlot,
} from './booking-helpers.ts';
import { antdAssets, gotoApp, seedStorage, settingsValue, useBrowser } from './browser.ts';

/**
 * The booking page, its dialog and the timetable at 375 px in the dark theme in both languages,
 * and the timetable's week on a wide screen: axe, no sideways scroll, screenshots. Apart from the
 * booking flows (booking.e2e.ts), which also run against two instances (test-hard/scale-out.test.ts).
 */

const { open } = useBrowser();

let teacher: TeacherCard;

beforeAll(async () => {
  // Read as a visitor: the schedules' free slots are public.
  teacher = (await teacherWithLateFreeSlot()).teacher;
});

describe('booking and timetable at 375 px, dark', () => {
  for (const lang of ['zh-Hans', 'en'] as const) {
    it(`fit a phone without horizontal scroll and pass axe (${lang})`, async () => {
      const { page } = await open({ locale: lang === 'en' ? 'en-US' : 'zh-CN' });
      await seedStorage(page, { LANGUAGE: lang, SETTINGS: settingsValue(true) });
      await gotoApp(page, `/teacher/booking/${teacher.id}`);
      // The header's login button is in the menu on a phone: log in wide, then narrow the window.
      await loginNewStudent(page);
      await page.setViewportSize(PHONE);
      await page.getByTestId('booking-teacher').waitFor();
      await page.getByTestId('slot-grid').waitFor();
      await page.waitForFunction(
        () => !document.querySelector('[data-testid="slot-grid"] [aria-busy="true"]'),
      );
      await noHorizontalScroll(page);
      expect(await seriousViolations(page), 'booking page').toEqual([]);
      expect(await skippedHeadingLevels(page), 'booking page').toEqual([]);
      await page.screenshot({ path: `${screenshotDir}booking-${lang}-dark.png`, fullPage: true });

      const slot = page.getByTestId('slot-free').first();
      if (!(await slot.isVisible())) await page.getByTestId('slots-next-week').click();
      await slot.click();
      await settle(page, 'booking-dialog');
      await page.getByTestId('pay-coin').waitFor();
      expect(await seriousViolations(page), 'booking dialog').toEqual([]);
      await page.screenshot({ path: `${screenshotDir}booking-dialog-${lang}-dark.png` });
      await page.keyboard.press('Escape');

      await gotoApp(page, '/course/index');
      await page.getByTestId('timetable-countdown').waitFor();
      await page.getByTestId('timetable-list').or(page.getByTestId('timetable-empty')).first().waitFor();
      expect(await page.getByTestId('timetable-week').count()).toBe(0);
      // Plain markup: the timetable loads no antd (issue 18).
      await page.waitForLoadState('networkidle');
      expect(await antdAssets(page), '/course/index').toEqual([]);
      await noHorizontalScroll(page);
      expect(await seriousViolations(page), 'timetable').toEqual([]);
      await page.screenshot({ path: `${screenshotDir}timetable-${lang}-dark.png`, fullPage: true });
      // Two pages and a dialog, each checked by axe and photographed: a minute on a busy machine.
    }, 120_000);
  }

  it('shows the week with today marked on a wide screen (zh-Hans, light)', async () => {
    const { page } = await open();
    await seedStorage(page, { LANGUAGE: 'zh-Hans', SETTINGS: settingsValue(false) });
    await gotoApp(page, '/');
    await loginNewStudent(page);
    await gotoApp(page, '/course/index');
    await page.getByTestId('timetable-week').waitFor();
    expect(await page.locator('.ls-tt-day').count()).toBe(7);
    expect(await page.getByTestId('timetable-today').textContent()).toContain('今天');
    expect(await page.getByTestId('timetable-countdown').textContent()).toMatch(/距下节课还有|正在上课|暂无/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}timetable-zh-Hans-light.png`, fullPage: true });
  });
});
