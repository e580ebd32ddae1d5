import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Page } from '@app/contract/paging';
import type { TeacherCard, TeacherSchedule } from '@app/contract/teachers';
import { apiUrl } from '../../../test-support/http.ts';
import { createStudentSession, type StudentSession } from '../../../test-support/students.ts';
import { preferredEncoding } from '../src/http/encoding.ts';
import { createPublicCache, PUBLIC_CACHE_DEFAULTS } from '../src/http/public-cache.ts';
import { transportOf } from './helpers/auth.ts';
import { DAY, giveCoins, manualClock, wholeMinute } from './helpers/courses.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The public reply cache (http/public-cache.ts) over HTTP on the test database (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL): what visitors share, what students never share, the writes
 * that invalidate, the TTL that bounds what other processes change, and the bounds.
 */

const NOW = wholeMinute(Date.now());
const TTL = PUBLIC_CACHE_DEFAULTS.ttlMs;

type Ctx = { t: TestApp; clock: ReturnType<typeof manualClock>; teacher: number };

async function setup(): Promise<Ctx> {
  const clock = manualClock(NOW);
  const t = await createTestApp({ clock });
  const teacher = await createTeacher(t.db, { price_coins: 100 });
  return { t, clock, teacher };
}

type Options = { token?: string; lang?: string; headers?: Record<string, string> };

async function get(ctx: Ctx, path: string, o: Options = {}) {
  const res = await ctx.t.app.inject({
    method: 'GET',
    url: apiUrl(path),
    headers: {
      'api-language': o.lang ?? 'en',
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...o.headers,
    },
  });
  return res;
}

const LIST = '/teacher/getTeacherList?size=100';

async function cardOf(ctx: Ctx, o: Options = {}) {
  const res = await get(ctx, LIST, o);
  expect(res.statusCode, res.body).toBe(200);
  const page = (JSON.parse(res.body) as { data: Page<TeacherCard> }).data;
  return { res, card: page.records.find((c) => c.id === ctx.teacher) };
}

async function scheduleOf(ctx: Ctx, o: Options = {}) {
  const from = new Date(NOW).toISOString();
  const to = new Date(NOW + 7 * DAY).toISOString();
  const res = await get(
    ctx,
    `/teacher/getTeacherSchedule?teacher_id=${ctx.teacher}&from=${from}&to=${to}`,
    o,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { res, schedule: (JSON.parse(res.body) as { data: TeacherSchedule }).data };
}

async function student(ctx: Ctx): Promise<StudentSession> {
  const session = await createStudentSession(transportOf(ctx.t));
  await giveCoins(ctx.t.db, ctx.t.app.wallet, session.studentId, 1_000);
  return session;
}

describe('public reply cache over HTTP', () => {
  it('serves visitors from one entry until a write invalidates it or the TTL ends it', async () => {
    const ctx = await setup();
    const first = await cardOf(ctx);
    expect(first.card).toBeDefined();
    expect(first.res.headers['cache-control']).toBe('no-cache');
    const entries = ctx.t.app.publicCache.stats().entries;
    expect(entries).toBeGreaterThan(0);

    // A change no write of this process made (the ops CLI, another instance): not seen before the TTL…
    await ctx.t.db.updateTable('teacher').set({ price_coins: 150 }).where('id', '=', ctx.teacher).execute();
    const cached = await cardOf(ctx);
    expect(cached.card?.price_coins).toBe(100);
    expect(cached.res.headers.etag).toBe(first.res.headers.etag);
    // …and seen once it has passed.
    ctx.clock.advance(TTL);
    expect((await cardOf(ctx)).card?.price_coins).toBe(150);
  });

  it('shows a like at once in the liker’s own list, never to visitors or another student', async () => {
    const ctx = await setup();
    const liker = await student(ctx);
    const other = await student(ctx);
    expect((await cardOf(ctx)).card?.liked).toBe(false); // the visitors' entry exists

    const like = await ctx.t.app.inject({
      method: 'POST',
      url: apiUrl('/user/UserLikeTeacher'),
      headers: { authorization: `Bearer ${liker.token}` },
      payload: { teacher_id: ctx.teacher, like: true },
    });
    expect(like.statusCode, like.body).toBe(200);

    const own = await cardOf(ctx, { token: liker.token });
    expect(own.card?.liked).toBe(true);
    // A student's reply is theirs: not shared, not stored, no ETag.
    expect(own.res.headers['cache-control']).toBe('no-store');
    expect(own.res.headers.etag).toBeUndefined();
    expect((await cardOf(ctx, { token: other.token })).card?.liked).toBe(false);
    expect((await cardOf(ctx)).card?.liked).toBe(false);
  });

  it('never gives a student the visitors’ entry, nor visitors a student’s reply', async () => {
    const ctx = await setup();
    const liker = await student(ctx);
    await ctx.t.app.inject({
      method: 'POST',
      url: apiUrl('/user/UserLikeTeacher'),
      headers: { authorization: `Bearer ${liker.token}` },
      payload: { teacher_id: ctx.teacher, like: true },
    });
    // The student first: nothing is stored for anyone.
    const before = ctx.t.app.publicCache.stats().entries;
    expect((await cardOf(ctx, { token: liker.token })).card?.liked).toBe(true);
    expect(ctx.t.app.publicCache.stats().entries).toBe(before);
    // A visitor next gets a visitor's reply, then the student still gets their own.
    expect((await cardOf(ctx)).card?.liked).toBe(false);
    expect(ctx.t.app.publicCache.stats().entries).toBe(before + 1);
    expect((await cardOf(ctx, { token: liker.token })).card?.liked).toBe(true);
    // An invalid token on an optional route reads as a visitor and is answered correctly too.
    const invalid = await cardOf(ctx, { token: 'not-a-token' });
    expect(invalid.card?.liked).toBe(false);
  });

  it('a booking and a cancel change the visitors’ list and schedule at once', async () => {
    const ctx = await setup();
    const booker = await student(ctx);
    const slotId = await createSlot(ctx.t.db, ctx.teacher, { start_at: NOW + 2 * DAY, minutes: 25 });
    // A new slot (published by the ops CLI, another process) shows within the TTL.
    ctx.clock.advance(TTL);
    const freeAt = (await cardOf(ctx)).card?.next_free_at;
    expect(freeAt).toBe(new Date(NOW + 2 * DAY).toISOString());
    const slotState = async () => (await scheduleOf(ctx)).schedule.slots.find((s) => s.id === slotId)?.state;
    expect(await slotState()).toBe('free');

    const booked = await ctx.t.app.inject({
      method: 'POST',
      url: apiUrl('/course/bookCourse'),
      headers: { authorization: `Bearer ${booker.token}` },
      payload: { slot_id: slotId, pay_type: 'coin' },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect((await cardOf(ctx)).card?.next_free_at).toBeNull();
    expect(await slotState()).toBe('booked');

    const courseId = (JSON.parse(booked.body) as { data: { id: number } }).data.id;
    const cancelled = await ctx.t.app.inject({
      method: 'POST',
      url: apiUrl('/course/cancelCourse'),
      headers: { authorization: `Bearer ${booker.token}` },
      payload: { id: courseId, reason: 'personal' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await cardOf(ctx)).card?.next_free_at).toBe(freeAt);
    expect(await slotState()).toBe('free');
  });

  it('keeps language variants apart', async () => {
    const ctx = await setup();
    const path = '/dict/student.feedback.type';
    const en = await get(ctx, path, { lang: 'en' });
    const zh = await get(ctx, path, { lang: 'zh-Hans' });
    expect(en.body).not.toBe(zh.body);
    expect((await get(ctx, path, { lang: 'en' })).body).toBe(en.body);
    expect((await get(ctx, path, { lang: 'zh-Hans' })).body).toBe(zh.body);
    expect((await get(ctx, path, { lang: 'zh-Hans' })).headers.vary).toContain('api-language');
  });

  it('shares an entry between orders of the same query and answers 304 from it', async () => {
    const ctx = await setup();
    const a = await get(ctx, '/teacher/getTeacherList?size=20&sort=price');
    const entries = ctx.t.app.publicCache.stats().entries;
    const b = await get(ctx, '/teacher/getTeacherList?sort=price&size=20');
    expect(b.body).toBe(a.body);
    expect(ctx.t.app.publicCache.stats().entries).toBe(entries);
    const revalidated = await get(ctx, '/teacher/getTeacherList?sort=price&size=20', {
      headers: { 'if-none-match': String(a.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('sends the kept Brotli copy with the ETag of the plain JSON', async () => {
    const ctx = await setup();
    for (let i = 0; i < 5; i++) await createTeacher(ctx.t.db);
    const plain = await get(ctx, '/teacher/getTeacherList?size=20');
    expect(plain.body.length).toBeGreaterThan(1024); // compressed above 1 KB
    for (let i = 0; i < 2; i++) {
      const br = await ctx.t.app.inject({
        method: 'GET',
        url: apiUrl('/teacher/getTeacherList?size=20'),
        headers: { 'api-language': 'en', 'accept-encoding': 'gzip, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(br.headers.etag).toBe(plain.headers.etag);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('does not cache failures', async () => {
    const ctx = await setup();
    const before = ctx.t.app.publicCache.stats().entries;
    expect((await get(ctx, '/dict/no.such.dict')).statusCode).toBe(404);
    expect((await get(ctx, '/teacher/getTeacherInfo?teacher_id=abc')).statusCode).toBe(400);
    expect(ctx.t.app.publicCache.stats().entries).toBe(before);
  });
});

describe('public reply cache: bounds and coherence', () => {
  const headers = { contentType: 'application/json', vary: 'api-language' };
  const body = (n: number) => Buffer.from('x'.repeat(n));

  it('holds at most maxEntries, dropping the least recently used', () => {
    const clock = manualClock(0);
    const cache = createPublicCache(clock, { ttlMs: 1_000, maxEntries: 3, maxBytes: 1e6 });
    for (const key of ['a', 'b', 'c']) cache.set(key, ['t'], body(10), headers, cache.snapshot());
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    cache.set('d', ['t'], body(10), headers, cache.snapshot());
    expect(cache.stats().entries).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
  });

  it('holds at most maxBytes, compressed copies included, and refuses an entry larger than that', () => {
    const cache = createPublicCache(manualClock(0), { ttlMs: 1_000, maxEntries: 100, maxBytes: 5_000 });
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, ['t'], body(1_000), headers, cache.snapshot());
    expect(cache.stats().bytes).toBeLessThanOrEqual(5_000);
    expect(cache.stats().entries).toBeLessThan(10);
    const entry = cache.get('k9')!;
    cache.encoded(entry, 'gzip');
    expect(cache.stats().bytes).toBeLessThanOrEqual(5_000);
    cache.set('huge', ['t'], body(6_000), headers, cache.snapshot());
    expect(cache.get('huge')).toBeUndefined();
  });

  it('expires entries after the TTL', () => {
    const clock = manualClock(0);
    const cache = createPublicCache(clock, { ttlMs: 1_000, maxEntries: 10, maxBytes: 1e6 });
    cache.set('a', ['t'], body(10), headers, cache.snapshot());
    clock.advance(999);
    expect(cache.get('a')).toBeDefined();
    clock.advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('invalidates by tag and does not keep a reply computed before an invalidation', () => {
    const cache = createPublicCache(manualClock(0), { ttlMs: 1_000, maxEntries: 10, maxBytes: 1e6 });
    cache.set('list', ['teachers'], body(10), headers, cache.snapshot());
    cache.set('dict', ['dict'], body(10), headers, cache.snapshot());
    const before = cache.snapshot(); // a read starts…
    cache.invalidate(['teachers']); // …a booking commits and invalidates…
    expect(cache.get('list')).toBeUndefined();
    expect(cache.get('dict')).toBeDefined();
    cache.set('list', ['teachers'], body(10), headers, before); // …the read ends: not kept
    expect(cache.get('list')).toBeUndefined();
  });

  it('lets one request compute a missing entry while the others wait for it', () => {
    const clock = manualClock(0);
    const cache = createPublicCache(clock, { ttlMs: 1_000, maxEntries: 10, maxBytes: 1e6 });
    const ready = () => {};
    expect(cache.begin('a', ready)).toEqual({ lead: true });
    expect(cache.begin('a', ready)).toEqual({ wait: true });
    cache.set('a', ['t'], body(10), headers, cache.snapshot());
    cache.finish('a');
    expect('entry' in cache.begin('a', ready)).toBe(true);
    // Near the end of its life one request refreshes it; the others are still served.
    clock.advance(900);
    expect(cache.begin('a', ready)).toEqual({ lead: true });
    expect('entry' in cache.begin('a', ready)).toBe(true);
  });

  it('picks the encoding the compression hook would', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
