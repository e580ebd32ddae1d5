import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { Room, ServerMessage } from '@app/contract/classroom';
import { createSlot, createTeacher } from './factories.ts';
import { envelope, get, loginBySms } from './auth.ts';
import { giveCoins, MINUTE, wholeMinute } from './courses.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/**
 * The live classroom's test kit (DESIGN.md §12): an app with the live driver, a student with a
 * class, each seat's room, and a `ws` client that records what the room sends.
 */

export const LIVE_ENV = {
  CLASSROOM_DRIVER: 'live',
  // Classes booked minutes ahead, so the students' sessions (30 min) outlive the wait for the room.
  BOOKING_MIN_NOTICE_MINUTES: '0',
  ICE_SERVERS: 'stun:stun.example.com:3478,turn:turn.example.com:3478?transport=udp',
  TURN_SECRET: 'coturn-shared-secret-0123',
};

export type Ctx = { t: TestApp; teacher: number };

export async function setupLive(options: TestAppOptions = {}): Promise<Ctx> {
  const t = await createTestApp({ ...options, env: { ...LIVE_ENV, ...options.env } });
  const teacher = await createTeacher(t.db, { name: 'Emily Carter', price_coins: 100 });
  return { t, teacher };
}

let ipCounter = 0;
/** A documentation-range address per login, so the per-IP limits never add up across tests. */
const nextIp = () => {
  ipCounter++;
  return `198.51.${100 + Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

/** A logged-in student with a class starting `startIn` from now. */
export async function studentWithClass(ctx: Ctx, startIn = 15 * MINUTE) {
  const session = await loginBySms(ctx.t, undefined, { ip: nextIp() });
  await giveCoins(ctx.t.db, ctx.t.app.wallet, session.studentId, 1000);
  const slotId = await createSlot(ctx.t.db, ctx.teacher, {
    start_at: wholeMinute(ctx.t.clock.now() + startIn),
  });
  const course = await ctx.t.app.courses.book({ studentId: session.studentId, slotId, payType: 'coin' });
  return { session, course, startAt: Date.parse(course.start), endAt: Date.parse(course.end) };
}

/** A new session of the same student after the clock moved past the last one's lifetime. */
export async function relogin(ctx: Ctx, mobile: string): Promise<string> {
  return (await loginBySms(ctx.t, mobile, { ip: nextIp() })).token;
}

/** The teacher's link token of a class, as the ops CLI prints it. */
export async function teacherToken(t: TestApp, classId: number): Promise<string> {
  const link = await t.app.services.attendance.teacherLink(classId);
  if (!link) throw new Error('no class');
  return link.token;
}

export async function getRoom(t: TestApp, query: string, token?: string, lang: 'en' | 'zh-Hans' = 'en') {
  const reply = await get(t, `/classroom/getRoom?${query}`, { lang, ...(token ? { token } : {}) });
  return { status: reply.statusCode, body: envelope(reply) };
}

export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}`;
}

/** A client socket that records every message and its close. */
export function client(base: string, ticket: string, extra = '') {
  const socket = new WebSocket(`${base}/api/v1/classroom/ws?ticket=${encodeURIComponent(ticket)}${extra}`);
  const messages: ServerMessage[] = [];
  const waiters: { pred: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  socket.on('message', (data) => {
    const msg = JSON.parse(String(data)) as ServerMessage;
    messages.push(msg);
    for (const w of [...waiters]) {
      if (w.pred(msg)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(msg);
      }
    }
  });
  const closed = once(socket, 'close').then(([code, reason]) => ({
    code: code as number,
    reason: String(reason) ? (JSON.parse(String(reason)) as { code: string; message: string }) : undefined,
  }));
  return {
    socket,
    messages,
    closed,
    send: (msg: unknown) => socket.send(typeof msg === 'string' ? msg : JSON.stringify(msg)),
    /** The next message (already received or to come) of this type that passes `pred`. */
    next<T extends ServerMessage['type']>(
      type: T,
      pred: (m: Extract<ServerMessage, { type: T }>) => boolean = () => true,
      timeoutMs = 5000,
    ): Promise<Extract<ServerMessage, { type: T }>> {
      const test = (m: ServerMessage) => m.type === type && pred(m as Extract<ServerMessage, { type: T }>);
      const seen = messages.find(test);
      if (seen) {
        messages.splice(messages.indexOf(seen), 1);
        return Promise.resolve(seen as Extract<ServerMessage, { type: T }>);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          pred: test,
          resolve: (m) => {
            clearTimeout(timer);
            messages.splice(messages.indexOf(m), 1);
            resolve(m as Extract<ServerMessage, { type: T }>);
          },
        });
      });
    },
  };
}

/** Nothing more arrives for a while. */
export const quiet = (ms = 300) => new Promise((r) => setTimeout(r, ms));

/**
 * The student's and the teacher's seats opened at the same moment (on one base or two): how many
 * times each was told the other is there (its welcome's peer_present, then any peer-joined).
 */
export async function timesToldPresent(
  student: { base: string; ticket: string },
  teacher: { base: string; ticket: string },
): Promise<number[]> {
  const seats = [client(student.base, student.ticket), client(teacher.base, teacher.ticket)];
  const welcomes = await Promise.all(seats.map((seat) => seat.next('welcome')));
  await quiet(700);
  return seats.map(
    (seat, i) =>
      (welcomes[i]!.peer_present ? 1 : 0) + seat.messages.filter((m) => m.type === 'peer-joined').length,
  );
}

/** A class open now, its student's and teacher's rooms. */
export async function openClass(ctx: Ctx, lang: 'en' | 'zh-Hans' = 'en') {
  const c = await studentWithClass(ctx);
  ctx.t.clock.advance(c.startAt - ctx.t.clock.now() - 5 * MINUTE);
  const student = await getRoom(ctx.t, `id=${c.course.id}`, c.session.token, lang);
  const token = await teacherToken(ctx.t, c.course.id);
  const teacher = await getRoom(ctx.t, `id=${c.course.id}&t=${encodeURIComponent(token)}`, undefined, lang);
  expect(student.status).toBe(200);
  expect(teacher.status).toBe(200);
  return { ...c, student: student.body.data as Room, teacher: teacher.body.data as Room, teacherLink: token };
}
