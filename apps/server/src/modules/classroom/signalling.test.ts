import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { ROOM_REFUSAL_REASONS } from '@app/contract/classroom';
import { createMemoryBus, createPostgresBus, type BusEvent, type SignalBus } from './signalling-bus.ts';
import { REFUSAL_REASONS, type RoomRefusalKey } from './refusals.ts';
import { closeReason, createSignallingHub, type SignallingHub } from './signalling.ts';
import { closedPort } from '../../../../../test-support/ports.ts';

/**
 * The hub on a plain `ws` server (no app): the heartbeat drops a socket that stops answering pings
 * and keeps one that answers; attendance is told of both; close reasons fit a close frame; two seats
 * on one hub talk while its bus cannot publish.
 */

const servers: WebSocketServer[] = [];
const hubs: SignallingHub[] = [];

afterEach(async () => {
  for (const hub of hubs.splice(0)) await hub.stop();
  for (const server of servers.splice(0)) {
    for (const c of server.clients) c.terminate();
    await new Promise((r) => server.close(r));
  }
});

async function hubOnServer(
  heartbeatMs: number,
  refusalNow?: () => Promise<'classroom.cancelled' | undefined>,
  busOf?: (onEvent: (e: BusEvent) => void) => SignalBus,
) {
  const calls: string[] = [];
  const warnings: { obj: object; msg: string | undefined }[] = [];
  const hub = createSignallingHub({
    clock: { now: () => Date.now() },
    log: {
      warn(obj, msg) {
        warnings.push({ obj, msg });
      },
    },
    heartbeatMs,
    ...(refusalNow ? { refusalNow } : {}),
    attendance: {
      async seatJoined(id, seat) {
        calls.push(`joined ${id} ${seat}`);
      },
      async seatLeft(id, seat) {
        calls.push(`left ${id} ${seat}`);
      },
    },
  });
  await hub.start(busOf ? busOf((e) => hub.onBusEvent(e)) : createMemoryBus());
  hubs.push(hub);
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  servers.push(server);
  await once(server, 'listening');
  server.on('connection', (socket, request) => {
    const seat = request.url?.includes('teacher') ? 'teacher' : 'student';
    void hub.join(
      socket,
      { id: 'AbCdEfGhIjKlMn-_', classId: 9, seat, expiresAt: Date.now() + 60_000, lang: 'en' },
      Date.now() + 3_600_000,
    );
  });
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { hub, url, calls, warnings };
}

describe('the signalling hub', () => {
  it('drops a connection that stops answering pings and tells the other seat and attendance', async () => {
    const { hub, url, calls } = await hubOnServer(100);
    const alive = new WebSocket(`${url}/teacher`);
    const dead = new WebSocket(`${url}/student`, { autoPong: false });
    const teacherMessages: unknown[] = [];
    alive.on('message', (d) => teacherMessages.push(JSON.parse(String(d))));
    await Promise.all([once(alive, 'open'), once(dead, 'open')]);
    const [code] = (await once(dead, 'close')) as [number];
    expect(code).toBe(1006);
    await new Promise((r) => setTimeout(r, 400));
    expect(alive.readyState).toBe(WebSocket.OPEN);
    expect(hub.connectionCount()).toBe(1);
    expect(teacherMessages).toContainEqual({ type: 'peer-left', seat: 'student' });
    expect(calls).toEqual(expect.arrayContaining(['joined 9 teacher', 'joined 9 student', 'left 9 student']));
    expect(calls).not.toContain('left 9 teacher');
    alive.close();
  });

  it('closes a room whose class was cancelled or abolished while it was open', async () => {
    let abolished = false;
    const { url } = await hubOnServer(100, async () => (abolished ? 'classroom.cancelled' : undefined));
    const socket = new WebSocket(`${url}/student`);
    const messages: { type: string }[] = [];
    socket.on('message', (d) => messages.push(JSON.parse(String(d)) as { type: string }));
    await once(socket, 'open');
    await new Promise((r) => setTimeout(r, 250));
    expect(socket.readyState).toBe(WebSocket.OPEN);
    abolished = true;
    const [code, reason] = (await once(socket, 'close')) as [number, Buffer];
    expect(code).toBe(4403);
    expect(JSON.parse(String(reason))).toEqual({
      code: 'classroom.cancelled',
      reason: 'cancelled',
      message: 'This class was cancelled; its classroom is closed',
    });
    expect(messages.map((m) => m.type)).toEqual(['welcome', 'closing']);
  });

  it('relays between two seats on this instance while its PostgreSQL bus is down, and warns without the payload', async () => {
    const port = await closedPort();
    const buses: SignalBus[] = [];
    const { url, warnings } = await hubOnServer(25_000, undefined, (onEvent) => {
      const bus = createPostgresBus({
        connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
        channel: 'classroom_down',
        onEvent,
        log: { warn() {} },
      });
      buses.push(bus);
      return bus;
    });
    try {
      const teacher = new WebSocket(`${url}/teacher`);
      const student = new WebSocket(`${url}/student`);
      const heard: { type: string; sdp?: string }[] = [];
      student.on('message', (d) => heard.push(JSON.parse(String(d)) as { type: string; sdp?: string }));
      await Promise.all([once(teacher, 'open'), once(student, 'open')]);
      await new Promise((r) => setTimeout(r, 400));
      teacher.send(JSON.stringify({ type: 'offer', sdp: 'v=0 secret-offer' }));
      for (let i = 0; i < 100 && !heard.some((m) => m.type === 'offer'); i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(heard).toContainEqual({ type: 'offer', sdp: 'v=0 secret-offer' });
      const failed = warnings.filter((w) => w.msg?.startsWith('classroom bus: publish failed'));
      expect(failed.length).toBeGreaterThan(0);
      expect(failed[0]!.obj).toMatchObject({ courseId: 9 });
      expect(JSON.stringify(warnings.map((w) => w.obj))).not.toContain('secret-offer');
      teacher.close();
      student.close();
    } finally {
      await Promise.all(buses.map((b) => b.close()));
    }
  });

  it('writes close reasons of at most 123 bytes, as JSON, each with its machine-readable reason', () => {
    for (const [key, reason] of Object.entries(REFUSAL_REASONS)) {
      for (const lang of ['en', 'zh-Hans'] as const) {
        const text = closeReason(key as RoomRefusalKey, lang);
        expect(Buffer.byteLength(text)).toBeLessThanOrEqual(123);
        const parsed = JSON.parse(text) as { code: string; reason: string; message: string };
        expect(parsed).toMatchObject({ code: key, reason });
        expect(ROOM_REFUSAL_REASONS).toContain(parsed.reason);
        expect(parsed.message.length).toBeGreaterThan(0);
      }
    }
    // Every reason of the contract is one the room sends.
    expect(new Set(Object.values(REFUSAL_REASONS))).toEqual(new Set(ROOM_REFUSAL_REASONS));
  });
});
