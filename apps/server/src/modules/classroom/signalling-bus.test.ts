import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { type BusEvent, type SignalBus, createPostgresBus } from './signalling-bus.ts';

/** The PostgreSQL bus against a real server (TEST_DATABASE_URL, else the local one). */
const URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const log = { warn: () => undefined };
const buses: SignalBus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
});

function pair() {
  const channel = `bus_test_${randomUUID().replaceAll('-', '')}`;
  const heard: BusEvent[] = [];
  const listener = createPostgresBus({ connectionString: URL, channel, onEvent: (e) => heard.push(e), log });
  const sender = createPostgresBus({ connectionString: URL, channel, onEvent: () => undefined, log });
  buses.push(listener, sender);
  return { listener, sender, heard };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
};

describe('PostgreSQL signalling bus', () => {
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
