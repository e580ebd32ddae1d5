import { describe, expect, it } from 'vitest';
import type { Page } from '@app/contract/paging';
import type { TeacherCard } from '@app/contract/teachers';
import { cachedTimeZoneCount } from '../src/modules/teachers/time-zone.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 11, point 1: `tz` of the teacher list is request input that Intl accepts in any case
 * spelling. Each spelling used to add a formatter (about 25 KB of native memory) to an unbounded
 * cache; now the zone is canonicalised first, so every spelling shares one entry.
 */
const ZONE = 'America/Argentina/ComodRivadavia';
const DAY = 86_400_000;

function randomCase(text: string): string {
  return [...text].map((ch) => (Math.random() < 0.5 ? ch.toLowerCase() : ch.toUpperCase())).join('');
}

async function listIds(t: TestApp, date: string, tz: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/teacher/getTeacherList?size=100&date=${date}&tz=${encodeURIComponent(tz)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Page<TeacherCard> }).data.records.map((r) => r.id);
}

describe('GET /teacher/getTeacherList?tz=', () => {
  it('answers every case spelling of a zone alike, with one cached formatter for all of them', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
    const teacher = await createTeacher(t.db, { name: 'Tz Teacher' });
    // Noon in Argentina (UTC-3, no DST) two days from now.
    const day = new Date(Date.now() + 2 * DAY);
    const start = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 15, 0);
    await createSlot(t.db, teacher, { start_at: start });
    const date = new Date(start).toISOString().slice(0, 10);

    expect(await listIds(t, date, ZONE)).toEqual([teacher]);
    const cached = cachedTimeZoneCount();
    const spellings = new Set<string>();
    while (spellings.size < 1000) spellings.add(randomCase(ZONE));
    for (const tz of spellings) expect(await listIds(t, date, tz)).toEqual([teacher]);
    expect(cachedTimeZoneCount()).toBe(cached);
  }, 60_000);

  it('refuses a zone the runtime does not know with a 400 envelope', async () => {
    const t = await createTestApp();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/teacher/getTeacherList?date=2030-01-01&tz=Mars%2FOlympus_Mons',
      headers: { 'api-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { code: number }).code).toBe(400);
  });
});
