import { describe, expect, it } from 'vitest';
import { loginWithPassword, signUpInBrowser } from './auth-helpers.ts';
import { screenshotDir, seriousViolations } from './axe.ts';
import { gotoApp, seedStorage, settingsValue, useBrowser } from './browser.ts';
import { order, PHONE } from './recharge-helpers.ts';

/**
 * The wallet pages at 375 px in the dark theme (coins, cards, both recharge pages, orders, the
 * payment's waiting state): axe, no sideways scroll, screenshots. Apart from the payment flows
 * (recharge.e2e.ts), which also run against two instances (test-hard/scale-out.test.ts).
 */

const { open } = useBrowser();

describe('the wallet pages at 375 px, dark', () => {
  // The wallet pages at 375 px in the dark theme, in two tests of a few pages each (one test of
  // five pages ran past the minute a test has on a loaded CI machine).
  const fitsPhoneDark = async (pages: [path: string, ready: string][]) => {
    const { page } = await open();
    await seedStorage(page, { LANGUAGE: 'zh-Hans', SETTINGS: settingsValue(true) });
    await gotoApp(page, '/');
    await loginWithPassword(page);
    // Logged in at desktop width (the header's login button), then looked at as a phone.
    await page.setViewportSize(PHONE);
    for (const [path, ready] of pages) {
      const name = path.replace(/\W+/g, '-').replace(/^-|-$/g, '');
      await gotoApp(page, path);
      await page.getByTestId(ready).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), name).toEqual([]);
      await page.screenshot({ path: `${screenshotDir}recharge-${name}-375-dark.png`, fullPage: true });
    }
  };

  it('fits the coin records and the lesson cards at 375 px in dark mode without serious axe violations', async () => {
    await fitsPhoneDark([
      ['/user/coins', 'coin-records'],
      ['/user/cards', 'lesson-cards'],
    ]);
  });

  it('fits both recharge pages and the orders at 375 px in dark mode without serious axe violations', async () => {
    await fitsPhoneDark([
      ['/user/recharge', 'packages'],
      ['/user/recharge?kind=card', 'packages'],
      ['/user/orders', 'order-status-filter'],
    ]);
  });

  it('shows the payment waiting state with its QR code, and the order in the list and its details, at 375 px in dark mode without serious axe violations', async () => {
    const { page } = await open();
    await seedStorage(page, { LANGUAGE: 'en', SETTINGS: settingsValue(true) });
    await signUpInBrowser(page);
    await page.setViewportSize(PHONE);
    await gotoApp(page, '/user/recharge');
    // A narrow desktop browser (its user agent decides, not the width): WeChat Pay shows a QR code.
    await order(page, { method: 'wechat' });
    await page.getByTestId('payment-qr').waitFor();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}recharge-waiting-375-dark.png`, fullPage: true });

    // The orders list with that awaiting order (its pay and close actions) and its details.
    await gotoApp(page, '/user/orders');
    await page.getByTestId('order-row').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), 'orders').toEqual([]);
    await page.screenshot({ path: `${screenshotDir}recharge-orders-rows-375-dark.png`, fullPage: true });
    await page.getByTestId('order-details-button').first().click();
    await page.getByTestId('order-details').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), 'order details').toEqual([]);
  });
});
