import { describe, expect, it } from 'vitest';
import type { Room } from '@app/contract/classroom';
import { envelope, get } from './helpers/auth.ts';
import { HOUR, MINUTE } from './helpers/courses.ts';
import { createTestApp } from './helpers/test-app.ts';
import {
  client,
  getRoom,
  listen,
  LIVE_ENV,
  openClass,
  quiet,
  relogin,
  setupLive as setup,
  studentWithClass,
  teacherToken,
  timesToldPresent,
} from './helpers/classroom.ts';

/**
 * The live classroom's rooms and signalling (DESIGN.md §12, issue 35): getRoom for each seat and its
 * refusals, and real WebSockets (`ws` clients against the listening app) relaying between the seats.
 */

describe('GET /classroom/getRoom', () => {
  it("gives the student's seat by session and the teacher's by link, with ICE servers, a ticket and the recording announced (the live driver records)", async () => {
    const ctx = await setup();
    const c = await studentWithClass(ctx);
    ctx.t.clock.advance(c.startAt - ctx.t.clock.now() - 9 * MINUTE);
    const { status, body } = await getRoom(ctx.t, `id=${c.course.id}`, c.session.token);
    expect(status).toBe(200);
    const room = body.data as Room;
    expect(room).toMatchObject({
      class_id: c.course.id,
      seat: 'student',
      start: c.course.start,
      end: c.course.end,
      open: new Date(c.startAt - 10 * MINUTE).toISOString(),
      close: new Date(c.endAt + 30 * MINUTE).toISOString(),
      peer_name: 'Emily Carter',
      teacher_name: 'Emily Carter',
      ws_path: '/api/v1/classroom/ws',
      recording: true,
    });
    const expiry = Math.floor((c.endAt + 30 * MINUTE) / 1000);
    expect(room.ice_servers).toEqual([
      { urls: ['stun:stun.example.com:3478'] },
      {
        urls: ['turn:turn.example.com:3478?transport=udp'],
        username: `${expiry}:${c.course.id}-student`,
        credential: expect.stringMatching(/^[A-Za-z0-9+/]{27}=$/),
      },
    ]);
    expect(Date.parse(room.ticket_expires) - ctx.t.clock.now()).toBeLessThanOrEqual(60_000);

    const token = await teacherToken(ctx.t, c.course.id);
    const teacher = await getRoom(ctx.t, `id=${c.course.id}&t=${encodeURIComponent(token)}`);
    expect(teacher.status).toBe(200);
    expect(teacher.body.data).toMatchObject({
      seat: 'teacher',
      class_id: c.course.id,
      teacher_name: 'Emily Carter',
    });
    expect((teacher.body.data as Room).peer_name).toMatch(/\S/);
  });

  it('refuses before the room opens and after it closes, in the request language', async () => {
    const ctx = await setup();
    const c = await studentWithClass(ctx);
    ctx.t.clock.advance(c.startAt - ctx.t.clock.now() - 11 * MINUTE);
    const early = await getRoom(ctx.t, `id=${c.course.id}`, c.session.token, 'zh-Hans');
    expect(early).toEqual({
      status: 409,
      body: { code: 409, data: { reason: 'not-open-yet' }, msg: '教室在上课前 10 分钟开放' },
    });
    ctx.t.clock.advance(c.endAt + 30 * MINUTE - ctx.t.clock.now());
    const late = await getRoom(ctx.t, `id=${c.course.id}`, await relogin(ctx, c.session.mobile));
    expect(late).toEqual({
      status: 409,
      body: { code: 409, data: { reason: 'closed' }, msg: 'The classroom is closed' },
    });
  });

  it("answers 404 for another student's class, 401 without a session, 403 for a wrong or another class's link", async () => {
    const ctx = await setup();
    const a = await studentWithClass(ctx);
    const b = await studentWithClass(ctx, HOUR);
    ctx.t.clock.advance(a.startAt - ctx.t.clock.now());
    const other = await getRoom(ctx.t, `id=${a.course.id}`, b.session.token);
    expect([other.status, other.body.data]).toEqual([404, { reason: 'not-found' }]);
    const anonymous = await getRoom(ctx.t, `id=${a.course.id}`);
    expect([anonymous.status, anonymous.body.data]).toEqual([401, { reason: 'sign-in' }]);
    const linkB = await teacherToken(ctx.t, b.course.id);
    for (const t of [linkB, 'x'.repeat(40), `${linkB.slice(0, -2)}AA`]) {
      const r = await getRoom(ctx.t, `id=${a.course.id}&t=${encodeURIComponent(t)}`);
      expect(r).toEqual({
        status: 403,
        body: {
          code: 403,
          data: { reason: 'bad-link' },
          msg: 'This classroom link is not valid or has expired',
        },
      });
    }
    expect((await getRoom(ctx.t, 'id=abc', a.session.token)).status).toBe(400);
  });

  it('refuses a cancelled class', async () => {
    const ctx = await setup();
    const c = await studentWithClass(ctx, 30 * HOUR);
    await ctx.t.app.courses.cancel({
      studentId: c.session.studentId,
      courseId: c.course.id,
      reason: 'other',
    });
    ctx.t.clock.advance(c.startAt - ctx.t.clock.now());
    const r = await getRoom(ctx.t, `id=${c.course.id}`, await relogin(ctx, c.session.mobile));
    expect(r.status).toBe(409);
    expect(r.body.data).toEqual({ reason: 'cancelled' });
    expect(r.body.msg).toBe('This class was cancelled; its classroom is closed');
  });
});

describe('the room WebSocket', () => {
  it('relays offer, answer, candidate, chat and state between the two seats, both ways', async () => {
    const ctx = await setup();
    const base = await listen(ctx.t);
    const room = await openClass(ctx);
    const s = client(base, room.student.ticket);
    expect(await s.next('welcome')).toEqual({ type: 'welcome', seat: 'student', peer_present: false });
    const tch = client(base, room.teacher.ticket);
    expect(await tch.next('welcome')).toEqual({ type: 'welcome', seat: 'teacher', peer_present: true });
    expect(await s.next('peer-joined')).toEqual({ type: 'peer-joined', seat: 'teacher' });

    const sdp = `v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n${'a=x\r\n'.repeat(3000)}`;
    tch.send({ type: 'offer', sdp });
    expect(await s.next('offer')).toEqual({ type: 'offer', sdp });
    s.send({ type: 'answer', sdp: 'v=0 answer' });
    expect(await tch.next('answer')).toEqual({ type: 'answer', sdp: 'v=0 answer' });
    const candidate = {
      candidate: 'candidate:1 1 udp 2122260223 10.0.0.1 50000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    s.send({ type: 'candidate', candidate });
    tch.send({ type: 'candidate', candidate: { ...candidate, sdpMid: '1' } });
    expect(await tch.next('candidate')).toEqual({ type: 'candidate', candidate });
    expect(await s.next('candidate')).toEqual({
      type: 'candidate',
      candidate: { ...candidate, sdpMid: '1' },
    });

    s.send({ type: 'chat', text: '  Hello, teacher!  ' });
    const line = await tch.next('chat');
    expect(line).toMatchObject({ type: 'chat', text: 'Hello, teacher!', seat: 'student' });
    expect(Math.abs(Date.parse(line.at) - ctx.t.clock.now())).toBeLessThan(5000);
    expect(await s.next('chat')).toEqual(line);
    tch.send({ type: 'chat', text: '你好' });
    expect(await s.next('chat')).toMatchObject({ text: '你好', seat: 'teacher' });

    tch.send({ type: 'state', audio: false, video: true });
    expect(await s.next('state')).toEqual({ type: 'state', seat: 'teacher', audio: false, video: true });
    s.send({ type: 'state', audio: true, video: false });
    expect(await tch.next('state')).toEqual({ type: 'state', seat: 'student', audio: true, video: false });

    s.send({ type: 'leave' });
    expect(await s.closed).toEqual({
      code: 4000,
      reason: { code: 'classroom.left', reason: 'left', message: 'You left the classroom' },
    });
    expect(await tch.next('peer-left')).toEqual({ type: 'peer-left', seat: 'student' });
    tch.socket.close();
    await tch.closed;
  });

  it('tells each seat once that the other is there when both join at the same moment', async () => {
    const ctx = await setup();
    const base = await listen(ctx.t);
    const room = await openClass(ctx);
    const told = await timesToldPresent(
      { base: base, ticket: room.student.ticket },
      { base: base, ticket: room.teacher.ticket },
    );
    // Told twice, a page starts its call twice while the other seat answers the first.
    expect(told).toEqual([1, 1]);
  });

  it('answers a malformed message with an error, relays nothing and stays open', async () => {
    const ctx = await setup();
    const base = await listen(ctx.t);
    const room = await openClass(ctx, 'zh-Hans');
    // One after the other: two seats joining at the same moment may each hear of the other twice
    // (a welcome with the peer present and a peer-joined), which this test does not count.
    const s = client(base, room.student.ticket);
    await s.next('welcome');
    const tch = client(base, room.teacher.ticket);
    await tch.next('welcome');
    await s.next('peer-joined');

    s.send('{not json');
    expect(await s.next('error')).toEqual({
      type: 'error',
      code: 'classroom.malformed',
      message: '消息格式不正确',
    });
    s.send({ type: 'shout', text: 'hi' });
    expect((await s.next('error')).code).toBe('classroom.malformed');
    s.send({ type: 'offer' });
    expect((await s.next('error')).code).toBe('classroom.malformed');
    s.send({ type: 'chat', text: '   ' });
    expect(await s.next('error')).toMatchObject({ code: 'classroom.chatEmpty' });
    s.send({ type: 'chat', text: 'x'.repeat(1001) });
    expect(await s.next('error')).toMatchObject({ code: 'classroom.chatTooLong' });
    s.socket.send(Buffer.from([1, 2, 3]));
    expect((await s.next('error')).code).toBe('classroom.malformed');
    await quiet();
    expect(tch.messages).toEqual([]);

    // Still open: the next good message is relayed.
    s.send({ type: 'chat', text: 'ok' });
    expect(await tch.next('chat')).toMatchObject({ text: 'ok' });
  });

  it('closes a socket that sends a message over 64 KB (1009) and tells the other seat', async () => {
    const ctx = await setup();
    const base = await listen(ctx.t);
    const room = await openClass(ctx);
    const s = client(base, room.student.ticket);
    const tch = client(base, room.teacher.ticket);
    await s.next('welcome');
    await tch.next('welcome');
    s.send({ type: 'offer', sdp: 'x'.repeat(65 * 1024) });
    expect((await s.closed).code).toBe(1009);
    expect(await tch.next('peer-left')).toEqual({ type: 'peer-left', seat: 'student' });
    expect(tch.messages.filter((m) => m.type === 'offer')).toEqual([]);
  });

  it('limits chat per connection', async () => {
    const ctx = await setup();
    const base = await listen(ctx.t);
    const room = await openClass(ctx);
    const s = client(base, room.student.ticket);
    await s.next('welcome');
    for (let i = 0; i < 21; i++) s.send({ type: 'chat', text: `line ${i}` });
    expect(await s.next('error')).toMatchObject({ code: 'classroom.chatTooFast' });
    await quiet(100);
    // The 20 lines accepted came back to the sender with the server's time; the 21st did not.
    expect(s.messages.filter((m) => m.type === 'chat')).toHaveLength(20);
  });

  it('replaces a seat’s connection by a newer one, which the other seat sees join again', async () => {
    const ctx = await setup();
    const base = await listen(ctx.t);
    const room = await openClass(ctx);
    const tch = client(base, room.teacher.ticket);
    await tch.next('welcome');
    const first = client(base, room.student.ticket);
    await first.next('welcome');
    await tch.next('peer-joined');
    const again = await getRoom(ctx.t, `id=${room.course.id}`, room.session.token);
    const second = client(base, (again.body.data as Room).ticket);
    expect(await second.next('welcome')).toEqual({ type: 'welcome', seat: 'student', peer_present: true });
    expect(await first.closed).toEqual({
      code: 4410,
      reason: {
        code: 'classroom.replaced',
        reason: 'seat-taken',
        message: 'You entered the classroom in another window',
      },
    });
    expect(await tch.next('peer-joined')).toEqual({ type: 'peer-joined', seat: 'student' });
    await quiet();
    expect(tch.messages.filter((m) => m.type === 'peer-left')).toEqual([]);
    tch.send({ type: 'chat', text: 'to the new one' });
    expect(await second.next('chat')).toMatchObject({ text: 'to the new one' });
    expect(ctx.t.app.signalling.connectionCount()).toBe(2);
  });

  it('refuses a forged ticket, an expired one and a closed room, with the reason in the ticket language', async () => {
    const ctx = await setup();
    const base = await listen(ctx.t);
    const room = await openClass(ctx);

    const forged = client(base, `${room.student.ticket.split('.')[0]}.${'A'.repeat(43)}`, '&lang=zh-Hans');
    expect(await forged.closed).toEqual({
      code: 4401,
      reason: {
        code: 'classroom.ticketInvalid',
        reason: 'bad-ticket',
        message: '进入凭证无效，请重新进入教室',
      },
    });
    const none = client(base, '');
    expect((await none.closed).code).toBe(4401);
    // Not an upgrade: a 400 envelope.
    const plain = await get(ctx.t, '/classroom/ws?ticket=x');
    expect([plain.statusCode, envelope(plain)]).toEqual([
      400,
      { code: 400, data: null, msg: 'This address takes WebSocket connections only' },
    ]);

    ctx.t.clock.advance(61_000);
    const expired = client(base, room.student.ticket);
    expect(await expired.closed).toEqual({
      code: 4401,
      reason: {
        code: 'classroom.ticketExpired',
        reason: 'ticket-expired',
        message: 'The entry ticket has expired; enter again',
      },
    });

    // A ticket taken just before the room closes, used just after.
    ctx.t.clock.advance(room.endAt + 30 * MINUTE - 10_000 - ctx.t.clock.now());
    const last = await getRoom(ctx.t, `id=${room.course.id}`, await relogin(ctx, room.session.mobile));
    expect(last.status).toBe(200);
    ctx.t.clock.advance(20_000);
    const closed = client(base, (last.body.data as Room).ticket);
    expect(await closed.closed).toEqual({
      code: 4409,
      reason: { code: 'classroom.closed', reason: 'closed', message: 'The classroom is closed' },
    });
    expect(ctx.t.app.signalling.connectionCount()).toBe(0);
  });

  it('takes a ticket once: a second socket with the same ticket is refused (4401, ticket-used), a new ticket enters', async () => {
    const ctx = await setup();
    const base = await listen(ctx.t);
    const room = await openClass(ctx);
    const first = client(base, room.student.ticket);
    expect(await first.next('welcome')).toMatchObject({ type: 'welcome', seat: 'student' });
    // In the ticket's language (English here), whatever the query says.
    const again = client(base, room.student.ticket, '&lang=zh-Hans');
    expect(await again.closed).toEqual({
      code: 4401,
      reason: {
        code: 'classroom.ticketUsed',
        reason: 'ticket-used',
        message: 'The entry ticket was used already; enter again',
      },
    });
    // The first socket keeps its seat: the refused one replaced nothing.
    await quiet();
    expect(first.socket.readyState).toBe(first.socket.OPEN);
    expect(ctx.t.app.signalling.connectionCount()).toBe(1);
    // Also after the first socket left.
    first.send({ type: 'leave' });
    expect((await first.closed).code).toBe(4000);
    const third = client(base, room.student.ticket);
    expect((await third.closed).code).toBe(4401);
    // A fresh ticket from getRoom enters.
    const fresh = await getRoom(ctx.t, `id=${room.course.id}`, room.session.token);
    const fourth = client(base, (fresh.body.data as Room).ticket);
    expect(await fourth.next('welcome')).toMatchObject({ type: 'welcome', seat: 'student' });
    fourth.send({ type: 'leave' });
    await fourth.closed;
  });

  it('tells a seat the room is closing and closes it when the room closes', async () => {
    const ctx = await setup();
    const base = await listen(ctx.t);
    const room = await openClass(ctx);
    ctx.t.clock.advance(room.endAt + 30 * MINUTE - 1_000 - ctx.t.clock.now());
    const again = await getRoom(ctx.t, `id=${room.course.id}`, await relogin(ctx, room.session.mobile));
    const s = client(base, (again.body.data as Room).ticket);
    await s.next('welcome');
    expect(await s.next('closing', () => true, 5000)).toEqual({
      type: 'closing',
      close: new Date(room.endAt + 30 * MINUTE).toISOString(),
    });
    expect((await s.closed).code).toBe(4409);
  });

  it('closes its sockets with 4503 when the server shuts down, recording the leave', async () => {
    const ctx = await setup();
    const base = await listen(ctx.t);
    const room = await openClass(ctx, 'zh-Hans');
    const s = client(base, room.student.ticket);
    await s.next('welcome');
    await ctx.t.close();
    expect(await s.closed).toEqual({
      code: 4503,
      reason: { code: 'classroom.restart', reason: 'restarting', message: '服务器正在重启，请重新连接' },
    });
    // The database outlives the app: reopen it to read the stay.
    const again = await createTestApp({ env: LIVE_ENV, reuseDatabaseOf: ctx.t });
    const rows = await again.app.services.attendance.attendanceOf(room.course.id);
    expect(rows.map((r) => [r.seat, r.left_at !== null])).toEqual([['student', true]]);
  });

  it('records each seat joining and leaving (attendance)', async () => {
    const ctx = await setup();
    const base = await listen(ctx.t);
    const room = await openClass(ctx);
    const s = client(base, room.student.ticket);
    await s.next('welcome');
    const tch = client(base, room.teacher.ticket);
    await tch.next('welcome');
    s.send({ type: 'leave' });
    await s.closed;
    await tch.next('peer-left');
    // Written as the seats join and leave, after the socket's events: wait for them a little.
    const open = async () =>
      (await ctx.t.app.services.attendance.attendanceOf(room.course.id)).map((x) => [
        x.seat,
        x.left_at === null,
      ]);
    const deadline = Date.now() + 15_000;
    while (
      JSON.stringify(await open()) !==
        JSON.stringify([
          ['student', false],
          ['teacher', true],
        ]) &&
      Date.now() < deadline
    ) {
      await quiet(50);
    }
    expect(await open()).toEqual([
      ['student', false],
      ['teacher', true],
    ]);
  });
});

describe('the claims of used room tickets', () => {
  it('are deleted by the job classroom.attendance once their ticket expired, on several instances at once; a fresh claim stays and still refuses a second use', async () => {
    const ctx = await setup();
    const base = await listen(ctx.t);
    const room = await openClass(ctx);
    const claims = () =>
      ctx.t.db
        .selectFrom('class_notice')
        .select(['kind', 'claimed_at'])
        .where('course_id', '=', room.course.id)
        .where('kind', 'like', 'ticket:%')
        .execute();
    // Another notice of the class, as old: not a ticket's claim, it stays.
    await ctx.t.db
      .insertInto('class_notice')
      .values({ course_id: room.course.id, kind: 'teacher-link', claimed_at: ctx.t.clock.now() - HOUR })
      .execute();
    for (const ticket of [room.student.ticket, room.teacher.ticket]) {
      const seat = client(base, ticket);
      await seat.next('welcome');
      seat.send({ type: 'leave' });
      await seat.closed;
    }
    // Their tickets expired 60 s after they were handed out; the job keeps a claim 2 min.
    ctx.t.clock.advance(2 * MINUTE + 1000);
    const again = await getRoom(ctx.t, `id=${room.course.id}`, room.session.token);
    const fresh = (again.body.data as Room).ticket;
    const s = client(base, fresh);
    await s.next('welcome');
    s.send({ type: 'leave' });
    await s.closed;
    expect(await claims()).toHaveLength(3);

    const other = await createTestApp({ env: LIVE_ENV, reuseDatabaseOf: ctx.t, clock: ctx.t.clock });
    const runs = await Promise.all([
      ctx.t.app.jobs.runOnce('classroom.attendance'),
      other.app.jobs.runOnce('classroom.attendance'),
    ]);
    expect(runs.reduce((n, r) => n + (r?.ticket_claims_purged ?? 0), 0)).toBe(2);
    expect(await ctx.t.app.jobs.runOnce('classroom.attendance')).toMatchObject({ ticket_claims_purged: 0 });
    expect(await claims()).toHaveLength(1);
    const kept = await ctx.t.db
      .selectFrom('class_notice')
      .select('kind')
      .where('course_id', '=', room.course.id)
      .where('kind', '=', 'teacher-link')
      .execute();
    expect(kept).toHaveLength(1);

    const reused = client(base, fresh);
    expect(await reused.closed).toEqual({
      code: 4401,
      reason: {
        code: 'classroom.ticketUsed',
        reason: 'ticket-used',
        message: 'The entry ticket was used already; enter again',
      },
    });
  });
});
