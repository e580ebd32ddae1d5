import { describe, expect, it } from 'vitest';
import type { Page } from '@app/contract/paging';
import type { TeacherCard, TeacherInfo, TeacherReview, TeacherSchedule } from '@app/contract/teachers';
import { DEMO_TEACHERS } from '../src/modules/teachers/content/demo-teachers.ts';
import { PUBLIC_CACHE_DEFAULTS } from '../src/http/public-cache.ts';
import { maskNick } from '../src/modules/teachers/teachers.service.ts';
import { NATIONALITIES, TEACHER_LANGUAGES } from '@app/contract/enums';
import { createReview, createSlot, createTeacher } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

async function get<T>(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { 'api-language': 'en', ...headers },
  });
  // A 304 has no body.
  const body = (res.body === '' ? {} : res.json()) as { code: number; data: T; msg: string };
  return { res, body, data: body.data };
}

const list = (t: TestApp, query = '') =>
  get<Page<TeacherCard>>(t, `/teacher/getTeacherList?size=100${query}`);
const names = async (t: TestApp, query = '') => (await list(t, query)).data.records.map((r) => r.name);

/** `days` days from now at hh:mm Beijing time (UTC+8, no DST), and that date as YYYY-MM-DD. */
function beijing(days: number, hour: number, minute = 0) {
  const base = new Date(Date.now() + 8 * HOUR + days * DAY);
  const y = base.getUTCFullYear();
  const m = base.getUTCMonth();
  const d = base.getUTCDate();
  const at = Date.UTC(y, m, d, hour, minute) - 8 * HOUR;
  const date = `${y}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return { at, date };
}

async function threeTeachers(t: TestApp) {
  const ann = await createTeacher(t.db, {
    name: 'Ann Archer',
    nationality: 'GBR',
    languages: ['yingyu'],
    level: 100,
    price_coins: 60,
    rating_x100: 470,
    lesson_count: 300,
    tags: ['ielts', 'grammar'],
  });
  const bo = await createTeacher(t.db, {
    name: 'Bo Park',
    nationality: 'CHN',
    languages: ['hanyu', 'yingyu'],
    level: 200,
    price_coins: 90,
    rating_x100: 490,
    lesson_count: 100,
    tags: ['business'],
  });
  const cruz = await createTeacher(t.db, {
    name: 'Cris Cruz',
    nationality: 'PH',
    languages: ['yingyu'],
    level: 300,
    price_coins: 130,
    rating_x100: 480,
    lesson_count: 900,
    tags: ['kids'],
  });
  return { ann, bo, cruz };
}

describe('GET /teacher/getTeacherList filters', () => {
  it('filters by nationality, language and level', async () => {
    const t = await createTestApp();
    await threeTeachers(t);
    expect(await names(t, '&nationality=PH')).toEqual(['Cris Cruz']);
    expect(await names(t, '&language=hanyu')).toEqual(['Bo Park']);
    expect((await names(t, '&language=yingyu')).sort()).toEqual(['Ann Archer', 'Bo Park', 'Cris Cruz']);
    expect(await names(t, '&level=200')).toEqual(['Bo Park']);
    expect(await names(t, '&level=300&nationality=GBR')).toEqual([]);
  });

  it('refuses unknown enum values with a 400 envelope', async () => {
    const t = await createTestApp();
    for (const query of ['&nationality=XX', '&language=latin', '&level=150', '&sort=name', '&order=up']) {
      const { res, body } = await list(t, query);
      expect(res.statusCode, query).toBe(400);
      expect(body.code).toBe(400);
    }
  });

  it('matches the keyword against the name and tag labels, case-insensitively', async () => {
    const t = await createTestApp();
    await threeTeachers(t);
    expect(await names(t, '&keyword=ARCHER')).toEqual(['Ann Archer']);
    expect(await names(t, '&keyword=park')).toEqual(['Bo Park']);
    expect(await names(t, '&keyword=Business')).toEqual(['Bo Park']);
    expect(await names(t, `&keyword=${encodeURIComponent('少儿')}`)).toEqual(['Cris Cruz']);
    expect(await names(t, '&keyword=ielts')).toEqual(['Ann Archer']);
    // LIKE wildcards in the keyword are literal characters.
    expect(await names(t, '&keyword=%25')).toEqual([]);
    expect(await names(t, '&keyword=_')).toEqual([]);
  });

  it('lists active teachers only', async () => {
    const t = await createTestApp();
    await createTeacher(t.db, { name: 'Gone Teacher', active: false });
    await createTeacher(t.db, { name: 'Here Teacher' });
    expect(await names(t)).toEqual(['Here Teacher']);
  });

  it('finds a free slot on a date, in the student time zone', async () => {
    const t = await createTestApp();
    const { ann, bo } = await threeTeachers(t);
    const slot = beijing(3, 20);
    await createSlot(t.db, ann, { start_at: slot.at });
    await createSlot(t.db, bo, { start_at: slot.at, state: 'booked' });
    expect(await names(t, `&date=${slot.date}&tz=Asia/Shanghai`)).toEqual(['Ann Archer']);
    expect(await names(t, `&date=${beijing(4, 0).date}&tz=Asia/Shanghai`)).toEqual([]);
  });

  it('reads a time-of-day range in the student time zone', async () => {
    const t = await createTestApp();
    const { ann } = await threeTeachers(t);
    // 20:00 Beijing = 07:00 New York (winter) / 08:00 (summer).
    await createSlot(t.db, ann, { start_at: beijing(3, 20).at });
    const range = '&time_from=19:00&time_to=21:00';
    expect(await names(t, `${range}&tz=Asia/Shanghai`)).toEqual(['Ann Archer']);
    expect(await names(t, `${range}&tz=America/New_York`)).toEqual([]);
    // Without tz the school's zone (Asia/Shanghai) is assumed.
    expect(await names(t, range)).toEqual(['Ann Archer']);
    expect(await names(t, `&time_from=20:30&time_to=22:00&tz=Asia/Shanghai`)).toEqual([]);
    // The slot must end inside the range.
    expect(await names(t, `&time_from=19:00&time_to=20:10&tz=Asia/Shanghai`)).toEqual([]);
    const slotDate = beijing(3, 20).date;
    expect(await names(t, `${range}&date=${slotDate}&tz=Asia/Shanghai`)).toEqual(['Ann Archer']);
  });

  it('handles time ranges that cross UTC midnight and zones west of UTC', async () => {
    const t = await createTestApp();
    const { ann, bo } = await threeTeachers(t);
    // 07:00 Beijing is 23:00 UTC the day before; 08:30 Beijing is 00:30 UTC.
    await createSlot(t.db, ann, { start_at: beijing(3, 7).at });
    await createSlot(t.db, bo, { start_at: beijing(4, 8, 30).at });
    expect((await names(t, '&time_from=06:00&time_to=10:00&tz=Asia/Shanghai')).sort()).toEqual([
      'Ann Archer',
      'Bo Park',
    ]);
    expect(await names(t, '&time_from=08:00&time_to=10:00&tz=Asia/Shanghai')).toEqual(['Bo Park']);
    // 07:00 Beijing is 18:00 or 19:00 the evening before in New York (winter / summer time).
    expect(await names(t, '&time_from=17:30&time_to=19:30&tz=America/New_York')).toEqual(['Ann Archer']);
  });

  it('ignores slots that are not bookable: too soon, past, or beyond 14 days', async () => {
    const t = await createTestApp();
    const { ann, bo, cruz } = await threeTeachers(t);
    await createSlot(t.db, ann, { start_at: Date.now() + 30 * 60_000 });
    await createSlot(t.db, bo, { start_at: Date.now() - HOUR });
    await createSlot(t.db, cruz, { start_at: Date.now() + 15 * DAY });
    expect(await names(t, '&time_from=00:00&time_to=24:00')).toEqual([]);
    const cards = (await list(t)).data.records;
    expect(cards.every((c) => c.next_free_at === null)).toBe(true);
  });

  it('refuses an invalid time zone, date or time range with 400', async () => {
    const t = await createTestApp();
    for (const query of [
      '&tz=Mars/Olympus&date=2026-01-01',
      '&tz=Not a zone',
      '&date=2026-02-30',
      '&date=tomorrow',
      '&time_from=25:00',
      '&time_from=21:00&time_to=19:00',
      '&time_to=7pm',
    ]) {
      const { res, body } = await list(t, query);
      expect(res.statusCode, query).toBe(400);
      expect(body.code, query).toBe(400);
    }
  });

  it('gives a visitor asking for favourites only an empty page, not a 401', async () => {
    const t = await createTestApp();
    await threeTeachers(t);
    const { res, data } = await list(t, '&favourites_only=1');
    expect(res.statusCode).toBe(200);
    expect(data).toEqual({ records: [], total: 0, current: 1, size: 100 });
  });
});

describe('GET /teacher/getTeacherList sorting and paging', () => {
  it('sorts by rating, lessons and price in both directions', async () => {
    const t = await createTestApp();
    await threeTeachers(t);
    expect(await names(t)).toEqual(['Bo Park', 'Cris Cruz', 'Ann Archer']);
    expect(await names(t, '&sort=rating&order=asc')).toEqual(['Ann Archer', 'Cris Cruz', 'Bo Park']);
    expect(await names(t, '&sort=lessons')).toEqual(['Cris Cruz', 'Ann Archer', 'Bo Park']);
    expect(await names(t, '&sort=lessons&order=asc')).toEqual(['Bo Park', 'Ann Archer', 'Cris Cruz']);
    expect(await names(t, '&sort=price&order=asc')).toEqual(['Ann Archer', 'Bo Park', 'Cris Cruz']);
    expect(await names(t, '&sort=price&order=desc')).toEqual(['Cris Cruz', 'Bo Park', 'Ann Archer']);
  });

  it('pages stably with total, and beyond the last page returns no records', async () => {
    const t = await createTestApp();
    for (let i = 0; i < 7; i++) await createTeacher(t.db, { name: `Same ${i}`, rating_x100: 450 });
    const pages = [];
    for (const current of [1, 2, 3]) {
      const { data } = await get<Page<TeacherCard>>(t, `/teacher/getTeacherList?current=${current}&size=3`);
      expect(data.total).toBe(7);
      pages.push(...data.records.map((r) => r.id));
    }
    expect(new Set(pages).size).toBe(7);
    const beyond = await get<Page<TeacherCard>>(t, '/teacher/getTeacherList?current=9&size=3');
    expect(beyond.data).toEqual({ records: [], total: 7, current: 9, size: 3 });
  });

  it('refuses page sizes 0 and 101 and page 0', async () => {
    const t = await createTestApp();
    for (const query of ['size=0', 'size=101', 'current=0', 'current=-1', 'size=abc']) {
      const { res } = await get(t, `/teacher/getTeacherList?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('sends card fields: languages, rating as a decimal, tags and the next bookable free slot', async () => {
    const t = await createTestApp();
    const { bo } = await threeTeachers(t);
    const early = Date.now() + 2 * HOUR;
    await createSlot(t.db, bo, { start_at: early + DAY });
    await createSlot(t.db, bo, { start_at: early });
    await createSlot(t.db, bo, { start_at: early - HOUR, state: 'booked' });
    const card = (await list(t, '&keyword=bo')).data.records[0]!;
    expect(card).toMatchObject({
      id: bo,
      name: 'Bo Park',
      nationality: 'CHN',
      languages: ['hanyu', 'yingyu'],
      level: 200,
      price_coins: 90,
      rating: 4.9,
      lesson_count: 100,
      tags: ['business'],
      next_free_at: new Date(early).toISOString(),
      liked: false,
    });
    expect(card.avatar).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('sends an ETag to visitors and answers 304 when it matches', async () => {
    const t = await createTestApp();
    await threeTeachers(t);
    const first = await list(t);
    const etag = first.res.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.res.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/teacher/getTeacherList?size=100',
      headers: { 'api-language': 'en', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /teacher/getTeacherInfo', () => {
  it('returns the profile with intro, radar, accepted card types and the refuses flag', async () => {
    const t = await createTestApp();
    const ph = await createTeacher(t.db, {
      nationality: 'PH',
      intro_en: 'Hello.',
      intro_zh: '你好。',
      intro_video: '/media/intro.mp4',
      refuses_frequent_cancellers: true,
    });
    await createReview(t.db, ph);
    const { res, data } = await get<TeacherInfo>(t, `/teacher/getTeacherInfo?teacher_id=${ph}`);
    expect(res.statusCode).toBe(200);
    expect(data).toMatchObject({
      id: ph,
      intro: { 'zh-Hans': '你好。', en: 'Hello.' },
      intro_video: '/media/intro.mp4',
      radar: { education: 80, experience: 75, interaction: 85, pronunciation: 90, rating: 95 },
      accepted_card_types: [100, 200],
      refuses_frequent_cancellers: true,
      review_count: 1,
      liked: false,
    });
    const us = await createTeacher(t.db, { nationality: 'USA' });
    const other = await get<TeacherInfo>(t, `/teacher/getTeacherInfo?teacher_id=${us}`);
    expect(other.data.accepted_card_types).toEqual([100]);
    expect(other.data.refuses_frequent_cancellers).toBe(false);
  });

  it('answers 404 for an unknown or inactive teacher and 400 for a malformed id', async () => {
    const t = await createTestApp();
    const hidden = await createTeacher(t.db, { active: false });
    for (const id of [999_999, hidden]) {
      const { res, body } = await get(t, `/teacher/getTeacherInfo?teacher_id=${id}`);
      expect(res.statusCode).toBe(404);
      expect(body).toEqual({ code: 404, data: null, msg: 'Teacher not found' });
    }
    for (const id of ['0', 'abc', '99999999999', '']) {
      const { res } = await get(t, `/teacher/getTeacherInfo?teacher_id=${id}`);
      expect(res.statusCode, id).toBe(400);
    }
  });

  it('revalidates with an ETag: 304 while unchanged, 200 after a change', async () => {
    const t = await createTestApp();
    const id = await createTeacher(t.db);
    const first = await get(t, `/teacher/getTeacherInfo?teacher_id=${id}`);
    const etag = first.res.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const headers = { 'if-none-match': etag };
    expect((await get(t, `/teacher/getTeacherInfo?teacher_id=${id}`, headers)).res.statusCode).toBe(304);
    await t.db.updateTable('teacher').set({ price_coins: 99 }).where('id', '=', id).execute();
    // A change made outside this process's writes (the ops CLI, another instance) shows once the
    // public cache's entries expire (http/public-cache.ts).
    t.clock.advance(PUBLIC_CACHE_DEFAULTS.ttlMs);
    expect((await get(t, `/teacher/getTeacherInfo?teacher_id=${id}`, headers)).res.statusCode).toBe(200);
  });
});

describe('GET /teacher/getTeacherSchedule', () => {
  it('lists slots in the range and shows past and too-soon free slots as closed', async () => {
    const t = await createTestApp();
    const id = await createTeacher(t.db);
    const now = Date.now();
    const past = await createSlot(t.db, id, { start_at: now - 2 * HOUR });
    const soon = await createSlot(t.db, id, { start_at: now + 20 * 60_000 });
    const free = await createSlot(t.db, id, { start_at: now + 3 * HOUR, minutes: 50 });
    const booked = await createSlot(t.db, id, { start_at: now + 5 * HOUR, state: 'booked' });
    const closed = await createSlot(t.db, id, { start_at: now + 6 * HOUR, state: 'closed' });
    await createSlot(t.db, id, { start_at: now + 3 * DAY });
    const from = new Date(now - DAY).toISOString();
    const to = new Date(now + DAY).toISOString();
    const { res, data } = await get<TeacherSchedule>(
      t,
      `/teacher/getTeacherSchedule?teacher_id=${id}&from=${from}&to=${to}`,
    );
    expect(res.statusCode).toBe(200);
    expect(data.slots.map((s) => [s.id, s.state])).toEqual([
      [past, 'closed'],
      [soon, 'closed'],
      [free, 'free'],
      [booked, 'booked'],
      [closed, 'closed'],
    ]);
    const freeSlot = data.slots.find((s) => s.id === free)!;
    expect(Date.parse(freeSlot.end) - Date.parse(freeSlot.start)).toBe(50 * 60_000);
    expect(res.headers.etag).toBeTruthy();
  });

  it('revalidates with an ETag: 304 within the minute, a new ETag once the bookable window moves', async () => {
    const t = await createTestApp();
    const id = await createTeacher(t.db);
    await createSlot(t.db, id, { start_at: Date.now() + 3 * HOUR });
    // One second past a whole minute, so both requests fall in the same minute.
    t.clock.advance(60_000 - (t.clock.now() % 60_000) + 1_000);
    const from = new Date(Date.now() - DAY).toISOString();
    const to = new Date(Date.now() + 2 * DAY).toISOString();
    const url = `/teacher/getTeacherSchedule?teacher_id=${id}&from=${from}&to=${to}`;
    const first = await get<TeacherSchedule>(t, url);
    const etag = first.res.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(Date.parse(first.data.bookable_from) % 60_000).toBe(0);
    expect(Date.parse(first.data.bookable_to) % 60_000).toBe(0);
    const again = await get(t, url, { 'if-none-match': etag });
    expect(again.res.statusCode).toBe(304);
    expect(again.res.body).toBe('');
    t.clock.advance(60_000);
    const later = await get<TeacherSchedule>(t, url, { 'if-none-match': etag });
    expect(later.res.statusCode).toBe(200);
    expect(later.res.headers.etag).not.toBe(etag);
    expect(Date.parse(later.data.bookable_from) - Date.parse(first.data.bookable_from)).toBe(60_000);
  });

  it('shows free slots beyond the 14-day booking window as closed', async () => {
    const t = await createTestApp();
    const id = await createTeacher(t.db);
    await createSlot(t.db, id, { start_at: Date.now() + 15 * DAY });
    const from = new Date(Date.now() + 14 * DAY).toISOString();
    const to = new Date(Date.now() + 16 * DAY).toISOString();
    const { data } = await get<TeacherSchedule>(
      t,
      `/teacher/getTeacherSchedule?teacher_id=${id}&from=${from}&to=${to}`,
    );
    expect(data.slots.map((s) => s.state)).toEqual(['closed']);
  });

  it('validates the range: ISO instants, from before to, at most 31 days', async () => {
    const t = await createTestApp();
    const id = await createTeacher(t.db);
    const at = (days: number) => new Date(Date.UTC(2026, 0, 1) + days * DAY).toISOString();
    for (const range of [
      `from=${at(0)}&to=${at(32)}`,
      `from=${at(2)}&to=${at(1)}`,
      `from=${at(1)}&to=${at(1)}`,
      `from=yesterday&to=${at(1)}`,
      `from=${at(0)}`,
      '',
    ]) {
      const { res } = await get(t, `/teacher/getTeacherSchedule?teacher_id=${id}&${range}`);
      expect(res.statusCode, range).toBe(400);
    }
    const ok = await get(t, `/teacher/getTeacherSchedule?teacher_id=${id}&from=${at(0)}&to=${at(31)}`);
    expect(ok.res.statusCode).toBe(200);
    const offset = await get(
      t,
      `/teacher/getTeacherSchedule?teacher_id=${id}&from=2026-01-01T08:00:00%2B08:00&to=2026-01-02T08:00:00%2B08:00`,
    );
    expect(offset.res.statusCode).toBe(200);
    expect((offset.data as TeacherSchedule).from).toBe('2026-01-01T00:00:00.000Z');
  });

  it('answers 404 for an unknown teacher', async () => {
    const t = await createTestApp();
    const { res } = await get(
      t,
      '/teacher/getTeacherSchedule?teacher_id=424242&from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z',
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /teacher/getTeacherReviews', () => {
  it('pages reviews newest first with masked nicks', async () => {
    const t = await createTestApp();
    const id = await createTeacher(t.db);
    const now = Date.now();
    await createReview(t.db, id, { student_nick: '王小明', created_at: now - 3 * DAY, rating: 4 });
    await createReview(t.db, id, { student_nick: 'Lino', created_at: now - DAY, tags: ['fun', 'clear'] });
    await createReview(t.db, id, { student_nick: 'Al', created_at: now - 2 * DAY });
    const { data } = await get<Page<TeacherReview>>(t, `/teacher/getTeacherReviews?teacher_id=${id}&size=2`);
    expect(data.total).toBe(3);
    expect(data.records.map((r) => r.student_nick)).toEqual(['L**o', 'A*']);
    expect(data.records[0]!.tags).toEqual(['fun', 'clear']);
    const second = await get<Page<TeacherReview>>(
      t,
      `/teacher/getTeacherReviews?teacher_id=${id}&size=2&current=2`,
    );
    expect(second.data.records.map((r) => [r.student_nick, r.rating])).toEqual([['王*明', 4]]);
    const beyond = await get<Page<TeacherReview>>(t, `/teacher/getTeacherReviews?teacher_id=${id}&current=5`);
    expect(beyond.data).toEqual({ records: [], total: 3, current: 5, size: 10 });
  });

  it('masks nicks of any length without revealing the middle', () => {
    expect(maskNick('小明')).toBe('小*');
    expect(maskNick('李小明')).toBe('李*明');
    expect(maskNick('Lino')).toBe('L**o');
    expect(maskNick('X')).toBe('*');
    expect(maskNick('')).toBe('*');
    expect(maskNick('Alexandrina')).toBe('A****a');
    expect(maskNick('😀ab😀')).toBe('😀**😀');
  });

  it('answers 404 for an unknown teacher', async () => {
    const t = await createTestApp();
    const { res } = await get(t, '/teacher/getTeacherReviews?teacher_id=31337');
    expect(res.statusCode).toBe(404);
  });
});

describe('demo teachers', () => {
  it('cover every nationality and language of SPEC.md §3 with at least 40 teachers', () => {
    expect(DEMO_TEACHERS.length).toBeGreaterThanOrEqual(40);
    const nationalities = new Set(DEMO_TEACHERS.map((d) => d.nationality));
    expect([...nationalities].sort()).toEqual(NATIONALITIES.map((n) => n.value).sort());
    const languages = new Set(DEMO_TEACHERS.flatMap((d) => d.languages));
    expect([...languages].sort()).toEqual(TEACHER_LANGUAGES.map((l) => l.value).sort());
    expect(new Set(DEMO_TEACHERS.map((d) => d.level)).size).toBe(3);
    expect(DEMO_TEACHERS.some((d) => d.refuses)).toBe(true);
  });

  it('are seeded with the demo data, with bookable slots and reviews', async () => {
    const t = await createTestApp({ env: { SEED_DEMO: '1' } });
    const { data } = await get<Page<TeacherCard>>(t, '/teacher/getTeacherList?size=100');
    expect(data.total).toBe(DEMO_TEACHERS.length);
    expect(data.records.filter((c) => c.next_free_at !== null).length).toBeGreaterThan(
      DEMO_TEACHERS.length / 2,
    );
    const reviews = await get<Page<TeacherReview>>(
      t,
      `/teacher/getTeacherReviews?teacher_id=${data.records[0]!.id}`,
    );
    expect(reviews.data.total).toBeGreaterThanOrEqual(3);
  });
});
