import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpInBrowser } from './auth-helpers.ts';
import { screenshotDir } from './axe.ts';
import { antdAssets, gotoApp, seedStorage, settingsValue, useBrowser } from './browser.ts';
import { order, PHONE } from './recharge-helpers.ts';

/**
 * Recharge and payment (issue 14) and the wallet pages (issue 13) in the browser, against the real
 * server with the default sandbox payment driver: the cashier page signs and posts its notification
 * through the same verification a real provider's takes, and the waiting page sees the order paid.
 * The wallet pages at 375 px in the dark theme: recharge-phone.e2e.ts.
 */

const { open } = useBrowser();

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

const phaseOf = (page: Page) => page.getByTestId('payment-step').getAttribute('data-phase');

describe('recharge and payment', () => {
  it('recharges coins through the sandbox cashier: success, balance, coin records and the paid order', async () => {
    const { page, context } = await open({ locale: 'en-US' });
    await seedStorage(page, { LANGUAGE: 'en', SETTINGS: settingsValue(false) });
    await signUpInBrowser(page);

    // A new student: no coins, no records; the coins page leads to the recharge page.
    await gotoApp(page, '/user/coins');
    await expect.poll(() => page.getByTestId('coin-balance').getAttribute('data-value')).toBe('0');
    await page.getByTestId('coin-records-empty').waitFor();
    await page.getByTestId('coins-buy').click();
    await page.waitForURL(/\/user\/recharge$/);

    const bought = await order(page, { method: 'wechat', bonus: true });
    expect(bought.bonus).toBeGreaterThan(0);
    expect(await phaseOf(page)).toBe('awaiting');
    expect(page.url()).toMatch(/\/user\/recharge\?order_no=\d{16,32}$/);
    const orderNo = (await page.getByTestId('payment-order-no').textContent())!.trim();
    await expect.poll(() => page.getByTestId('payment-countdown').textContent()).toMatch(/1[45]:\d\d/);

    // WeChat Pay on a desktop: a QR code of the sandbox cashier; "scanned" in another tab.
    const qr = await page.getByTestId('payment-qr').getAttribute('data-value');
    expect(qr).toContain(`/api/v1/pay/sandbox/${orderNo}`);
    const cashier = await context.newPage();
    await cashier.goto(qr!);
    await cashier.locator('button.primary').click();
    await cashier.waitForLoadState('load');
    await cashier.close();

    // The waiting page polls the order and turns to success with the new balance.
    await expect.poll(() => phaseOf(page), { timeout: 15_000 }).toBe('paid');
    const total = bought.coins + bought.bonus;
    await expect.poll(() => page.getByTestId('coin-balance').getAttribute('data-value')).toBe(String(total));

    await page.getByTestId('payment-to-wallet').click();
    await page.waitForURL(/\/user\/coins$/);
    await expect.poll(() => page.getByTestId('coin-balance').getAttribute('data-value')).toBe(String(total));
    const records = page.getByTestId('coin-record');
    await expect.poll(() => records.count()).toBe(2);
    const lines = await records.evaluateAll((rows) =>
      rows.map((r) => [
        r.getAttribute('data-type'),
        r.querySelector('[data-testid="record-amount"]')?.getAttribute('data-value'),
      ]),
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        ['300', String(bought.coins)],
        ['800', String(bought.bonus)],
      ]),
    );
    // Credits are green and carry their sign.
    const amount = records.first().getByTestId('record-amount');
    expect(await amount.textContent()).toMatch(/^\+/);
    expect(await amount.getAttribute('class')).toContain('is-credit');

    // The type filter keeps only the bonus line.
    await gotoApp(page, '/user/coins?type=800');
    await expect.poll(() => records.count()).toBe(1);
    expect(await records.first().getAttribute('data-type')).toBe('800');

    // The order is paid on /user/orders, and its details open in the drawer.
    await gotoApp(page, '/user/orders?status=200');
    const row = page.locator(`[data-testid="order-row"][data-order-no="${orderNo}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('200');
    await row.getByTestId('order-details-button').click();
    await page.getByTestId('order-details').waitFor();
    expect(await page.getByTestId('order-detail-status').getAttribute('data-value')).toBe('200');
    expect(await page.getByTestId('order-detail-no').textContent()).toContain(orderNo);
  });

  it('continues paying an awaiting order and closes it after a confirmation', async () => {
    const { page } = await open();
    await seedStorage(page, { LANGUAGE: 'zh-Hans', SETTINGS: settingsValue(false) });
    await signUpInBrowser(page);
    await gotoApp(page, '/user/recharge');
    await order(page, { method: 'alipay' });
    // Alipay on a desktop: the provider's page opens from a button, in this tab (issue 33 §3).
    const go = page.getByTestId('payment-redirect');
    expect(await go.getAttribute('href')).toContain('/api/v1/pay/sandbox/');
    expect(await go.getAttribute('target')).toBeNull();
    const orderNo = (await page.getByTestId('payment-order-no').textContent())!.trim();

    await gotoApp(page, '/user/orders?status=0');
    const row = page.locator(`[data-testid="order-row"][data-order-no="${orderNo}"]`);
    await row.waitFor();
    await row.getByTestId('order-continue').click();
    await page.waitForURL(new RegExp(`/user/recharge\\?order_no=${orderNo}$`));
    await expect.poll(() => phaseOf(page)).toBe('awaiting');

    await gotoApp(page, '/user/orders');
    await row.getByTestId('order-close').click();
    await page.getByTestId('close-order-ok').click();
    await expect.poll(() => row.getAttribute('data-status')).toBe('500');
    expect(await row.getByTestId('order-continue').count()).toBe(0);

    // The payment step of a closed order offers a new one.
    await gotoApp(page, `/user/recharge?order_no=${orderNo}`);
    await expect.poll(() => phaseOf(page)).toBe('closed');
    await page.getByTestId('payment-new-order').click();
    await page.getByTestId('recharge-form').waitFor();
  });

  it('returns from the cashier to the paid order, logged in without "remember me" and at the top of the page', async () => {
    const { page } = await open({ locale: 'en-US' });
    await seedStorage(page, { LANGUAGE: 'en', SETTINGS: settingsValue(false) });
    await signUpInBrowser(page);
    // The session lives in this tab's sessionStorage only.
    expect(await page.evaluate(() => localStorage.getItem('ls-auth'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('ls-auth'))).not.toBeNull();

    // A phone-sized page, scrolled down to the packages, then Alipay's page in this tab.
    await page.setViewportSize(PHONE);
    await gotoApp(page, '/user/recharge');
    await page.getByTestId('recharge-submit').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await order(page, { method: 'alipay' });
    const orderNo = (await page.getByTestId('payment-order-no').textContent())!.trim();
    await page.getByTestId('payment-redirect').click();
    await page.waitForURL(/\/api\/v1\/pay\/sandbox\//);
    // The cashier's own stylesheet applies (its CSP allows it by hash) and it fits the phone.
    expect(await page.locator('main').evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).toBe(
      '12px',
    );
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect((await page.locator('button.primary').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: `${screenshotDir}recharge-cashier-375.png`, fullPage: true });
    await page.locator('button.primary').click();

    // Back on the order's result: logged in, paid, at the top.
    await page.waitForURL(new RegExp(`/user/recharge\\?order_no=${orderNo}$`));
    await expect.poll(() => phaseOf(page), { timeout: 15_000 }).toBe('paid');
    expect(await page.getByTestId('login-dialog').count()).toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The English phone header (with its timetable shortcut) keeps the menu button on screen.
    const menu = (await page.getByTestId('hamburger').boundingBox())!;
    expect(menu.x + menu.width).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${screenshotDir}recharge-returned-375.png` });
  });

  it('offers WeChat Pay only inside the WeChat browser, and says why', async () => {
    const { page } = await open({ userAgent: WECHAT_UA });
    await seedStorage(page, { LANGUAGE: 'zh-Hans', SETTINGS: settingsValue(false) });
    await signUpInBrowser(page);
    await page.setViewportSize(PHONE);
    await gotoApp(page, '/user/recharge');
    await page.getByTestId('pay-methods').waitFor();
    await page.getByTestId('wechat-only').waitFor();
    expect(await page.getByTestId('pay-method-wechat').count()).toBe(1);
    expect(await page.getByTestId('pay-method-alipay').count()).toBe(0);
    // The packages are plain markup: antd loads with the payment step, not before (issue 18).
    await page.waitForLoadState('networkidle');
    expect(await antdAssets(page), '/user/recharge').toEqual([]);
  });

  it('asks for the teacher of an exclusive-teacher card before ordering it', async () => {
    const { page } = await open();
    await seedStorage(page, { LANGUAGE: 'en', SETTINGS: settingsValue(false) });
    await signUpInBrowser(page);
    await gotoApp(page, '/user/recharge?kind=card');
    await page.getByTestId('packages').waitFor();
    // The exclusive cards are the packages that say so.
    const exclusive = page.getByTestId('package').filter({ hasText: 'one teacher you choose' }).first();
    await exclusive.click();
    await page.getByTestId('teacher-picker').waitFor();
    await page.getByTestId('recharge-submit').click();
    await page.getByTestId('teacher-required').waitFor();
    expect(await page.getByTestId('payment-step').count()).toBe(0);

    // A fresh student has no favourites: search by name instead.
    const search = page.getByTestId('teacher-picker').getByRole('searchbox');
    await search.fill('a');
    await search.press('Enter');
    const choice = page.getByTestId('teacher-choice').first();
    await choice.click();
    const name = (await choice.textContent())!.trim();
    expect(await page.getByTestId('teacher-chosen').textContent()).toContain(name);
    await page.getByTestId('recharge-submit').click();
    await page.getByTestId('payment-step').waitFor();
    expect(await page.getByTestId('payment-product').textContent()).toContain(name);
  });
});
