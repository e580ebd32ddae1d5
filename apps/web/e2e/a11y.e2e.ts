import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gotoApp,
  launchBrowser,
  openPage,
  seedStorage,
  settingsValue,
  waitForConfig,
  waitForMotionEnd,
} from './browser.ts';
import { screenshotDir, seriousViolations } from './axe.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

// The desktop in the dark theme, with no console error: the route walk (a11y-routes-*.e2e.ts) sees
// these screens on the desktop in the light theme and at 375 px in the dark one.
describe('accessibility on the desktop in the dark theme (axe: no serious or critical violations)', () => {
  const pages = [
    ['home', '/'],
    ['404', '/no/such/page'],
    ['placeholder', '/ielts/SpeakingSamples'],
    ['faq', '/help/faq'],
    ['manual', '/help/manual'],
    ['app', '/help/app'],
  ] as const;
  for (const [name, path] of pages) {
    it(`${name} in dark mode`, async () => {
      const tp = await openPage(browser);
      try {
        await seedStorage(tp.page, { LANGUAGE: 'zh-Hans', SETTINGS: settingsValue(true) });
        await gotoApp(tp.page, path);
        await waitForConfig(tp.page);
        expect(await seriousViolations(tp.page)).toEqual([]);
        expect(tp.errors).toEqual([]);
      } finally {
        await tp.context.close();
      }
    });
  }
});

// Each language once and each theme once, the pairs the route walk does not see.
describe('375 px in both languages and themes: axe and screenshots', () => {
  for (const [lang, dark] of [
    ['zh-Hans', false],
    ['en', true],
  ] as const) {
    it(`${lang} ${dark ? 'dark' : 'light'}`, async () => {
      const tp = await openPage(browser, { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
      try {
        await seedStorage(tp.page, { LANGUAGE: lang, SETTINGS: settingsValue(dark) });
        const suffix = `${lang}-${dark ? 'dark' : 'light'}`;
        await gotoApp(tp.page, '/');
        await waitForConfig(tp.page);
        await tp.page.getByTestId('teacher-card').first().waitFor();
        expect(await seriousViolations(tp.page), `home ${suffix}`).toEqual([]);
        await tp.page.screenshot({ path: `${screenshotDir}home-${suffix}.png`, fullPage: true });
        await gotoApp(tp.page, '/no/such/page');
        await tp.page.locator('#not-found-title').waitFor();
        expect(await seriousViolations(tp.page), `404 ${suffix}`).toEqual([]);
        await gotoApp(tp.page, '/teacher/booking/42');
        await tp.page.screenshot({ path: `${screenshotDir}placeholder-${suffix}.png`, fullPage: true });
        await tp.page.getByTestId('hamburger').click();
        // Axe and the screenshot see the drawer once its opening motion has ended.
        await waitForMotionEnd(tp.page.getByRole('dialog', { name: lang === 'en' ? 'Menu' : '菜单' }));
        expect(await seriousViolations(tp.page), `menu ${suffix}`).toEqual([]);
        await tp.page.screenshot({ path: `${screenshotDir}menu-${suffix}.png` });
        expect(tp.errors).toEqual([]);
      } finally {
        await tp.context.close();
      }
    });
  }
});
