import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { BOOKING_MIN_NOTICE_MINUTES_DEFAULT } from '@app/contract/booking';
import type { Page as ApiPage } from '@app/contract/paging';
import type { TeacherCard, TeacherSchedule } from '@app/contract/teachers';
import type { CoinBalance } from '@app/contract/wallet';
import {
  apiCaller,
  dialog as loginDialog,
  openLoginDialog,
  readSmsCode,
  submitAndWaitForReload,
  uniqueMobile,
} from './auth-helpers.ts';
import { waitForMotionEnd } from './browser.ts';

/** What the booking flows (booking.e2e.ts) and the booking pages at 375 px (booking-phone.e2e.ts) share. */

export const PHONE = { width: 375, height: 740 };
export const DAY = 86_400_000;

let token = '';

export const call = apiCaller(() => token);

export const coins = async () => (await call<CoinBalance>('GET', '/user/coins/getCoinBalance')).coins;

/**
 * Logs a new student in through the header's dialog (SMS code from the outbox; a new phone registers)
 * and keeps its access token for the API calls of this file. The page reloads, as after any login.
 */
export async function loginNewStudent(page: Page): Promise<void> {
  await openLoginDialog(page);
  const mobile = uniqueMobile();
  const d = loginDialog(page);
  await d.getByTestId('login-mobile').fill(mobile);
  await d.getByTestId('get-code').click();
  await d.getByTestId('login-code').fill(await readSmsCode(mobile));
  // The reply's body is read as it passes (the reload after a login discards it from the page).
  let issued = '';
  await page.route('**/api/v1/user/login', async (route) => {
    const reply = await route.fetch();
    issued = ((await reply.json()) as { data: { token: string } }).data.token;
    await route.fulfill({ response: reply });
  });
  await submitAndWaitForReload(page);
  await page.unroute('**/api/v1/user/login');
  expect(issued).not.toBe('');
  token = issued;
}

/** The last listed teacher with a free slot 8-13 days ahead (inside the grid's second week). */
export async function teacherWithLateFreeSlot(): Promise<{ teacher: TeacherCard; free: number }> {
  const list = await call<ApiPage<TeacherCard>>('GET', '/teacher/getTeacherList?current=1&size=30');
  const from = new Date(Date.now() + 8 * DAY).toISOString();
  const to = new Date(Date.now() + 13 * DAY).toISOString();
  for (const teacher of [...list.records].reverse()) {
    const schedule = await call<TeacherSchedule>(
      'GET',
      `/teacher/getTeacherSchedule?teacher_id=${teacher.id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    const free = schedule.slots.filter((s) => s.state === 'free').length;
    if (free > 0) return { teacher, free };
  }
  throw new Error('no teacher has a free slot 8-13 days ahead');
}

/**
 * A free slot that can still be booked and starts within 24 hours (a quarter of an hour's margin at
 * both ends), of any teacher on the first page, or null. The whole window, not less: the demo
 * schedules leave 21 hours without a slot between Sunday evening and Monday evening (Beijing time),
 * so a narrower one (2-23 h) found nothing when the tests ran on a Sunday from 10:30 to 11:00 UTC.
 */
export async function freeSlotWithin24h(): Promise<{ teacherId: number; slotId: number } | null> {
  const list = await call<ApiPage<TeacherCard>>('GET', '/teacher/getTeacherList?current=1&size=30');
  const from = new Date(Date.now() + (BOOKING_MIN_NOTICE_MINUTES_DEFAULT + 15) * 60_000).toISOString();
  const to = new Date(Date.now() + 24 * 3_600_000 - 15 * 60_000).toISOString();
  for (const t of list.records) {
    const schedule = await call<TeacherSchedule>(
      'GET',
      `/teacher/getTeacherSchedule?teacher_id=${t.id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    );
    const free = schedule.slots.find((s) => s.state === 'free');
    if (free) return { teacherId: t.id, slotId: free.id };
  }
  return null;
}

export async function settle(page: Page, testId: string) {
  const el = page.getByTestId(testId);
  await waitForMotionEnd(el);
  return el;
}

export async function noHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}
