import { describe, expect, it } from 'vitest';
import type { Page } from '@app/contract/paging';
import type { TeacherCard, TeacherInfo } from '@app/contract/teachers';
import { envelope, get, loginBySms, post } from './helpers/auth.ts';
import { createTeacher } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

async function like(t: TestApp, token: string, teacherId: number, extra: object = {}) {
  return post(t, '/user/UserLikeTeacher', { teacher_id: teacherId, ...extra }, { token });
}

async function ids(t: TestApp, token: string): Promise<number[]> {
  const reply = await get(t, '/user/getUserLikeTeachersIds', { token });
  expect(reply.statusCode, reply.body).toBe(200);
  return envelope(reply).data as number[];
}

describe('favourite teachers (SPEC.md §7)', () => {
  it('toggles a favourite on and off with "operation complete"', async () => {
    const t = await createTestApp();
    const { token } = await loginBySms(t);
    const teacher = await createTeacher(t.db);
    const on = await like(t, token, teacher);
    expect(on.statusCode).toBe(200);
    expect(envelope(on)).toEqual({ code: 200, data: { liked: true }, msg: 'Operation complete' });
    expect(await ids(t, token)).toEqual([teacher]);
    const off = await post(t, '/user/UserLikeTeacher', { teacher_id: teacher }, { token, lang: 'zh-Hans' });
    expect(envelope(off)).toEqual({ code: 200, data: { liked: false }, msg: '操作完成' });
    expect(await ids(t, token)).toEqual([]);
  });

  it('sets the state idempotently when `like` is given', async () => {
    const t = await createTestApp();
    const { token } = await loginBySms(t);
    const teacher = await createTeacher(t.db);
    for (let i = 0; i < 2; i++)
      expect(envelope(await like(t, token, teacher, { like: true })).data).toEqual({ liked: true });
    expect(await ids(t, token)).toEqual([teacher]);
    for (let i = 0; i < 2; i++)
      expect(envelope(await like(t, token, teacher, { like: false })).data).toEqual({ liked: false });
    expect(await ids(t, token)).toEqual([]);
  });

  it('keeps one row per pair under concurrent likes', async () => {
    const t = await createTestApp();
    const { token } = await loginBySms(t);
    const teacher = await createTeacher(t.db);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => like(t, token, teacher, { like: true })),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await t.db
      .selectFrom('favourite_teacher')
      .selectAll()
      .where('teacher_id', '=', teacher)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('lists favourites paged as teacher cards, most recently liked first, with liked = true', async () => {
    const t = await createTestApp();
    const { token } = await loginBySms(t);
    const liked: number[] = [];
    for (let i = 0; i < 12; i++) {
      const id = await createTeacher(t.db, { name: `Fav ${i}` });
      liked.push(id);
      await t.db
        .insertInto('favourite_teacher')
        .values({ student_id: (await studentIdOf(t, token))!, teacher_id: id, created_at: 1_000 + i })
        .execute();
    }
    await createTeacher(t.db, { name: 'Not liked' });
    const first = await get(t, '/user/getLikeTeacherList', { token });
    expect(first.statusCode).toBe(200);
    const page = envelope(first).data as Page<TeacherCard>;
    expect(page.total).toBe(12);
    expect(page.size).toBe(10);
    expect(page.current).toBe(1);
    expect(page.records.map((r) => r.id)).toEqual(liked.slice().reverse().slice(0, 10));
    expect(page.records.every((r) => r.liked)).toBe(true);
    const second = envelope(await get(t, '/user/getLikeTeacherList?current=2', { token }))
      .data as Page<TeacherCard>;
    expect(second.records.map((r) => r.id)).toEqual([liked[1], liked[0]]);
    expect((await get(t, '/user/getLikeTeacherList?size=101', { token })).statusCode).toBe(400);
  });

  it('marks liked teachers in the public list and profile for the logged-in student only', async () => {
    const t = await createTestApp();
    const { token } = await loginBySms(t);
    const a = await createTeacher(t.db, { name: 'Liked One', rating_x100: 490 });
    const b = await createTeacher(t.db, { name: 'Other One', rating_x100: 400 });
    await like(t, token, a);
    const mine = envelope(await get(t, '/teacher/getTeacherList', { token })).data as Page<TeacherCard>;
    expect(mine.records.map((r) => [r.id, r.liked])).toEqual([
      [a, true],
      [b, false],
    ]);
    const onlyMine = envelope(await get(t, '/teacher/getTeacherList?favourites_only=1', { token }))
      .data as Page<TeacherCard>;
    expect(onlyMine.records.map((r) => r.id)).toEqual([a]);
    expect(onlyMine.total).toBe(1);
    const profile = await get(t, `/teacher/getTeacherInfo?teacher_id=${a}`, { token });
    expect((envelope(profile).data as TeacherInfo).liked).toBe(true);
    // Personal replies are never cached; the visitor's version is.
    expect(profile.headers['cache-control']).toBe('no-store');
    expect(profile.headers.etag).toBeUndefined();
    const visitor = await get(t, `/teacher/getTeacherInfo?teacher_id=${a}`);
    expect((envelope(visitor).data as TeacherInfo).liked).toBe(false);
    expect(visitor.headers.etag).toBeTruthy();
    const listed = await get(t, '/teacher/getTeacherList', { token });
    expect(listed.headers['cache-control']).toBe('no-store');
    expect(listed.headers.etag).toBeUndefined();
  });

  it("does not show another student's favourites", async () => {
    const t = await createTestApp();
    const alice = await loginBySms(t);
    const bob = await loginBySms(t);
    const teacher = await createTeacher(t.db);
    await like(t, alice.token, teacher);
    expect(await ids(t, bob.token)).toEqual([]);
    const bobList = envelope(await get(t, '/user/getLikeTeacherList', { token: bob.token }))
      .data as Page<TeacherCard>;
    expect(bobList.total).toBe(0);
    const bobCards = envelope(await get(t, '/teacher/getTeacherList', { token: bob.token }))
      .data as Page<TeacherCard>;
    expect(bobCards.records[0]!.liked).toBe(false);
    const bobFavs = envelope(
      await get(t, '/teacher/getTeacherList?favourites_only=true', { token: bob.token }),
    ).data as Page<TeacherCard>;
    expect(bobFavs.total).toBe(0);
    // Bob toggling the same teacher adds his own favourite, leaving Alice's in place.
    expect(envelope(await like(t, bob.token, teacher)).data).toEqual({ liked: true });
    expect(await ids(t, alice.token)).toEqual([teacher]);
  });

  it('needs a login: a visitor gets the 401 envelope on every favourites call', async () => {
    const t = await createTestApp();
    const teacher = await createTeacher(t.db);
    for (const reply of [
      await get(t, '/user/getUserLikeTeachersIds'),
      await get(t, '/user/getLikeTeacherList'),
      await post(t, '/user/UserLikeTeacher', { teacher_id: teacher }),
    ]) {
      expect(reply.statusCode).toBe(401);
      expect(envelope(reply).code).toBe(401);
      expect(envelope(reply).data).toBeNull();
    }
  });

  it('reads a broken token on a public page as a visitor, never 401', async () => {
    const t = await createTestApp();
    await createTeacher(t.db);
    const reply = await get(t, '/teacher/getTeacherList', { token: 'not-a-token' });
    expect(reply.statusCode).toBe(200);
    expect((envelope(reply).data as Page<TeacherCard>).records[0]!.liked).toBe(false);
  });

  it('answers 404 for liking an unknown or inactive teacher and 400 for a malformed body', async () => {
    const t = await createTestApp();
    const { token } = await loginBySms(t);
    const inactive = await createTeacher(t.db, { active: false });
    for (const id of [987_654, inactive]) {
      const reply = await like(t, token, id);
      expect(reply.statusCode).toBe(404);
      expect(envelope(reply)).toMatchObject({ code: 404, data: null });
    }
    for (const body of [{}, { teacher_id: 'x' }, { teacher_id: 0 }, { teacher_id: 1, like: 'yes' }]) {
      const reply = await post(t, '/user/UserLikeTeacher', body, { token });
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('drops a teacher from the favourites ids once inactive, and lets the student remove it', async () => {
    const t = await createTestApp();
    const { token } = await loginBySms(t);
    const teacher = await createTeacher(t.db);
    await like(t, token, teacher);
    await t.db.updateTable('teacher').set({ active: 0 }).where('id', '=', teacher).execute();
    expect(await ids(t, token)).toEqual([]);
    expect(envelope(await like(t, token, teacher)).data).toEqual({ liked: false });
    expect(await t.db.selectFrom('favourite_teacher').selectAll().execute()).toEqual([]);
  });
});

async function studentIdOf(t: TestApp, token: string): Promise<number | undefined> {
  const reply = await get(t, '/user/getUserInfo', { token });
  const data = envelope(reply).data as { student_id?: number } | null;
  return data?.student_id;
}
