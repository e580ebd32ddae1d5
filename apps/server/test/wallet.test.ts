import { describe, expect, it } from 'vitest';
import { CODES } from '@app/contract/codes';
import { message } from '@app/contract/messages';
import type { Page } from '@app/contract/paging';
import type { CardLog, CoinLog, LessonCard } from '@app/contract/wallet';
import { apiUrl, type Lang } from '../../../test-support/http.ts';
import { createStudentSession, dataOf, type StudentSession } from '../../../test-support/students.ts';
import { transportOf } from './helpers/auth.ts';
import { DAY, giveCard, giveCoins, manualClock, wholeMinute, type ManualClock } from './helpers/courses.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The wallet API over HTTP with real sessions: the balance and the coin ledger (type filter, pages),
 * the cards and the card ledger, each student seeing only their own; another student's card is a
 * 404 in the request's language. Ledger rules are proven at service level (wallet-ledgers.test.ts).
 */

const NOW = wholeMinute(Date.now());
const PRICE = 100;

type Ctx = { t: TestApp; clock: ManualClock };

async function setup(): Promise<Ctx> {
  const clock = manualClock(NOW);
  return { t: await createTestApp({ clock }), clock };
}

let ipCounter = 0;

async function student(ctx: Ctx): Promise<StudentSession & { ip: string }> {
  ipCounter++;
  const ip = `192.0.2.${ipCounter}`;
  return { ...(await createStudentSession(transportOf(ctx.t), { ip })), ip };
}

function get(ctx: Ctx, path: string, as?: { token: string; ip: string }, lang?: Lang) {
  return transportOf(ctx.t).request({
    method: 'GET',
    url: apiUrl(path),
    ...(as ? { token: as.token, ip: as.ip } : {}),
    ...(lang ? { lang } : {}),
  });
}

describe('coins', () => {
  it('a new student has 0 coins and no entries', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    expect(dataOf(await get(ctx, '/user/coins/getCoinBalance', s), 'balance')).toEqual({ coins: 0 });
    expect(dataOf(await get(ctx, '/user/coins/getCoinLogs', s), 'logs')).toEqual({
      records: [],
      total: 0,
      current: 1,
      size: 10,
    });
  });

  it('lists entries newest first with the balance after each, filters by type and pages', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const wallet = ctx.t.app.wallet;
    await giveCoins(ctx.t.db, wallet, s.studentId, 500);
    await giveCoins(ctx.t.db, wallet, s.studentId, 200);
    const teacher = await createTeacher(ctx.t.db, { price_coins: PRICE });
    const slotId = await createSlot(ctx.t.db, teacher, { start_at: NOW + 2 * DAY });
    const course = await ctx.t.app.courses.book({ studentId: s.studentId, slotId, payType: 'coin' });

    expect(dataOf(await get(ctx, '/user/coins/getCoinBalance', s), 'balance')).toEqual({ coins: 600 });
    const all = dataOf<Page<CoinLog>>(await get(ctx, '/user/coins/getCoinLogs', s), 'logs');
    expect(all.total).toBe(3);
    expect(all.records.map((l) => [l.type, l.amount, l.balance_after, l.course_id])).toEqual([
      [500, -PRICE, 600, course.id],
      [300, 200, 700, null],
      [300, 500, 500, null],
    ]);

    const recharges = dataOf<Page<CoinLog>>(await get(ctx, '/user/coins/getCoinLogs?type=300', s), 'logs');
    expect(recharges.total).toBe(2);
    expect(recharges.records.every((l) => l.type === 300)).toBe(true);
    const second = dataOf<Page<CoinLog>>(await get(ctx, '/user/coins/getCoinLogs?size=1&current=2', s), 'p2');
    expect(second).toMatchObject({ total: 3, current: 2, size: 1 });
    expect(second.records.map((l) => l.type)).toEqual([300]);
    expect(second.records[0]!.amount).toBe(200);
  });

  it('refuses an unknown log type and bad pages with a 400', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    for (const query of ['type=999', 'type=abc', 'size=0', 'size=101', 'current=0']) {
      const reply = await get(ctx, `/user/coins/getCoinLogs?${query}`, s);
      expect([query, reply.status, reply.envelope?.code]).toEqual([query, 400, CODES.BAD_REQUEST]);
    }
  });

  it("never shows another student's entries", async () => {
    const ctx = await setup();
    const [a, b] = [await student(ctx), await student(ctx)];
    await giveCoins(ctx.t.db, ctx.t.app.wallet, a.studentId, 300);
    expect(dataOf(await get(ctx, '/user/coins/getCoinBalance', b), 'balance')).toEqual({ coins: 0 });
    expect(dataOf<Page<CoinLog>>(await get(ctx, '/user/coins/getCoinLogs', b), 'logs').total).toBe(0);
  });
});

describe('lesson cards', () => {
  it('lists usable cards first with their teacher, lessons and expiry', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const wallet = ctx.t.app.wallet;
    const teacher = await createTeacher(ctx.t.db, { name: 'Ms Card' });
    const expired = await giveCard(ctx.t.db, wallet, s.studentId, { type: 200, expiresAt: NOW - DAY });
    const later = await giveCard(ctx.t.db, wallet, s.studentId, { type: 200, expiresAt: NOW + 60 * DAY });
    const sooner = await giveCard(ctx.t.db, wallet, s.studentId, {
      type: 100,
      teacherId: teacher,
      lessons: 5,
      expiresAt: NOW + 30 * DAY,
    });
    const cards = dataOf<LessonCard[]>(await get(ctx, '/user/cards/getCardList', s), 'cards');
    expect(cards.map((c) => [c.id, c.usable])).toEqual([
      [sooner, true],
      [later, true],
      [expired, false],
    ]);
    expect(cards[0]).toMatchObject({
      type: 100,
      teacher: { id: teacher, name: 'Ms Card' },
      lessons_total: 5,
      lessons_left: 5,
      expires_at: new Date(NOW + 30 * DAY).toISOString(),
    });
    expect(cards[1]!.teacher).toBeNull();
  });

  it('lists card entries of one card or of all, newest first, paged', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const wallet = ctx.t.app.wallet;
    const teacher = await createTeacher(ctx.t.db, { nationality: 'PH' });
    const first = await giveCard(ctx.t.db, wallet, s.studentId, {
      type: 200,
      lessons: 3,
      expiresAt: NOW + 30 * DAY,
    });
    const second = await giveCard(ctx.t.db, wallet, s.studentId, {
      type: 200,
      lessons: 4,
      expiresAt: NOW + 60 * DAY,
    });
    const slotId = await createSlot(ctx.t.db, teacher, { start_at: NOW + 2 * DAY });
    const course = await ctx.t.app.courses.book({
      studentId: s.studentId,
      slotId,
      payType: 'card',
      cardId: first,
    });

    const one = dataOf<Page<CardLog>>(await get(ctx, `/user/cards/getCardLogs?card_id=${first}`, s), 'logs');
    expect(one.records.map((l) => [l.card_id, l.type, l.amount, l.lessons_after, l.course_id])).toEqual([
      [first, 2, -1, 2, course.id],
      [first, 1, 3, 3, null],
    ]);
    const all = dataOf<Page<CardLog>>(await get(ctx, '/user/cards/getCardLogs', s), 'all');
    expect(all.total).toBe(3);
    expect(new Set(all.records.map((l) => l.card_id))).toEqual(new Set([first, second]));
    const page = dataOf<Page<CardLog>>(await get(ctx, '/user/cards/getCardLogs?size=2&current=2', s), 'page');
    expect(page).toMatchObject({ total: 3, current: 2, size: 2 });
    expect(page.records).toHaveLength(1);
  });

  it("another student's card is a 404 in the request's language; their logs are not listed", async () => {
    const ctx = await setup();
    const [owner, other] = [await student(ctx), await student(ctx)];
    const cardId = await giveCard(ctx.t.db, ctx.t.app.wallet, owner.studentId, {
      type: 200,
      expiresAt: NOW + 30 * DAY,
    });
    for (const lang of ['zh-Hans', 'en'] as const) {
      const reply = await get(ctx, `/user/cards/getCardLogs?card_id=${cardId}`, other, lang);
      expect([reply.status, reply.envelope?.code, reply.envelope?.msg]).toEqual([
        404,
        CODES.NOT_FOUND,
        message('wallet.cardNotFound', lang),
      ]);
    }
    const missing = await get(ctx, '/user/cards/getCardLogs?card_id=2000000000', other);
    expect(missing.status).toBe(404);
    expect(dataOf<Page<CardLog>>(await get(ctx, '/user/cards/getCardLogs', other), 'logs').total).toBe(0);
    expect(dataOf<LessonCard[]>(await get(ctx, '/user/cards/getCardList', other), 'cards')).toEqual([]);
  });
});

describe('sessions', () => {
  const paths = [
    '/user/coins/getCoinBalance',
    '/user/coins/getCoinLogs',
    '/user/cards/getCardList',
    '/user/cards/getCardLogs',
  ];

  it('answers 401 without a token and 66666 (HTTP 401) to an expired one', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    for (const path of paths) {
      const visitor = await get(ctx, path);
      expect([path, visitor.status, visitor.envelope?.code]).toEqual([path, 401, CODES.UNAUTHORIZED]);
    }
    ctx.clock.advance((ctx.t.config.ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    for (const path of paths) {
      const expired = await get(ctx, path, s);
      expect([path, expired.status, expired.envelope?.code]).toEqual([path, 401, CODES.TOKEN_EXPIRED]);
    }
  });

  it('never lets a reply be cached', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    for (const path of paths) {
      const reply = await get(ctx, path, s);
      expect([path, reply.status, reply.headers['cache-control'], reply.headers.etag]).toEqual([
        path,
        200,
        'no-store',
        undefined,
      ]);
    }
  });
});
