import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type BusEvent, type SignalBus, createPostgresBus } from './signalling-bus.ts';

/** The PostgreSQL bus against a real server (TEST_DATABASE_URL, else the local one). */
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const log = { warn: () => undefined };
const buses: SignalBus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
});

function pair() {
  const channel = `bus_test_${randomUUID().replaceAll('-', '')}`;
  const heard: BusEvent[] = [];
  const listener = createPostgresBus({
    connectionString: PG_URL,
    channel,
    onEvent: (e) => heard.push(e),
    log,
  });
  const sender = createPostgresBus({ connectionString: PG_URL, channel, onEvent: () => undefined, log });
  buses.push(listener, sender);
  return { listener, sender, heard };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
};

/** A TCP port forwarded to the PostgreSQL server once `open()` is called (the server "comes back"). */
async function lateProxy() {
  const target = new URL(PG_URL);
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  let server: Server | undefined;
  const sockets = new Set<Socket>();
  const via = new URL(PG_URL);
  via.hostname = '127.0.0.1';
  via.port = String(port);
  return {
    url: via.toString(),
    async open() {
      server = createServer((socket) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        sockets.add(socket).add(upstream);
        socket.on('error', () => upstream.destroy());
        upstream.on('error', () => socket.destroy());
        socket.pipe(upstream).pipe(socket);
      }).listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    /** PostgreSQL "goes away": the proxy stops and cuts its connections. */
    async close() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (server) await new Promise((r) => server!.close(r));
      server = undefined;
    },
  };
}

describe('PostgreSQL signalling bus', () => {
  it('listens again by itself whenever PostgreSQL comes back (after a failed start, after a drop longer than a retry), without publishing', async () => {
    const proxy = await lateProxy();
    const channel = `bus_test_${randomUUID().replaceAll('-', '')}`;
    const heard: BusEvent[] = [];
    const listener = createPostgresBus({
      connectionString: proxy.url,
      channel,
      onEvent: (e) => heard.push(e),
      log,
    });
    const sender = createPostgresBus({ connectionString: PG_URL, channel, onEvent: () => undefined, log });
    buses.push(listener, sender);
    try {
      const heardOnceBack = async () => {
        heard.length = 0;
        await proxy.open();
        for (let n = 0; n < 40 && heard.length === 0; n++) {
          await sender.publish({ k: 'left', c: n, seat: 'teacher', conn: 'x' });
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(heard.length).toBeGreaterThan(0);
      };
      await expect(listener.ready()).rejects.toThrow();
      await heardOnceBack();
      await proxy.close();
      // Down long enough that the first attempt to connect again fails.
      await new Promise((r) => setTimeout(r, 1500));
      await heardOnceBack();
    } finally {
      await listener.close();
      await proxy.close();
    }
  });

  it('sends 600 events published at once in batches, each class in order, none twice', async () => {
    const { listener, sender, heard } = pair();
    await Promise.all([listener.ready(), sender.ready()]);
    const started = Date.now();
    const sent: Promise<void>[] = [];
    for (let i = 0; i < 600; i++) {
      const msg = { t: 'peer-left', seat: 'teacher', n: i } as never;
      sent.push(sender.publish({ k: 'relay', c: i % 5, to: 'student', msg }));
    }
    await Promise.all(sent);
    await until(() => heard.length >= 600);
    expect(heard).toHaveLength(600);
    expect(Date.now() - started).toBeLessThan(3000);
    for (let c = 0; c < 5; c++) {
      const order = heard.filter((e) => e.c === c).map((e) => (e as unknown as { msg: { n: number } }).msg.n);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(new Set(order).size).toBe(120);
    }
  });

  it('still splits an event over 8000 bytes, in order with small events around it', async () => {
    const { listener, sender, heard } = pair();
    await Promise.all([listener.ready(), sender.ready()]);
    const big = { t: 'signal', sdp: 'x'.repeat(20_000) } as never;
    await Promise.all([
      sender.publish({ k: 'left', c: 1, seat: 'teacher', conn: 'a' }),
      sender.publish({ k: 'relay', c: 1, to: 'student', msg: big }),
      sender.publish({ k: 'left', c: 1, seat: 'student', conn: 'b' }),
    ]);
    await until(() => heard.length >= 3);
    expect(heard.map((e) => e.k)).toEqual(['left', 'relay', 'left']);
    expect(heard[1]).toEqual({ k: 'relay', c: 1, to: 'student', msg: big });
  });
});
