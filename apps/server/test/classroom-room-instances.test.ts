import { describe, expect, it, vi } from 'vitest';
import type { Room, ServerMessage } from '@app/contract/classroom';
import { createPostgresBus, type BusEvent } from '../src/modules/classroom/signalling-bus.ts';
import { createTestApp, TEST_DATABASE_URL } from './helpers/test-app.ts';
import {
  client,
  getRoom,
  listen,
  LIVE_ENV,
  openClass,
  quiet,
  setupLive as setup,
  timesToldPresent,
} from './helpers/classroom.ts';
import { closedPort } from '../../../test-support/ports.ts';

/**
 * The live classroom on several instances (DESIGN.md §12): the two seats of a class on two app
 * instances of one database, relaying through Redis pub/sub (REDIS_URL; Redis on 127.0.0.1:6379 or
 * TEST_REDIS_URL) and, when the test database is PostgreSQL, through LISTEN/NOTIFY. The
 * PostgreSQL bus itself is also tested directly on the PostgreSQL server (TEST_DATABASE_URL, or
 * TEST_PG_URL / postgres://postgres@127.0.0.1:5432/postgres), whatever the test database.
 */

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const PG_URL = TEST_DATABASE_URL || process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** Two instances of one deployment: one database, one clock. */
async function twoInstances(env: Record<string, string>) {
  const ctx = await setup({ env });
  const b = await createTestApp({ env: { ...LIVE_ENV, ...env }, reuseDatabaseOf: ctx.t, clock: ctx.t.clock });
  const baseA = await listen(ctx.t);
  const baseB = await listen(b);
  return { ctx, b, baseA, baseB };
}

const BUSES: { name: string; env: Record<string, string>; kind: string }[] = [
  { name: 'Redis pub/sub', env: { REDIS_URL }, kind: 'redis' },
  ...(TEST_DATABASE_URL ? [{ name: 'PostgreSQL LISTEN/NOTIFY', env: {}, kind: 'postgres' }] : []),
];

const candidate = (n: number) => ({
  candidate: `candidate:${n} 1 udp 2122260223 10.0.0.1 ${50000 + n} typ host`,
  sdpMid: '0',
  sdpMLineIndex: 0,
});

/** The numbers of the candidates a seat received, in the order received. */
const candidateNumbers = (messages: ServerMessage[]) =>
  messages.flatMap((m) =>
    m.type === 'candidate' ? [Number(/^candidate:(\d+)/.exec(m.candidate.candidate)![1])] : [],
  );

describe('a room whose two seats are on one instance, the bus down', () => {
  it('relays offer, answer, candidates, chat and state on that instance, and warns that publishing failed', async () => {
    const ctx = await setup({ env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` } });
    const base = await listen(ctx.t);
    const warn = vi.spyOn(ctx.t.app.log, 'warn');
    const room = await openClass(ctx);
    const s = client(base, room.student.ticket);
    expect(await s.next('welcome')).toEqual({ type: 'welcome', seat: 'student', peer_present: false });
    const tch = client(base, room.teacher.ticket);
    expect(await tch.next('welcome')).toEqual({ type: 'welcome', seat: 'teacher', peer_present: true });
    expect(await s.next('peer-joined')).toEqual({ type: 'peer-joined', seat: 'teacher' });

    const sdp = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n';
    tch.send({ type: 'offer', sdp });
    expect(await s.next('offer')).toEqual({ type: 'offer', sdp });
    s.send({ type: 'answer', sdp: 'v=0 answer' });
    expect(await tch.next('answer')).toEqual({ type: 'answer', sdp: 'v=0 answer' });
    s.send({ type: 'candidate', candidate: candidate(1) });
    expect(await tch.next('candidate')).toEqual({ type: 'candidate', candidate: candidate(1) });
    tch.send({ type: 'candidate', candidate: candidate(2) });
    expect(await s.next('candidate')).toEqual({ type: 'candidate', candidate: candidate(2) });
    s.send({ type: 'chat', text: 'Can you hear me?' });
    expect(await tch.next('chat')).toMatchObject({ text: 'Can you hear me?', seat: 'student' });
    tch.send({ type: 'state', audio: true, video: false });
    expect(await s.next('state')).toEqual({ type: 'state', seat: 'teacher', audio: true, video: false });

    const failed = () =>
      warn.mock.calls.filter(
        ([, msg]) => typeof msg === 'string' && msg.startsWith('classroom bus: publish failed'),
      );
    for (let i = 0; i < 200 && failed().length === 0; i++) await quiet(25);
    expect(failed().length).toBeGreaterThan(0);
    expect(failed()[0]![0]).toMatchObject({ courseId: room.course.id });
    // The payload (an SDP, a chat line) is not logged.
    const logged = JSON.stringify(failed().map(([obj]) => obj));
    expect(logged).not.toContain('v=0');
    expect(logged).not.toContain('Can you hear me?');

    s.send({ type: 'leave' });
    await s.closed;
    expect(await tch.next('peer-left')).toEqual({ type: 'peer-left', seat: 'student' });
  });
});

describe.each(BUSES)('two instances over $name', ({ env }) => {
  it.each([
    { where: 'both seats on one instance', split: false },
    { where: 'a seat on each instance', split: true },
  ])('deliver every message once and in order, $where', async ({ split }) => {
    const { ctx, baseA, baseB } = await twoInstances(env);
    const room = await openClass(ctx);
    const s = client(baseA, room.student.ticket);
    await s.next('welcome');
    const tch = client(split ? baseB : baseA, room.teacher.ticket);
    await tch.next('welcome');
    await s.next('peer-joined');
    const N = 60;
    for (let i = 0; i < N; i++) {
      s.send({ type: 'candidate', candidate: candidate(i) });
      tch.send({ type: 'candidate', candidate: candidate(1000 + i) });
    }
    s.send({ type: 'chat', text: 'one' });
    tch.send({ type: 'chat', text: 'two' });
    await tch.next('chat', (m) => m.seat === 'student');
    await s.next('chat', (m) => m.seat === 'teacher');
    for (let i = 0; i < 200; i++) {
      if (candidateNumbers(s.messages).length >= N && candidateNumbers(tch.messages).length >= N) break;
      await quiet(25);
    }
    await quiet(500);
    const range = (from: number) => Array.from({ length: N }, (_, i) => from + i);
    expect(candidateNumbers(tch.messages)).toEqual(range(0));
    expect(candidateNumbers(s.messages)).toEqual(range(1000));
    // Each seat saw its own chat line once and the other's once (next() took the other's).
    expect(s.messages.filter((m) => m.type === 'chat')).toEqual([expect.objectContaining({ text: 'one' })]);
    expect(tch.messages.filter((m) => m.type === 'chat')).toEqual([expect.objectContaining({ text: 'two' })]);
    expect(s.messages.filter((m) => m.type === 'peer-joined')).toEqual([]);
    expect(tch.messages.filter((m) => m.type === 'peer-joined')).toEqual([]);
  });

  it('relay between a student on one and the teacher on the other, both ways', async () => {
    const { ctx, baseA, baseB } = await twoInstances(env);
    const room = await openClass(ctx);
    const s = client(baseA, room.student.ticket);
    expect(await s.next('welcome')).toEqual({ type: 'welcome', seat: 'student', peer_present: false });
    const tch = client(baseB, room.teacher.ticket);
    expect(await tch.next('welcome')).toEqual({ type: 'welcome', seat: 'teacher', peer_present: true });
    expect(await s.next('peer-joined')).toEqual({ type: 'peer-joined', seat: 'teacher' });

    // An offer larger than a NOTIFY payload (sent in parts), with characters of every width.
    const sdp = `v=0\r\n${'a=fingerprint:sha-256 AB:CD:EF 你好\r\n'.repeat(900)}`;
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
    expect(await tch.next('candidate')).toEqual({ type: 'candidate', candidate });
    tch.send({ type: 'candidate', candidate });
    expect(await s.next('candidate')).toEqual({ type: 'candidate', candidate });
    s.send({ type: 'chat', text: 'Can you hear me?' });
    expect(await tch.next('chat')).toMatchObject({ text: 'Can you hear me?', seat: 'student' });
    tch.send({ type: 'chat', text: 'Yes!' });
    expect(await s.next('chat', (m) => m.seat === 'teacher')).toMatchObject({
      text: 'Yes!',
      seat: 'teacher',
    });
    tch.send({ type: 'state', audio: true, video: false });
    expect(await s.next('state')).toEqual({ type: 'state', seat: 'teacher', audio: true, video: false });

    s.send({ type: 'leave' });
    await s.closed;
    expect(await tch.next('peer-left')).toEqual({ type: 'peer-left', seat: 'student' });
  });

  it('tell each seat once that the other is there when both join at the same moment on two instances', async () => {
    const { ctx, baseA, baseB } = await twoInstances(env);
    const room = await openClass(ctx);
    const told = await timesToldPresent(
      { base: baseA, ticket: room.student.ticket },
      { base: baseB, ticket: room.teacher.ticket },
    );
    // Told twice, a page starts its call twice while the other seat answers the first.
    expect(told).toEqual([1, 1]);
  });

  it('take a ticket once across instances: used on one, refused on the other (4401, ticket-used)', async () => {
    const { ctx, b, baseA, baseB } = await twoInstances(env);
    const room = await openClass(ctx);
    const first = client(baseA, room.teacher.ticket);
    await first.next('welcome');
    const again = client(baseB, room.teacher.ticket);
    expect(await again.closed).toEqual({
      code: 4401,
      reason: {
        code: 'classroom.ticketUsed',
        reason: 'ticket-used',
        message: 'The entry ticket was used already; enter again',
      },
    });
    await quiet();
    expect(first.socket.readyState).toBe(first.socket.OPEN);
    expect(ctx.t.app.signalling.connectionCount()).toBe(1);
    expect(b.app.signalling.connectionCount()).toBe(0);
    first.send({ type: 'leave' });
    await first.closed;
  });

  it('replace a seat across instances: the newer connection wins, the older is closed', async () => {
    const { ctx, b, baseA, baseB } = await twoInstances(env);
    const room = await openClass(ctx);
    const tch = client(baseB, room.teacher.ticket);
    await tch.next('welcome');
    const first = client(baseA, room.student.ticket);
    await first.next('welcome');
    await tch.next('peer-joined');

    const again = await getRoom(ctx.t, `id=${room.course.id}`, room.session.token);
    const second = client(baseB, (again.body.data as Room).ticket);
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
    expect(ctx.t.app.signalling.connectionCount()).toBe(0);
    expect(b.app.signalling.connectionCount()).toBe(2);
    tch.send({ type: 'chat', text: 'still here?' });
    expect(await second.next('chat')).toMatchObject({ text: 'still here?' });
  });
});

describe('the PostgreSQL bus', () => {
  it('hands every event, large ones in parts, to every listener in order', async () => {
    const channel = `classroom_test_${process.pid}_${Date.now() % 1_000_000}`;
    const heard: BusEvent[][] = [[], []];
    const log = { warn() {} };
    const buses = [0, 1].map((i) =>
      createPostgresBus({ connectionString: PG_URL, channel, onEvent: (e) => heard[i]!.push(e), log }),
    );
    try {
      await Promise.all(buses.map((bus) => bus.ready()));
      const big: BusEvent = {
        k: 'relay',
        c: 7,
        to: 'student',
        msg: { type: 'offer', sdp: `v=0 ${'é你'.repeat(6000)}` },
      };
      const small: BusEvent = { k: 'join', c: 7, seat: 'teacher', conn: 'x', at: 1 };
      await buses[0]!.publish(big);
      await buses[0]!.publish(small);
      const deadline = Date.now() + 15_000;
      while ((heard[0]!.length < 2 || heard[1]!.length < 2) && Date.now() < deadline) await quiet(20);
      expect(heard).toEqual([
        [big, small],
        [big, small],
      ]);
    } finally {
      await Promise.all(buses.map((bus) => bus.close()));
    }
  });
});
