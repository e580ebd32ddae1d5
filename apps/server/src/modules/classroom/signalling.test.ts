import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { ROOM_REFUSAL_REASONS } from '@app/contract/classroom';
import { createMemoryBus } from './signalling-bus.ts';
import { REFUSAL_REASONS, type RoomRefusalKey } from './refusals.ts';
import { closeReason, createSignallingHub, type SignallingHub } from './signalling.ts';

/**
 * The hub on a plain `ws` server (no app): the heartbeat drops a socket that stops answering pings
 * and keeps one that answers; attendance is told of both; close reasons fit a close frame.
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
) {
  const calls: string[] = [];
  const hub = createSignallingHub({
    clock: { now: () => Date.now() },
    log: { warn() {} },
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
  await hub.start(createMemoryBus((e) => hub.onBusEvent(e)));
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
  return { hub, url, calls };
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
