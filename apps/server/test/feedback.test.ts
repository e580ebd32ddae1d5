import { describe, expect, it } from 'vitest';
import type { FeedbackItem } from '@app/contract/feedback';
import { message } from '@app/contract/messages';
import type { Page } from '@app/contract/paging';
import { createStudentSession, type StudentSession } from '../../../test-support/students.ts';
import type { TokenPair } from '@app/contract/auth';
import { envelope, get, post, transportOf } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** Complaints (issue 15): validation in both languages, login required, the list owner-scoped. */

describe('POST /user/addStudentComplaint', () => {
  it('files a complaint and answers "feedback submitted" in the request language', async () => {
    const t = await createTestApp();
    const s = await createStudentSession(transportOf(t));
    for (const [lang, msg] of [
      ['en', 'Feedback submitted'],
      ['zh-Hans', '反馈已提交'],
    ] as const) {
      const reply = await post(
        t,
        '/user/addStudentComplaint',
        { type: 'teacher', content: '  The teacher was late.  ', mobile: '13800138000' },
        { token: s.token, lang },
      );
      expect(reply.statusCode, reply.body).toBe(200);
      expect(envelope(reply).msg).toBe(msg);
    }
    const list = envelope(await get(t, '/user/other/getFeedbackList', { token: s.token }))
      .data as Page<FeedbackItem>;
    expect(list.total).toBe(2);
    expect(list.records[0]).toMatchObject({
      type: 'teacher',
      content: 'The teacher was late.',
      mobile: '13800138000',
      state: 0,
      reply: null,
      reply_at: null,
    });
  });

  it.each([
    [{ content: 'x' }, 'validation.feedbackTypeRequired'],
    [{ type: 'nonsense', content: 'x' }, 'validation.feedbackTypeRequired'],
    [{ type: 'bug' }, 'validation.feedbackContentRequired'],
    [{ type: 'bug', content: '   ' }, 'validation.feedbackContentRequired'],
    [{ type: 'bug', content: 'x'.repeat(1001) }, 'validation.feedbackContentTooLong'],
    [{ type: 'bug', content: 'x', mobile: '12345' }, 'validation.mobileInvalid'],
  ] as const)('refuses %j with its message in both languages', async (body, key) => {
    const t = await createTestApp();
    const s = await createStudentSession(transportOf(t));
    for (const lang of ['en', 'zh-Hans'] as const) {
      const reply = await post(t, '/user/addStudentComplaint', body, { token: s.token, lang });
      expect(reply.statusCode, reply.body).toBe(400);
      expect(envelope(reply).msg).toBe(message(key, lang));
    }
    expect((await t.db.selectFrom('feedback').selectAll().execute()).length).toBe(0);
  });

  it('accepts 1000 characters and an empty contact; needs a login', async () => {
    const t = await createTestApp();
    const s = await createStudentSession(transportOf(t));
    const ok = await post(
      t,
      '/user/addStudentComplaint',
      { type: 'other', content: 'x'.repeat(1000), mobile: '' },
      { token: s.token },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const visitor = await post(t, '/user/addStudentComplaint', { type: 'other', content: 'x' });
    expect(visitor.statusCode).toBe(401);
    expect((await get(t, '/user/other/getFeedbackList')).statusCode).toBe(401);
  });
});

describe('GET /user/other/getFeedbackList', () => {
  it("lists only the student's own, newest first, paged, with the school's reply and state", async () => {
    const t = await createTestApp();
    const me = await createStudentSession(transportOf(t));
    const other = await createStudentSession(transportOf(t));
    for (let i = 1; i <= 3; i++) {
      await post(t, '/user/addStudentComplaint', { type: 'bug', content: `mine ${i}` }, { token: me.token });
    }
    await post(t, '/user/addStudentComplaint', { type: 'bug', content: 'theirs' }, { token: other.token });
    // The school answers the first one (its back office writes the row).
    const replyAt = Date.UTC(2025, 0, 2, 3, 4, 5);
    await t.db
      .updateTable('feedback')
      .set({ state: 1, reply: 'Fixed, thank you', reply_at: replyAt })
      .where('content', '=', 'mine 1')
      .execute();

    const page1 = envelope(await get(t, '/user/other/getFeedbackList?current=1&size=2', { token: me.token }))
      .data as Page<FeedbackItem>;
    expect(page1).toMatchObject({ total: 3, current: 1, size: 2 });
    expect(page1.records.map((r) => r.content)).toEqual(['mine 3', 'mine 2']);
    const page2 = envelope(await get(t, '/user/other/getFeedbackList?current=2&size=2', { token: me.token }))
      .data as Page<FeedbackItem>;
    expect(page2.records).toEqual([
      expect.objectContaining({
        content: 'mine 1',
        state: 1,
        reply: 'Fixed, thank you',
        reply_at: new Date(replyAt).toISOString(),
      }),
    ]);
    const theirs = envelope(await get(t, '/user/other/getFeedbackList', { token: other.token }))
      .data as Page<FeedbackItem>;
    expect(theirs.records.map((r) => r.content)).toEqual(['theirs']);
  });
});

describe('complaint rate per student', () => {
  const file = (t: TestApp, token: string, lang: 'en' | 'zh-Hans' = 'en') =>
    post(t, '/user/addStudentComplaint', { type: 'other', content: 'Too many?' }, { token, lang });
  /** The session with a new pair (the refresh token rotates), after the clock passed the access token's life. */
  const refreshed = async (t: TestApp, s: StudentSession): Promise<StudentSession> => ({
    ...s,
    ...(envelope(await post(t, '/updateToken', { refreshToken: s.refreshToken })).data as TokenPair),
  });

  it('accepts 5 per hour; the 6th is 429 with retry_after_seconds in the request language', async () => {
    const t = await createTestApp();
    const s = await createStudentSession(transportOf(t));
    const other = await createStudentSession(transportOf(t));
    for (let i = 0; i < 5; i++) {
      expect((await file(t, s.token)).statusCode).toBe(200);
      t.clock.advance(60_000);
    }
    for (const lang of ['en', 'zh-Hans'] as const) {
      const refused = await file(t, s.token, lang);
      expect(refused.statusCode).toBe(429);
      const body = envelope(refused);
      // The first of the 5 (5 minutes ago) leaves the hour 55 minutes from now; the clock runs on,
      // so allow a second of it.
      const wait = (body.data as { retry_after_seconds: number }).retry_after_seconds;
      expect(wait).toBeGreaterThan(55 * 60 - 5);
      expect(wait).toBeLessThanOrEqual(55 * 60);
      expect(body.msg).toBe(message('feedback.hourLimit', lang, { minutes: 55 }));
    }
    expect((await file(t, other.token)).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('feedback')
      .select('id')
      .where('student_id', '=', s.studentId)
      .execute();
    expect(rows).toHaveLength(5);

    t.clock.advance(55 * 60_000);
    expect((await file(t, (await refreshed(t, s)).token)).statusCode).toBe(200);
  });

  it('lets exactly 5 of 12 concurrent complaints through: the database decides', async () => {
    const t = await createTestApp();
    const s = await createStudentSession(transportOf(t));
    const replies = await Promise.all(Array.from({ length: 12 }, () => file(t, s.token)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
    const rows = await t.db
      .selectFrom('feedback')
      .select('id')
      .where('student_id', '=', s.studentId)
      .execute();
    expect(rows).toHaveLength(5);
  });

  it('accepts 20 per rolling day; the 21st waits for the day, in hours', async () => {
    const t = await createTestApp();
    let s = await createStudentSession(transportOf(t));
    for (let hour = 0; hour < 4; hour++) {
      for (let i = 0; i < 5; i++) expect((await file(t, s.token)).statusCode).toBe(200);
      t.clock.advance(61 * 60_000);
      s = await refreshed(t, s);
    }
    // 4 h 4 min after the first: the hour allows more, the day does not.
    for (const lang of ['en', 'zh-Hans'] as const) {
      const refused = await file(t, s.token, lang);
      expect(refused.statusCode).toBe(429);
      const body = envelope(refused);
      expect(body.msg).toBe(message('feedback.dayLimit', lang, { hours: 20 }));
      const wait = (body.data as { retry_after_seconds: number }).retry_after_seconds;
      expect(wait).toBeGreaterThan(19 * 3600);
      expect(wait).toBeLessThanOrEqual(20 * 3600);
    }
  });
});
