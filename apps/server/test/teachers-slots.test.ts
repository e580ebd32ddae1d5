import { describe, expect, it } from 'vitest';
import type { Page } from '@app/contract/paging';
import type { TeacherCard } from '@app/contract/teachers';
import { appSettingRepository, SETTING_KEYS } from '../src/db/app-setting.repository.ts';
import { demoSlotsFor, topUpDemoSlots } from '../src/modules/teachers/demo-slots.ts';
import { DEMO_TEACHERS_SETTING, seedTeachers } from '../src/modules/teachers/teachers.seed.ts';
import { DEMO_TEACHERS } from '../src/modules/teachers/content/demo-teachers.ts';
import { createTeacher } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

async function slotCount(t: TestApp, teacherId?: number): Promise<number> {
  let q = t.db.selectFrom('teacher_slot').select((eb) => eb.fn.countAll<number>().as('n'));
  if (teacherId !== undefined) q = q.where('teacher_id', '=', teacherId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

async function lastSlotStart(t: TestApp, teacherId: number): Promise<number> {
  const row = await t.db
    .selectFrom('teacher_slot')
    .select((eb) => eb.fn.max<number>('start_at').as('last'))
    .where('teacher_id', '=', teacherId)
    .executeTakeFirstOrThrow();
  return Number(row.last);
}

describe('demo slot top-up', () => {
  it('publishes slots at Beijing evening and weekend times, 25 or 50 minutes long', () => {
    const now = Date.UTC(2026, 10, 16, 0, 0); // Monday 08:00 Beijing
    for (const teacherId of [1, 3]) {
      const slots = demoSlotsFor(teacherId, now, now + 14 * DAY);
      expect(slots.length).toBeGreaterThan(20);
      for (const slot of slots) {
        const local = new Date(slot.start_at + 8 * HOUR);
        const weekend = local.getUTCDay() === 0 || local.getUTCDay() === 6;
        const hour = local.getUTCHours();
        if (weekend) expect(hour >= 9 && hour < 21, local.toISOString()).toBe(true);
        else expect(hour >= 18 && hour < 22, local.toISOString()).toBe(true);
        expect(slot.end_at - slot.start_at).toBe((teacherId === 3 ? 50 : 25) * 60_000);
      }
      expect(slots.some((s) => s.state === 'booked')).toBe(true);
      expect(slots.some((s) => s.state === 'free')).toBe(true);
    }
  });

  it('is idempotent: a second run adds nothing, concurrent runs never duplicate', async () => {
    const t = await createTestApp();
    const demo = await createTeacher(t.db, { is_demo: true });
    const real = await createTeacher(t.db);
    const now = t.clock.now();
    const added = await topUpDemoSlots(t.db, now);
    expect(added).toBeGreaterThan(0);
    expect(await slotCount(t, demo)).toBe(added);
    expect(await slotCount(t, real)).toBe(0);
    expect(await topUpDemoSlots(t.db, now)).toBe(0);
    await Promise.all([topUpDemoSlots(t.db, now), topUpDemoSlots(t.db, now)]);
    expect(await slotCount(t, demo)).toBe(added);
  });

  it('rolls forward as the clock advances, so the next 14 days always have slots', async () => {
    const t = await createTestApp();
    const demo = await createTeacher(t.db, { is_demo: true });
    await topUpDemoSlots(t.db, t.clock.now());
    const firstHorizon = await lastSlotStart(t, demo);
    expect(firstHorizon).toBeGreaterThan(t.clock.now() + 13 * DAY);
    t.clock.advance(3 * DAY);
    const added = await topUpDemoSlots(t.db, t.clock.now());
    expect(added).toBeGreaterThan(0);
    expect(await lastSlotStart(t, demo)).toBeGreaterThan(firstHorizon + 2 * DAY);
    const cards = await t.app.inject({ method: 'GET', url: '/api/v1/teacher/getTeacherList' });
    const card = (cards.json() as { data: Page<TeacherCard> }).data.records[0]!;
    expect(Date.parse(card.next_free_at!)).toBeGreaterThan(t.clock.now());
  });

  it('leaves inactive demo teachers alone', async () => {
    const t = await createTestApp();
    const hidden = await createTeacher(t.db, { is_demo: true, active: false });
    expect(await topUpDemoSlots(t.db, t.clock.now())).toBe(0);
    expect(await slotCount(t, hidden)).toBe(0);
  });

  it('runs when the app starts', async () => {
    const first = await createTestApp();
    const demo = await createTeacher(first.db, { is_demo: true });
    expect(await slotCount(first, demo)).toBe(0);
    await first.close();
    const second = await createTestApp({ reuseDatabaseOf: first });
    expect(await slotCount(second, demo)).toBeGreaterThan(0);
  });
});

describe('demo teacher seed', () => {
  it('inserts the teachers once, whatever the number of runs', async () => {
    const t = await createTestApp();
    expect(await seedTeachers(t.db, Date.now())).toBe(true);
    expect(await seedTeachers(t.db, Date.now())).toBe(false);
    const row = await t.db
      .selectFrom('teacher')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(DEMO_TEACHERS.length);
    expect(await appSettingRepository.find(t.db, DEMO_TEACHERS_SETTING)).toBeDefined();
  });

  it('adds teachers on the next start to an embedded demo database seeded before the feature', async () => {
    const first = await createTestApp();
    await appSettingRepository.insertIfAbsent(first.db, SETTING_KEYS.demoSeeded, '1');
    await first.close();
    const second = await createTestApp({ reuseDatabaseOf: first, env: { SEED_DEMO: undefined } });
    const count = await second.db
      .selectFrom('teacher')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    // Only an embedded (SQLite) database is upgraded without SEED_DEMO=1 (DESIGN.md §2).
    expect(Number(count.n)).toBe(second.dialect === 'sqlite' ? DEMO_TEACHERS.length : 0);
  });
});
