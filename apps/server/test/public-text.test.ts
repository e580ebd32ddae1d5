import { describe, expect, it } from 'vitest';
import type { CourseItem } from '@app/contract/courses';
import type { FeedbackItem } from '@app/contract/feedback';
import { message } from '@app/contract/messages';
import type { Page } from '@app/contract/paging';
import type { TeacherReview } from '@app/contract/teachers';
import type { UserProfile } from '@app/contract/users';
import { apiUrl, type ApiRequest, type Lang } from '../../../test-support/http.ts';
import { createStudentSession, dataOf, type StudentSession } from '../../../test-support/students.ts';
import { transportOf } from './helpers/auth.ts';
import { DAY, HOUR, giveCoins, manualClock, wholeMinute, type ManualClock } from './helpers/courses.ts';
import { createReview, createSlot, createTeacher } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 32 §5: free text other people see (the nick shown with public reviews, a review, a
 * complaint, a cancellation remark) refuses control characters and the bidirectional overrides
 * and isolates, with a message in the request's language; multi-line texts keep line feeds and
 * tabs. Reviews stored before the rule are cleaned where the public sees them.
 */

const NOW = wholeMinute(Date.now());

type Ctx = { t: TestApp; clock: ManualClock; s: StudentSession };

async function setup(): Promise<Ctx> {
  const clock = manualClock(NOW);
  const t = await createTestApp({ clock });
  const s = await createStudentSession(transportOf(t));
  return { t, clock, s };
}

function call(ctx: Ctx, method: ApiRequest['method'], path: string, body?: unknown, lang?: Lang) {
  return transportOf(ctx.t).request({
    method,
    url: apiUrl(path),
    ...(body === undefined ? {} : { body }),
    token: ctx.s.token,
    ...(lang ? { lang } : {}),
  });
}

async function expectUnsafeText(ctx: Ctx, path: string, body: Record<string, unknown>) {
  for (const lang of ['zh-Hans', 'en'] as const) {
    const reply = await call(ctx, 'POST', path, body, lang);
    const shown = `${path} ${JSON.stringify(body)}`;
    expect(reply.status, shown).toBe(400);
    expect(JSON.parse(reply.body), shown).toEqual({
      code: 400,
      data: null,
      msg: message('validation.unsafeText', lang),
    });
  }
}

/** Right-to-left override, the isolates, embeddings, NUL, ESC, BEL, DEL, a C1 control. */
const ALWAYS_REFUSED = [
  '\u202E',
  '\u202A',
  '\u202D',
  '\u2066',
  '\u2067',
  '\u2069',
  '\u0000',
  '\u001B[31m',
  '\u0007',
  '\u007F',
  '\u0085',
];

describe('free text others see', () => {
  it('setUserInfo refuses a nick with a control or text-direction character, and keeps the old one', async () => {
    const ctx = await setup();
    expect((await call(ctx, 'POST', '/user/setUserInfo', { student_nick: 'Lily' })).status).toBe(200);
    for (const bad of [...ALWAYS_REFUSED, '\t', '\n']) {
      await expectUnsafeText(ctx, '/user/setUserInfo', { student_nick: `Li${bad}ly` });
    }
    const profile = dataOf<UserProfile>(await call(ctx, 'GET', '/user/getUserInfo'), 'profile');
    expect(profile.student_nick).toBe('Lily');
    // The English name's pattern refuses them too.
    const eng = await call(ctx, 'POST', '/user/setUserInfo', { student_eng_name: 'Li\u202Ely' }, 'en');
    expect(eng.status).toBe(400);
    // Right-to-left text itself, with its implicit marks, is fine.
    const rtl = await call(ctx, 'POST', '/user/setUserInfo', { student_nick: 'שלום\u200F' });
    expect(dataOf<UserProfile>(rtl, 'nick').student_nick).toBe('שלום\u200F');
  });

  it('a complaint refuses control and text-direction characters, keeps line feeds and tabs, and stores CRLF as LF', async () => {
    const ctx = await setup();
    for (const bad of ALWAYS_REFUSED) {
      await expectUnsafeText(ctx, '/user/addStudentComplaint', {
        type: 'bug',
        content: `broken ${bad} page`,
      });
    }
    await expectUnsafeText(ctx, '/user/addStudentComplaint', { type: 'bug', content: 'a\u000Bb' });
    const sent = await call(ctx, 'POST', '/user/addStudentComplaint', {
      type: 'bug',
      content: 'line one\r\nline two\n\tindented\rend',
    });
    expect(sent.status).toBe(200);
    const list = dataOf<Page<FeedbackItem>>(await call(ctx, 'GET', '/user/other/getFeedbackList'), 'list');
    expect(list.records.map((r) => r.content)).toEqual(['line one\nline two\n\tindented\nend']);
  });

  it('a review and a cancellation remark refuse them too', async () => {
    const ctx = await setup();
    const teacher = await createTeacher(ctx.t.db, { price_coins: 100 });
    await giveCoins(ctx.t.db, ctx.t.app.wallet, ctx.s.studentId, 1000);
    const book = async (startIn: number) =>
      dataOf<CourseItem>(
        await call(ctx, 'POST', '/course/bookCourse', {
          slot_id: await createSlot(ctx.t.db, teacher, { start_at: NOW + startIn }),
          pay_type: 'coin',
        }),
        'book',
      );
    const held = await book(2 * HOUR);
    const later = await book(3 * DAY);
    for (const bad of ALWAYS_REFUSED) {
      await expectUnsafeText(ctx, '/course/cancelCourse', {
        id: later.id,
        reason: 'other',
        remark: `x${bad}`,
      });
    }
    ctx.clock.set(NOW + 3 * HOUR);
    ctx.s = await createStudentSession(transportOf(ctx.t), { mobile: ctx.s.mobile });
    for (const bad of ALWAYS_REFUSED) {
      await expectUnsafeText(ctx, '/course/addCourseReview', {
        id: held.id,
        rating: 5,
        content: `good ${bad}`,
      });
    }
    expect(await ctx.t.db.selectFrom('course_review').selectAll().execute()).toEqual([]);
    const reviewed = await call(ctx, 'POST', '/course/addCourseReview', {
      id: held.id,
      rating: 5,
      content: 'Clear.\r\nPatient.',
    });
    expect(reviewed.status).toBe(200);
    const stored = await ctx.t.db.selectFrom('course_review').select('content').executeTakeFirstOrThrow();
    expect(stored.content).toBe('Clear.\nPatient.');
  });

  it('the public review list cleans nicks and reviews stored before the rule', async () => {
    const ctx = await setup();
    const teacher = await createTeacher(ctx.t.db);
    await createReview(ctx.t.db, teacher, {
      // (No NUL: PostgreSQL text cannot hold one, so no stored row has it.)
      student_nick: '\u202Eevil\u2066nick\u001B',
      content: 'fine\u202E txt.exe\nsecond\tline\u0007',
      created_at: NOW - DAY,
    });
    const page = dataOf<Page<TeacherReview>>(
      await transportOf(ctx.t).request({
        method: 'GET',
        url: apiUrl(`/teacher/getTeacherReviews?teacher_id=${teacher}`),
      }),
      'reviews',
    );
    expect(page.records.map((r) => [r.student_nick, r.content])).toEqual([
      ['e****k', 'fine txt.exe\nsecond\tline'],
    ]);
  });
});
