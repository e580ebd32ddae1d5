import { beforeAll, describe, expect, it } from 'vitest';
import type { CourseInfo } from '@app/contract/courses';
import type { ProductList } from '@app/contract/payments';
import type { TeacherCard } from '@app/contract/teachers';
import {
  call,
  coins,
  freeSlotWithin24h,
  loginNewStudent,
  noHorizontalScroll,
  PHONE,
  settle,
  teacherWithLateFreeSlot,
} from './booking-helpers.ts';
import { dialog as loginDialog } from './auth-helpers.ts';
import { screenshotDir, seriousViolations } from './axe.ts';
import { antdAssets, assetFetches, gotoApp, seedStorage, settingsValue, useBrowser } from './browser.ts';

/**
 * The booking page and the timetable (issue 13): the demo student books a free slot with coins on
 * /teacher/booking/{id}, lands on the class page, finds the class in /course/index, cancels it more
 * than 24 h ahead and sees the refund in /user/coins; a visitor sees the grid and is asked to log in
 * on picking a slot (both pages at 375 px, dark, with axe: booking-phone.e2e.ts). Each test logs in a new student of its
 * own (SMS login in the dialog), so nothing here depends on or changes the demo student's data that
 * other files read; the booking student gets its coins as any student does: the dialog's "Recharge
 * coins" link, an order paid at the sandbox cashier page, and the paid order's way back to the slot. The slot is taken from the last teacher with free time in the second
 * week, far from the slots courses.e2e.ts books, so the two files never refuse each other.
 */

const { open } = useBrowser();

let teacher: TeacherCard;

beforeAll(async () => {
  // Read as a visitor: the schedules' free slots are public.
  teacher = (await teacherWithLateFreeSlot()).teacher;
});

describe('booking', () => {
  it('offers a recharge that leads back to the slot, warns of a late slot, books with coins without a "taken" flash, shows it in the timetable, cancels it and shows the refund', async () => {
    const tp = await open({ locale: 'en-US' });
    const { page } = tp;
    await seedStorage(page, { LANGUAGE: 'en', SETTINGS: settingsValue(false) });
    await gotoApp(page, '/');
    await loginNewStudent(page);
    expect(await coins()).toBe(0);
    await gotoApp(page, `/teacher/booking/${teacher.id}`);

    await page.getByTestId('booking-teacher').getByText(teacher.name).waitFor();
    expect(await page.getByTestId('booking-accepted-cards').textContent()).toContain('Cards accepted');
    await page.getByTestId('slots-next-week').click();
    const slot = page.getByTestId('slot-free').last();
    await slot.waitFor();
    const slotId = Number(await slot.getAttribute('data-slot-id'));
    await slot.click();
    expect(new URL(page.url()).searchParams.get('slot')).toBe(String(slotId));

    // No coins and no card: the dialog offers to top up, and the recharge comes back to this slot.
    let dlg = await settle(page, 'booking-dialog');
    await dlg.getByTestId('booking-topup').waitFor();
    expect(await dlg.getByTestId('booking-late-warning').count(), 'a slot 8+ days ahead').toBe(0);
    expect(await page.getByTestId('booking-confirm').isDisabled()).toBe(true);
    const cardHref = new URL((await dlg.getByTestId('booking-buy-card').getAttribute('href'))!, 'http://x');
    expect(cardHref.searchParams.get('teacher')).toBe(String(teacher.id));
    await dlg.getByTestId('booking-recharge').click();
    await page.waitForURL(/\/user\/recharge\?back=/);
    const { products } = await call<ProductList>('GET', '/pay/getProductList?kind=coin');
    const pkg = products
      .filter((p) => p.coins + p.bonus_coins >= teacher.price_coins)
      .sort((a, b) => a.price_fen - b.price_fen)[0]!;
    await page.locator(`[data-testid="package"][data-product-id="${pkg.id}"]`).click();
    await page.getByTestId('pay-method-alipay').click();
    await page.getByTestId('recharge-submit').click();
    // The cashier opens in a tab of its own on a desktop; this page polls and turns to success.
    const cashier = await tp.context.newPage();
    await cashier.goto((await page.getByTestId('payment-redirect').getAttribute('href'))!);
    await cashier.locator('button.primary').click();
    await cashier.waitForLoadState('load');
    await cashier.close();
    await page.getByTestId('payment-return').click({ timeout: 20_000 });
    await page.waitForURL(new RegExp(`/teacher/booking/${teacher.id}\\?slot=${slotId}$`));
    const before = await coins();
    expect(before).toBe(pkg.coins + pkg.bonus_coins);

    // A slot starting within 24 h says before paying that cancelling it refunds nothing (375 px).
    const late = await freeSlotWithin24h();
    expect(late, 'a bookable free slot within 24 h').not.toBeNull();
    if (late) {
      await page.setViewportSize(PHONE);
      await gotoApp(page, `/teacher/booking/${late.teacherId}?slot=${late.slotId}`);
      const warning = (await settle(page, 'booking-dialog')).getByTestId('booking-late-warning');
      await warning.waitFor();
      expect(await warning.textContent()).toContain('less than 24 hours');
      expect(await warning.textContent()).toContain('nothing is refunded');
      await noHorizontalScroll(page);
      await page.screenshot({ path: `${screenshotDir}booking-late-warning-375-en-light.png` });
      await page.setViewportSize({ width: 1280, height: 800 });
      await gotoApp(page, `/teacher/booking/${teacher.id}?slot=${slotId}`);
    }

    dlg = await settle(page, 'booking-dialog');
    expect(await dlg.textContent()).toContain('Cancellation policy');
    expect(await dlg.textContent()).toContain('24 hours');
    expect(await dlg.getByTestId('booking-topup').count()).toBe(0);
    expect(await page.getByTestId('pay-coin-balance').textContent()).toContain(String(before));
    await page.getByTestId('pay-coin').click();
    expect(await page.getByTestId('booking-price').textContent()).toContain(String(teacher.price_coins));

    // Every appearance of the "no longer free" warning is recorded, however short.
    await page.evaluate(() => {
      const seen = window as unknown as { slotGoneSeen: boolean };
      seen.slotGoneSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="booking-slot-gone"]')) seen.slotGoneSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const request = page.waitForRequest((r) => r.url().endsWith('/course/bookCourse'));
    await page.getByTestId('booking-confirm').click();
    const sent = await request;
    expect(sent.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(sent.postData() ?? '{}')).toEqual({ slot_id: slotId, pay_type: 'coin' });
    await page.waitForURL(/\/course\/view\/\d+$/);
    const courseId = Number(/\/course\/view\/(\d+)$/.exec(page.url())![1]);
    await page.getByTestId('course-summary').waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { slotGoneSeen: boolean }).slotGoneSeen),
      'the "no longer free" warning flashed after a successful booking',
    ).toBe(false);
    expect(await coins()).toBe(before - teacher.price_coins);
    const info = await call<CourseInfo>('GET', `/course/getCourseInfo?id=${courseId}`);
    expect(info.slot_id).toBe(slotId);

    // The timetable: the class is in the week that holds it (the next or the one after).
    await gotoApp(page, '/course/index');
    await page.getByTestId('timetable-countdown').waitFor();
    const block = page.locator(`[data-testid="timetable-class"][data-course-id="${courseId}"]`);
    for (let i = 0; i < 3 && !(await block.isVisible()); i++) {
      const answered = page.waitForResponse((r) => r.url().includes('/course/getTimetable'));
      await page.getByTestId('timetable-next').click();
      await answered;
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    }
    await block.waitFor();
    expect(await block.textContent()).toContain(teacher.name);
    expect(await block.textContent()).toContain('Not started');
    await page.screenshot({ path: `${screenshotDir}booking-timetable-en-light.png` });

    // Cancel (more than 24 h ahead): the coins come back, and the coin records show the refund.
    await block.click();
    await page.waitForURL(new RegExp(`/course/view/${courseId}$`));
    await page.getByTestId('cancel-course-button').click();
    const cancel = await settle(page, 'cancel-dialog');
    await cancel.getByTestId('cancel-refund').waitFor();
    await cancel.getByLabel('Personal reasons').check();
    const cancelled = page.waitForResponse((r) => r.url().endsWith('/course/cancelCourse'));
    await page.getByRole('button', { name: 'Confirm cancellation' }).click();
    expect((await cancelled).status()).toBe(200);
    await page.getByTestId('course-cancelled').waitFor();
    expect(await page.getByTestId('course-came-back').textContent()).toBe(
      `${teacher.price_coins} study coins came back to your balance: you cancelled 24 hours or more before the start.`,
    );
    expect(await coins()).toBe(before);

    await gotoApp(page, '/user/coins');
    const refund = page.locator('[data-testid="coin-record"][data-type="600"]').first();
    await refund.waitFor();
    expect(await refund.textContent()).toContain(`+${teacher.price_coins}`);
  });

  it('opens a shared link on a phone without antd, with its data asked at start-up, and asks a visitor to log in on picking a slot', async () => {
    const { page } = await open({ locale: 'en-US' });
    await page.setViewportSize(PHONE);
    await seedStorage(page, { LANGUAGE: 'en', SETTINGS: settingsValue(true) });
    const calls: string[] = [];
    // What became of each call (status or failure), printed when a count is off.
    const outcomes: string[] = [];
    const api = (url: string) => {
      const path = new URL(url).pathname;
      return path.startsWith('/api/v1/user/') || path.startsWith('/api/v1/teacher/') ? path : undefined;
    };
    page.on('request', (r) => {
      const path = api(r.url());
      if (path) calls.push(path);
    });
    page.on('response', (r) => {
      if (api(r.url())) outcomes.push(`${r.status()} ${r.url()}`);
    });
    page.on('requestfailed', (r) => {
      if (api(r.url())) outcomes.push(`${r.failure()?.errorText ?? 'failed'} ${r.url()}`);
    });
    // The page's own code is asked for beside the entry (index.html's preload): even with the
    // entry held back, it goes out.
    await page.route('**/assets/index-*.js', () => undefined);
    const pageCode = page.waitForRequest((r) => /\/assets\/teacher-booking-[\w-]+\.js$/.test(r.url()), {
      timeout: 15_000,
    });
    await page.goto(`/teacher/booking/${teacher.id}`, { waitUntil: 'commit' });
    await pageCode;
    await page.unroute('**/assets/index-*.js');
    // The teacher and both weeks are asked for while the page's code is still on its way: even
    // with that code held back, the three requests go out.
    await page.route('**/assets/teacher-booking-*.js', () => undefined);
    const early = ['/teacher/getTeacherInfo', '/teacher/getTeacherSchedule'].map((path) =>
      page.waitForRequest((r) => new URL(r.url()).pathname.endsWith(path), { timeout: 15_000 }),
    );
    await page.goto(`/teacher/booking/${teacher.id}`, { waitUntil: 'commit' });
    await Promise.all(early);
    await page.unroute('**/assets/teacher-booking-*.js');

    calls.length = 0;
    outcomes.length = 0;
    await gotoApp(page, `/teacher/booking/${teacher.id}`);
    await page.getByTestId('booking-teacher').getByText(teacher.name).waitFor();
    await page.getByTestId('slot-grid').locator('.ls-t-days').waitFor();
    await page.waitForLoadState('networkidle');
    // Each asked once: the page found the start-up replies under its own keys.
    const seen = `calls: ${calls.join(', ')}; outcomes: ${outcomes.join(', ')}`;
    expect(
      calls.filter((p) => p.endsWith('/teacher/getTeacherInfo')),
      seen,
    ).toHaveLength(1);
    expect(
      calls.filter((p) => p.endsWith('/teacher/getTeacherSchedule')),
      seen,
    ).toHaveLength(2);
    // Fetched once: the router used the preloaded code instead of asking for it again.
    expect(await assetFetches(page, /\/assets\/teacher-booking-[\w-]+\.js$/)).toHaveLength(1);
    expect(await antdAssets(page), 'the booking page before a slot is picked').toEqual([]);
    await noHorizontalScroll(page);
    expect(await seriousViolations(page), 'booking page, visitor').toEqual([]);

    const slot = page.getByTestId('slot-free').first();
    if (!(await slot.isVisible())) await page.getByTestId('slots-next-week').click();
    await slot.click();
    // The header's login dialog, and antd's toast saying why.
    await loginDialog(page).getByTestId('login-mobile').waitFor();
    await page.getByText('Please log in to book this class').waitFor();
    expect(new URL(page.url()).searchParams.get('slot')).toMatch(/^\d+$/);
    expect(await page.getByTestId('booking-dialog').count()).toBe(0);
    // Nothing asked of a visitor answers 401 (no wallet calls).
    expect(
      calls.filter((p) => p.startsWith('/api/v1/user/coins') || p.startsWith('/api/v1/user/cards')),
    ).toEqual([]);
  });
});
