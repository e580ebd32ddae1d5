import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '@app/contract/codes';
import { cleanUpTestFile } from '../apps/server/test/helpers/test-app.ts';
import { startHardApp, type HardApp } from './lib/hard-app.ts';
import type { Operation } from './lib/openapi.ts';
import { describeReply, replyProblem, type Reply } from './lib/reply-checks.ts';
import { businessState, stateDiff } from './lib/state.ts';

/**
 * The authorization matrix (DESIGN.md §7 "Every object endpoint checks ownership", §11 session
 * policies), derived from the OpenAPI document:
 * - every parameter that names an object (path parameters; query and body fields called id, ids,
 *   *_id, *_no, *_pid) must be listed in ID_PARAMETERS, so a new route that takes an id fails here
 *   until someone decides whose object it names;
 * - a student's object asked for by another student is a 404, and a refused write changes nothing,
 *   while the owner's same request is not a 404 (so the id was real);
 * - objects reached by a signed link answer nothing to a forged signature;
 * - without a token, every route outside PUBLIC_OPERATIONS answers 401; with an expired token,
 *   every route that reads sessions answers 66666 (HTTP 401), and a public one ignores it.
 */

type Owned = { kind: 'owned' };
/** Names something that is not a student's: public content, or a value that is not an object. */
type Public = { kind: 'public'; why: string };
type Credential = { kind: 'credential'; why: string };

/** `<operation> <in>:<name>` → whose object the parameter names. */
const ID_PARAMETERS: Record<string, Owned | Public | Credential> = {
  'GET /api/v1/dict/{name} path:name': { kind: 'public', why: 'dictionary names' },
  'GET /api/v1/ielts/getIssueDetail query:id': { kind: 'public', why: 'IELTS content' },
  'GET /api/v1/ielts/getSampleList query:issue_id': { kind: 'public', why: 'IELTS content' },
  'GET /api/v1/ielts/getSampleInfo query:id': { kind: 'public', why: 'IELTS content' },
  'GET /api/v1/ielts/getSampleInfo query:issue_id': { kind: 'public', why: 'IELTS content' },
  'GET /api/v1/ielts/getQuestionInfo query:id': { kind: 'public', why: 'IELTS content' },
  'GET /api/v1/teacher/getTeacherInfo query:teacher_id': { kind: 'public', why: 'teacher profiles' },
  'GET /api/v1/teacher/getTeacherSchedule query:teacher_id': { kind: 'public', why: 'teacher schedules' },
  'GET /api/v1/teacher/getTeacherReviews query:teacher_id': { kind: 'public', why: 'teacher reviews' },
  'POST /api/v1/user/UserLikeTeacher body:teacher_id': { kind: 'public', why: 'any teacher may be liked' },
  'POST /api/v1/pay/createOrder body:product_id': { kind: 'public', why: 'the catalogue' },
  'POST /api/v1/pay/createOrder body:teacher_id': { kind: 'public', why: 'the teacher of an exclusive card' },
  'POST /api/v1/course/bookCourse body:slot_id': { kind: 'public', why: "teachers' free slots" },
  'POST /api/v1/course/bookCourse body:card_id': { kind: 'owned' },
  'GET /api/v1/user/cards/getCardLogs query:card_id': { kind: 'owned' },
  'GET /api/v1/pay/getOrderInfo query:order_no': { kind: 'owned' },
  'POST /api/v1/pay/closeOrder body:order_no': { kind: 'owned' },
  'GET /api/v1/user/file/myFile query:file_pid': { kind: 'owned' },
  'POST /api/v1/user/file/getDownloadUrl body:ids': { kind: 'owned' },
  'POST /api/v1/course/cancelCourse body:id': { kind: 'owned' },
  'GET /api/v1/course/getCourseInfo query:id': { kind: 'owned' },
  'GET /api/v1/classroom/getRoom query:id': { kind: 'owned' },
  'POST /api/v1/course/addCourseReview body:id': { kind: 'owned' },
  'GET /api/v1/course/getFeedbackInfo query:ec_id': { kind: 'owned' },
  'GET /api/v1/course/getFeedbackInfo query:id': { kind: 'owned' },
  'POST /api/v1/pay/notify/{provider} path:provider': { kind: 'public', why: 'payment provider names' },
  'GET /api/v1/pay/sandbox/{order_no} path:order_no': { kind: 'credential', why: 'signed cashier link' },
  'POST /api/v1/pay/sandbox/{order_no}/pay path:order_no': { kind: 'credential', why: 'signed cashier link' },
  'POST /api/v1/pay/sandbox/{order_no}/cancel path:order_no': {
    kind: 'credential',
    why: 'signed cashier link',
  },
  'GET /api/v1/file/download query:ids': { kind: 'credential', why: 'signed download link' },
  'GET /api/v1/classroom/demo/{id} path:id': { kind: 'credential', why: 'signed classroom link' },
  'GET /api/v1/classroom/getRecordingState query:id': { kind: 'credential', why: 'signed teacher link' },
  'POST /api/v1/classroom/putRecordingChunk query:id': { kind: 'credential', why: 'signed teacher link' },
  'GET /api/v1/classroom/recording/{id} path:id': { kind: 'credential', why: 'signed playback link' },
  'GET /api/v1/avatar/{name} path:name': { kind: 'public', why: 'avatars are public images' },
  'POST /api/v1/user/login body:challenge_id': { kind: 'public', why: 'the SMS challenge, not an object' },
  'POST /api/v1/user/reg body:challenge_id': { kind: 'public', why: 'the SMS challenge, not an object' },
  'POST /api/v1/user/setPassword body:challenge_id': {
    kind: 'public',
    why: "the SMS challenge, checked against the student's own phone, not an object",
  },
};

/** Operations a visitor may call (DESIGN.md §11): `none` ignores tokens, `optional` reads one. */
const PUBLIC_OPERATIONS: Record<string, 'none' | 'optional'> = {
  'POST /api/v1/user/SendLoginSmsCode': 'none',
  'POST /api/v1/user/login': 'none',
  'POST /api/v1/user/reg': 'none',
  'POST /api/v1/updateToken': 'none',
  'GET /health': 'none',
  'GET /api/v1/dict/{name}': 'none',
  'GET /api/v1/app/config': 'none',
  'GET /api/v1/ielts/getIssueList': 'none',
  'GET /api/v1/ielts/getIssueDetail': 'none',
  'GET /api/v1/ielts/getSampleList': 'none',
  'GET /api/v1/ielts/getSampleInfo': 'none',
  'GET /api/v1/ielts/getQuestionInfo': 'none',
  'GET /api/v1/teacher/getTeacherList': 'optional',
  'GET /api/v1/teacher/getTeacherInfo': 'optional',
  'GET /api/v1/teacher/getTeacherSchedule': 'optional',
  'GET /api/v1/teacher/getTeacherReviews': 'none',
  'GET /api/v1/pay/getProductList': 'none',
  'POST /api/v1/pay/notify/{provider}': 'none',
  'GET /api/v1/pay/sandbox/{order_no}': 'none',
  'POST /api/v1/pay/sandbox/{order_no}/pay': 'none',
  'POST /api/v1/pay/sandbox/{order_no}/cancel': 'none',
  'GET /api/v1/file/download': 'none',
  'GET /api/v1/classroom/demo/{id}': 'none',
  // The live room: the student's seat by session, the teacher's by the signed link (`t`).
  'GET /api/v1/classroom/getRoom': 'optional',
  // The room's WebSocket: its ticket (from getRoom) is the credential.
  'GET /api/v1/classroom/ws': 'none',
  // The recording: the teacher's seat by its link, the student's player by the signed playback link.
  'GET /api/v1/classroom/getRecordingState': 'none',
  'POST /api/v1/classroom/putRecordingChunk': 'none',
  'GET /api/v1/classroom/recording/{id}': 'none',
  'GET /api/v1/course/getCalendar.ics': 'none',
  'GET /api/v1/avatar/{name}': 'none',
};

const ID_NAME = /^(?:id|ids|.+_id|.+_no|.+_pid)$/;

/** Every parameter of the document that names an object, as `<operation> <in>:<name>`. */
function idParametersOf(operations: Operation[]): string[] {
  const found: string[] = [];
  for (const op of operations) {
    for (const p of op.parameters) {
      if (p.in === 'path' || (p.in === 'query' && ID_NAME.test(p.name)))
        found.push(`${op.key} ${p.in}:${p.name}`);
    }
    const bodies = [op.body, ...(op.body?.oneOf ?? []), ...(op.body?.anyOf ?? [])];
    const names = new Set(bodies.flatMap((b) => Object.keys(b?.properties ?? {})));
    for (const name of names) {
      if (ID_NAME.test(name)) found.push(`${op.key} body:${name}`);
    }
  }
  return found;
}

type Call = { method: 'GET' | 'POST'; url: string; body?: unknown };

describe('authorization matrix', () => {
  let h: HardApp;
  let owner: { token: string; studentId: number };
  let other: { token: string; studentId: number };

  beforeAll(async () => {
    h = await startHardApp();
    owner = await h.demoStudent();
    other = await h.newStudent();
  });

  afterAll(async () => {
    await cleanUpTestFile();
  });

  async function send(call: Call, token: string | undefined): Promise<Reply> {
    const reply = await h.t.app.inject({
      method: call.method,
      url: call.url,
      headers: {
        'api-language': 'en',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
    });
    return { status: reply.statusCode, headers: reply.headers, body: reply.body };
  }

  it('knows whose object every id parameter of the OpenAPI document names', () => {
    const found = idParametersOf(h.operations);
    expect(found.length).toBeGreaterThanOrEqual(25);
    const untabled = found.filter((k) => !(k in ID_PARAMETERS));
    expect(untabled, 'id parameters missing from ID_PARAMETERS: add each with its kind and a case').toEqual(
      [],
    );
    const stale = Object.keys(ID_PARAMETERS).filter((k) => !found.includes(k));
    expect(stale, 'ID_PARAMETERS lists parameters the document no longer has').toEqual([]);
  });

  it("answers 404 to another student's classes, cards, orders, files and reports, and changes nothing", async () => {
    const db = h.t.db;
    const now = h.t.clock.now();
    const mine = owner.studentId;
    const upcoming = await db
      .selectFrom('course')
      .select(['id'])
      .where('student_id', '=', mine)
      .where('status', '=', 100)
      .where('start_at', '>', now)
      .orderBy('start_at', 'desc')
      .executeTakeFirstOrThrow();
    const finished = await db
      .selectFrom('course')
      .select(['id'])
      .where('student_id', '=', mine)
      .where('status', '=', 300)
      .orderBy('end_at', 'desc')
      .executeTakeFirstOrThrow();
    const report = await db
      .selectFrom('teacher_report')
      .select(['id', 'course_id'])
      .where('student_id', '=', mine)
      .executeTakeFirstOrThrow();
    const card = await db
      .selectFrom('lesson_card')
      .select(['id', 'type'])
      .where('student_id', '=', mine)
      .where('type', '=', 200)
      .executeTakeFirstOrThrow();
    const order = await db
      .selectFrom('pay_order')
      .select(['order_no'])
      .where('student_id', '=', mine)
      .executeTakeFirstOrThrow();
    const awaiting = await db
      .selectFrom('pay_order')
      .select(['order_no'])
      .where('student_id', '=', mine)
      .where('status', '=', 0)
      .executeTakeFirstOrThrow();
    const folder = await db
      .selectFrom('courseware_item')
      .select(['id'])
      .where('student_id', '=', mine)
      .where('is_folder', '=', 1)
      .executeTakeFirstOrThrow();
    const file = await db
      .selectFrom('courseware_item')
      .select(['id'])
      .where('student_id', '=', mine)
      .where('is_folder', '=', 0)
      .executeTakeFirstOrThrow();
    // A free slot of a Filipino teacher, bookable with the owner's card of type 200.
    const slot = await db
      .selectFrom('teacher_slot as s')
      .innerJoin('teacher as t', 't.id', 's.teacher_id')
      .select(['s.id'])
      .where('t.nationality', '=', 'PH')
      .where('s.state', '=', 'free')
      .where('s.start_at', '>', now + 3 * 3_600_000)
      .orderBy('s.start_at')
      .executeTakeFirstOrThrow();

    const cases: { params: string[]; call: Call }[] = [
      {
        params: ['GET /api/v1/course/getCourseInfo query:id'],
        call: { method: 'GET', url: `/api/v1/course/getCourseInfo?id=${finished.id}` },
      },
      {
        params: ['GET /api/v1/classroom/getRoom query:id'],
        call: { method: 'GET', url: `/api/v1/classroom/getRoom?id=${finished.id}` },
      },
      {
        params: [
          'GET /api/v1/course/getFeedbackInfo query:ec_id',
          'GET /api/v1/course/getFeedbackInfo query:id',
        ],
        call: {
          method: 'GET',
          url: `/api/v1/course/getFeedbackInfo?ec_id=${report.course_id}&id=${report.id}`,
        },
      },
      {
        params: ['GET /api/v1/user/cards/getCardLogs query:card_id'],
        call: { method: 'GET', url: `/api/v1/user/cards/getCardLogs?card_id=${card.id}` },
      },
      {
        params: ['GET /api/v1/pay/getOrderInfo query:order_no'],
        call: { method: 'GET', url: `/api/v1/pay/getOrderInfo?order_no=${order.order_no}` },
      },
      {
        params: ['GET /api/v1/user/file/myFile query:file_pid'],
        call: { method: 'GET', url: `/api/v1/user/file/myFile?file_pid=${folder.id}` },
      },
      {
        params: ['POST /api/v1/user/file/getDownloadUrl body:ids'],
        call: { method: 'POST', url: '/api/v1/user/file/getDownloadUrl', body: { ids: [file.id] } },
      },
      {
        params: ['POST /api/v1/course/addCourseReview body:id'],
        call: {
          method: 'POST',
          url: '/api/v1/course/addCourseReview',
          body: { id: finished.id, rating: 5, tags: [], content: 'x' },
        },
      },
      {
        params: ['POST /api/v1/course/bookCourse body:card_id'],
        call: {
          method: 'POST',
          url: '/api/v1/course/bookCourse',
          body: { slot_id: slot.id, pay_type: 'card', card_id: card.id },
        },
      },
      {
        params: ['POST /api/v1/pay/closeOrder body:order_no'],
        call: { method: 'POST', url: '/api/v1/pay/closeOrder', body: { order_no: awaiting.order_no } },
      },
      {
        params: ['POST /api/v1/course/cancelCourse body:id'],
        call: {
          method: 'POST',
          url: '/api/v1/course/cancelCourse',
          body: { id: upcoming.id, reason: 'personal' },
        },
      },
    ];

    const owned = Object.entries(ID_PARAMETERS)
      .filter(([, v]) => v.kind === 'owned')
      .map(([k]) => k);
    expect(cases.flatMap((c) => c.params).sort(), 'every owned id parameter has a case').toEqual(
      [...owned].sort(),
    );

    const problems: string[] = [];
    for (const { params, call } of cases) {
      const label = `${call.method} ${call.url} ${JSON.stringify(call.body ?? '')}`;
      const before = await businessState(h.t.db);
      const stranger = await send(call, other.token);
      const sane = replyProblem(params[0]?.split(' ').slice(0, 2).join(' ') ?? '', stranger);
      if (sane) problems.push(`${label} as another student: ${sane}`);
      if (stranger.status !== 404 || JSON.parse(stranger.body).code !== CODES.NOT_FOUND)
        problems.push(`${label} as another student: expected 404, got ${describeReply(stranger)}`);
      const changed = stateDiff(before, await businessState(h.t.db));
      if (changed.length > 0) problems.push(`${label} as another student changed ${changed.join('; ')}`);
      // The owner's same request finds the object: the 404 above was about ownership.
      const mineReply = await send(call, owner.token);
      if (mineReply.status === 404 || mineReply.status >= 500)
        problems.push(`${label} as the owner: expected the object, got ${describeReply(mineReply)}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('answers nothing useful to a forged signed link', async () => {
    const order = await h.t.db
      .selectFrom('pay_order')
      .select(['order_no'])
      .where('student_id', '=', owner.studentId)

      .executeTakeFirstOrThrow();
    const course = await h.t.db
      .selectFrom('course')
      .select(['id'])
      .where('student_id', '=', owner.studentId)
      .executeTakeFirstOrThrow();
    const file = await h.t.db
      .selectFrom('courseware_item')
      .select(['id'])
      .where('student_id', '=', owner.studentId)
      .where('is_folder', '=', 0)
      .executeTakeFirstOrThrow();
    const forged = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const calls: Record<string, Call> = {
      'GET /api/v1/pay/sandbox/{order_no} path:order_no': {
        method: 'GET',
        url: `/api/v1/pay/sandbox/${order.order_no}?t=${forged}`,
      },
      'POST /api/v1/pay/sandbox/{order_no}/pay path:order_no': {
        method: 'POST',
        url: `/api/v1/pay/sandbox/${order.order_no}/pay?t=${forged}`,
      },
      'POST /api/v1/pay/sandbox/{order_no}/cancel path:order_no': {
        method: 'POST',
        url: `/api/v1/pay/sandbox/${order.order_no}/cancel?t=${forged}`,
      },
      'GET /api/v1/file/download query:ids': {
        method: 'GET',
        url: `/api/v1/file/download?ids=${file.id}&s=${owner.studentId}&e=${Date.now() + 60_000}&sig=${forged}`,
      },
      'GET /api/v1/classroom/demo/{id} path:id': {
        method: 'GET',
        url: `/api/v1/classroom/demo/${course.id}?t=${forged}`,
      },
      'GET /api/v1/classroom/getRecordingState query:id': {
        method: 'GET',
        url: `/api/v1/classroom/getRecordingState?id=${course.id}&t=${forged}`,
      },
      'POST /api/v1/classroom/putRecordingChunk query:id': {
        method: 'POST',
        url: `/api/v1/classroom/putRecordingChunk?id=${course.id}&n=0&t=${forged}`,
      },
      'GET /api/v1/classroom/recording/{id} path:id': {
        method: 'GET',
        url: `/api/v1/classroom/recording/${course.id}?t=${forged}`,
      },
    };
    const credentials = Object.entries(ID_PARAMETERS)
      .filter(([, v]) => v.kind === 'credential')
      .map(([k]) => k);
    expect(Object.keys(calls).sort()).toEqual([...credentials].sort());
    const before = await businessState(h.t.db);
    for (const [key, call] of Object.entries(calls)) {
      for (const token of [undefined, other.token, owner.token]) {
        const reply = await send(call, token);
        expect(
          replyProblem(key.split(' ').slice(0, 2).join(' '), reply),
          `${key}: ${describeReply(reply)}`,
        ).toBeNull();
        expect([400, 403, 404], `${key}: ${describeReply(reply)}`).toContain(reply.status);
      }
    }
    expect(stateDiff(before, await businessState(h.t.db))).toEqual([]);
  });

  it('answers 401 without a token on every route outside the public list, and serves the public ones', async () => {
    const problems: string[] = [];
    for (const op of h.operations) {
      const url = op.path.replace(/\{[^}]+\}/g, '1');
      const reply = await send({ method: op.method as Call['method'], url }, undefined);
      const sane = replyProblem(op.key, reply);
      if (sane) problems.push(`${op.key}: ${sane}`);
      const policy = PUBLIC_OPERATIONS[op.key];
      if (
        policy === undefined &&
        (reply.status !== 401 || JSON.parse(reply.body).code !== CODES.UNAUTHORIZED)
      )
        problems.push(`${op.key} without a token: expected 401, got ${describeReply(reply)}`);
      if (policy !== undefined && reply.status === 401)
        problems.push(`${op.key} is public but answered a visitor ${describeReply(reply)}`);
    }
    const stale = Object.keys(PUBLIC_OPERATIONS).filter((k) => !h.operations.some((o) => o.key === k));
    expect(stale, 'PUBLIC_OPERATIONS lists operations the document no longer has').toEqual([]);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('answers 66666 (HTTP 401) to an expired token on every route that reads sessions; public routes ignore it', async () => {
    const session = await h.newStudent();
    const ttlMs = h.t.config.ACCESS_TOKEN_TTL_SECONDS * 1000;
    h.t.clock.advance(ttlMs + 60_000);
    const problems: string[] = [];
    try {
      for (const op of h.operations) {
        const url = op.path.replace(/\{[^}]+\}/g, '1');
        const reply = await send({ method: op.method as Call['method'], url }, session.token);
        const sane = replyProblem(op.key, reply);
        if (sane) problems.push(`${op.key}: ${sane}`);
        const code = reply.headers['content-type']?.toString().startsWith('application/json')
          ? (JSON.parse(reply.body) as { code: number }).code
          : undefined;
        const policy = PUBLIC_OPERATIONS[op.key] ?? 'required';
        const expired = reply.status === 401 && code === CODES.TOKEN_EXPIRED;
        if (policy !== 'none' && !expired)
          problems.push(
            `${op.key} (${policy}) with an expired token: expected 66666, got ${describeReply(reply)}`,
          );
        if (policy === 'none' && reply.status === 401)
          problems.push(`${op.key} ignores tokens but answered ${describeReply(reply)}`);
      }
    } finally {
      h.t.clock.advance(-(ttlMs + 60_000));
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
