import { describe, expect, it } from 'vitest';
import type { FeedbackItem } from '@app/contract/feedback';
import { message } from '@app/contract/messages';
import type { Page } from '@app/contract/paging';
import { createStudentSession } from '../../../test-support/students.ts';
import { envelope, get, post, transportOf } from './helpers/auth.ts';
import { createTestApp } from './helpers/test-app.ts';

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
