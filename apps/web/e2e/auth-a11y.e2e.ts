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
import { dialog, loginWithPassword, openLoginDialog } from './auth-helpers.ts';
import { screenshotDir, seriousViolations } from './axe.ts';

/** Accessibility (axe: no serious or critical violations) and 375 px screenshots of the accounts UI. */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('accounts accessibility', () => {
  for (const dark of [false, true]) {
    it(`login dialog (SMS, password, register, legal) in ${dark ? 'dark' : 'light'} mode`, async () => {
      const tp = await openPage(browser);
      try {
        await seedStorage(tp.page, { LANGUAGE: 'zh-Hans', SETTINGS: settingsValue(dark) });
        await gotoApp(tp.page, '/');
        await waitForConfig(tp.page);
        await openLoginDialog(tp.page);
        await dialog(tp.page).getByTestId('get-code').click(); // shows the "cannot be empty" error
        // Axe and screenshots see the final colours once the dialog's and the error's motion ended.
        await waitForMotionEnd(dialog(tp.page).getByText('手机号不能为空'));
        expect(await seriousViolations(tp.page)).toEqual([]);
        await dialog(tp.page).getByTestId('login-method-toggle').click();
        await dialog(tp.page).getByTestId('login-password').waitFor();
        expect(await seriousViolations(tp.page)).toEqual([]);
        await dialog(tp.page).getByTestId('login-mode-toggle').click();
        await dialog(tp.page).getByTestId('register-password').waitFor();
        expect(await seriousViolations(tp.page)).toEqual([]);
        await dialog(tp.page).getByTestId('open-privacy').click();
        await waitForMotionEnd(tp.page.getByTestId('legal-privacy'));
        expect(await seriousViolations(tp.page)).toEqual([]);
        expect(tp.errors).toEqual([]);
      } finally {
        await tp.context.close();
      }
      // Four axe scans: 30 s in CI's full run, beyond the default 60 s when the machine is busier.
    }, 120_000);

    it(`logged-in header and avatar menu, and the /login page, in ${dark ? 'dark' : 'light'} mode`, async () => {
      const tp = await openPage(browser);
      try {
        await seedStorage(tp.page, { LANGUAGE: 'zh-Hans', SETTINGS: settingsValue(dark) });
        await gotoApp(tp.page, '/login');
        await waitForConfig(tp.page);
        await waitForMotionEnd(tp.page.getByTestId('login-form'));
        expect(await seriousViolations(tp.page)).toEqual([]);
        await gotoApp(tp.page, '/');
        await loginWithPassword(tp.page);
        await tp.page.getByTestId('user-menu-trigger').click();
        await waitForMotionEnd(tp.page.getByTestId('user-menu'));
        expect(await seriousViolations(tp.page)).toEqual([]);
        // Keyboard: the menu opens from the focused trigger and its entries are reachable.
        await tp.page.keyboard.press('Escape');
        await tp.page.getByTestId('user-menu').waitFor({ state: 'hidden' });
        await tp.page.getByTestId('user-menu-trigger').focus();
        await tp.page.keyboard.press('Enter');
        await tp.page.getByTestId('user-menu').getByRole('menuitem', { name: '个人中心' }).waitFor();
        expect(tp.errors).toEqual([]);
      } finally {
        await tp.context.close();
      }
    });
  }
});

describe('accounts screenshots at 375 px', () => {
  for (const [lang, dark] of [
    ['zh-Hans', false],
    ['en', true],
  ] as const) {
    it(`login dialog and logged-in menu, ${lang} ${dark ? 'dark' : 'light'}`, async () => {
      const tp = await openPage(browser, { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
      try {
        await seedStorage(tp.page, { LANGUAGE: lang, SETTINGS: settingsValue(dark) });
        const suffix = `${lang}-${dark ? 'dark' : 'light'}`;
        await gotoApp(tp.page, '/login');
        await waitForConfig(tp.page);
        await tp.page.getByTestId('demo-hint').waitFor();
        await tp.page.screenshot({ path: `${screenshotDir}login-page-${suffix}.png`, fullPage: true });
        await gotoApp(tp.page, '/');
        await waitForConfig(tp.page);
        await tp.page.getByTestId('hamburger').click();
        await tp.page
          .getByRole('dialog', { name: lang === 'en' ? 'Menu' : '菜单' })
          .getByTestId('login-button')
          .click();
        await dialog(tp.page).getByTestId('demo-hint').waitFor();
        await dialog(tp.page).getByTestId('login-mobile').fill('138001');
        await dialog(tp.page).getByTestId('login-mobile').blur();
        await dialog(tp.page).locator('[aria-invalid="true"]').waitFor();
        await waitForMotionEnd(dialog(tp.page).getByTestId('login-mobile'));
        await tp.page.screenshot({ path: `${screenshotDir}login-dialog-${suffix}.png` });
        const width = await tp.page.evaluate(() => document.scrollingElement!.scrollWidth);
        expect(width).toBeLessThanOrEqual(375);
        await dialog(tp.page).getByTestId('login-method-toggle').click();
        await dialog(tp.page).getByTestId('demo-fill').click();
        const reloaded = tp.page.waitForEvent('load', { timeout: 20_000 });
        await dialog(tp.page).getByTestId('login-submit').click();
        await reloaded;
        await tp.page.getByTestId('hamburger').click();
        const menu = tp.page.getByRole('dialog', { name: lang === 'en' ? 'Menu' : '菜单' });
        await waitForMotionEnd(menu.getByTestId('user-card'));
        await tp.page.screenshot({ path: `${screenshotDir}user-menu-${suffix}.png` });
        expect(tp.errors).toEqual([]);
      } finally {
        await tp.context.close();
      }
    });
  }
});
