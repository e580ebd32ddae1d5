import { randomUUID } from 'node:crypto';
import type { Seat, ServerMessage } from '@app/contract/classroom';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * How the rooms' instances talk (DESIGN.md §12): the two seats of a class may be connected to
 * different instances, so every join, leave and relayed message is published on a bus that every
 * instance hears: Redis pub/sub when REDIS_URL is set, PostgreSQL LISTEN/NOTIFY when the database
 * is PostgreSQL, otherwise nothing (one instance). Redis and PostgreSQL hand an event back to its
 * publisher too; the hub (signalling.ts) applied its own events as it made them and ignores them
 * when they come back (`from`). The channel is named after a hash of a server secret, so deployments
 * sharing a Redis or a PostgreSQL server (but not a database) never hear each other.
 */
export type BusEvent =
  /** A seat's connection `conn` joined at `at` (a newer join of the same seat replaces the older). */
  (
    | { k: 'join'; c: number; seat: Seat; conn: string; at: number }
    /** The answer of an instance holding a seat to a join: `seat` is present (for the joiner `to`). */
    | { k: 'here'; c: number; seat: Seat; conn: string; to: string }
    /** A seat's connection left (not replaced). */
    | { k: 'left'; c: number; seat: Seat; conn: string }
    /** A message for the connection of seat `to`. */
    | { k: 'relay'; c: number; to: Seat; msg: ServerMessage }
  ) & {
    /** The instance that published it (random, made as its hub starts); absent in tests' own events. */
    from?: string;
  };

export type SignalBus = {
  readonly kind: 'memory' | 'redis' | 'postgres';
  publish(event: BusEvent): Promise<void>;
  /** Ready to hear (subscribed). */
  ready(): Promise<void>;
  close(): Promise<void>;
};

type Log = { warn(obj: object, msg?: string): void };

/**
 * One process (SQLite): every seat is on this instance, where the hub delivers at once, so there is
 * no other instance to tell and nothing to hand back (an event would only come back as its own).
 */
export function createMemoryBus(): SignalBus {
  return {
    kind: 'memory',
    async publish() {},
    async ready() {},
    async close() {},
  };
}

export function createRedisBus(options: {
  url: string;
  channel: string;
  onEvent: (event: BusEvent) => void;
  log: Log;
}): SignalBus {
  const settings = { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false } as const;
  const pub = new Redis(options.url, settings);
  const sub = new Redis(options.url, settings);
  pub.on('error', (err) => options.log.warn({ err }, 'classroom redis (publish) error'));
  sub.on('error', (err) => options.log.warn({ err }, 'classroom redis (subscribe) error'));
  sub.on('message', (channel: string, data: string) => {
    if (channel !== options.channel) return;
    try {
      options.onEvent(JSON.parse(data) as BusEvent);
    } catch (err) {
      options.log.warn({ err }, 'classroom bus: unreadable event dropped');
    }
  });
  const subscribed = sub.subscribe(options.channel).then(() => undefined);
  subscribed.catch(() => undefined);
  return {
    kind: 'redis',
    async publish(event) {
      await pub.publish(options.channel, JSON.stringify(event));
    },
    ready: () => subscribed,
    async close() {
      sub.disconnect();
      pub.disconnect();
    },
  };
}

/** NOTIFY payloads are limited to 8000 bytes: longer events go in parts (base64 of 5000 bytes each). */
const PG_WHOLE_BYTES = 7000;
const PG_PART_BYTES = 5000;

type Part = { k: 'part'; id: string; i: number; n: number; d: string };

/**
 * PostgreSQL LISTEN/NOTIFY on a connection of its own, connected again every second after a failed
 * connect or a drop until it holds (not only when this instance next publishes). An event longer
 * than a NOTIFY payload (an SDP offer can be) is sent in parts, reassembled in order (a session's
 * notifications arrive in the order they were sent).
 */
export function createPostgresBus(options: {
  connectionString: string;
  channel: string;
  onEvent: (event: BusEvent) => void;
  log: Log;
}): SignalBus {
  const { channel } = options;
  const parts = new Map<string, { got: string[]; n: number; at: number }>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  /** The connection being made or held: an older one's late error changes nothing. */
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const hear = (payload: string | undefined) => {
    if (!payload) return;
    try {
      const data = JSON.parse(payload) as BusEvent | Part | BusEvent[];
      if (Array.isArray(data)) {
        for (const event of data) options.onEvent(event);
        return;
      }
      if (data.k !== 'part') return options.onEvent(data);
      const entry = parts.get(data.id) ?? { got: [], n: data.n, at: Date.now() };
      entry.got[data.i] = data.d;
      parts.set(data.id, entry);
      if (entry.got.filter((p) => p !== undefined).length === entry.n) {
        parts.delete(data.id);
        const text = Buffer.concat(entry.got.map((p) => Buffer.from(p, 'base64'))).toString('utf8');
        options.onEvent(JSON.parse(text) as BusEvent);
      }
      // Parts of a publisher that died midway are forgotten after a minute.
      for (const [id, e] of parts) if (Date.now() - e.at > 60_000) parts.delete(id);
    } catch (err) {
      options.log.warn({ err }, 'classroom bus: unreadable event dropped');
    }
  };

  /** One pending attempt at a time; the events published meanwhile are not heard again. */
  const connectLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect().catch(() => undefined);
    }, 1000);
    retry.unref();
  };

  const connect = (): Promise<pg.Client> => {
    if (connecting) return connecting;
    const attempt: Promise<pg.Client> = (async () => {
      const c = new pg.Client({ connectionString: options.connectionString });
      current = c;
      c.on('notification', (n) => {
        if (n.channel === channel) hear(n.payload);
      });
      c.on('error', (err) => {
        c.end().catch(() => undefined);
        if (current !== c) return;
        options.log.warn({ err }, 'classroom bus: PostgreSQL connection lost; reconnecting');
        current = undefined;
        client = undefined;
        connecting = undefined;
        connectLater();
      });
      try {
        await c.connect();
        await c.query(`LISTEN "${channel}"`);
      } catch (error) {
        c.end().catch(() => undefined);
        throw error;
      }
      if (closed) {
        await c.end().catch(() => undefined);
        throw new Error('classroom bus closed');
      }
      client = c;
      return c;
    })().catch((error: unknown) => {
      if (connecting === attempt) connecting = undefined;
      connectLater();
      throw error;
    });
    connecting = attempt;
    return attempt;
  };
  const first = connect();
  first.catch(() => undefined);

  /**
   * Events wait in one queue and go out in batches: one NOTIFY whose payload is a JSON array of
   * the queued events that fit (an event's parts go alone), one statement at a time on the
   * connection, so events keep their order and a query never starts while another runs. When
   * nothing is in flight an event goes at once.
   */
  type Queued = { text: string; single: boolean; done: (error?: unknown) => void };
  const queue: Queued[] = [];
  let sending = false;
  const pump = async () => {
    if (sending) return;
    sending = true;
    try {
      while (queue.length > 0) {
        const batch: Queued[] = [queue.shift()!];
        let bytes = Buffer.byteLength(batch[0]!.text) + 2;
        if (!batch[0]!.single) {
          while (queue.length > 0 && !queue[0]!.single) {
            const size = Buffer.byteLength(queue[0]!.text) + 1;
            if (bytes + size > PG_WHOLE_BYTES) break;
            bytes += size;
            batch.push(queue.shift()!);
          }
        }
        const payload = batch[0]!.single ? batch[0]!.text : `[${batch.map((q) => q.text).join(',')}]`;
        try {
          const c = client ?? (await connect());
          await c.query('select pg_notify($1, $2)', [channel, payload]);
          for (const q of batch) q.done();
        } catch (error) {
          for (const q of batch) q.done(error);
        }
      }
    } finally {
      sending = false;
    }
  };
  const send = (text: string, single: boolean) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ text, single, done: (error) => (error ? reject(error) : resolve()) });
      void pump();
    });

  return {
    kind: 'postgres',
    async publish(event) {
      const text = JSON.stringify(event);
      const bytes = Buffer.from(text, 'utf8');
      if (bytes.length <= PG_WHOLE_BYTES - 2) return send(text, false);
      const id = randomUUID();
      const n = Math.ceil(bytes.length / PG_PART_BYTES);
      const sent: Promise<void>[] = [];
      for (let i = 0; i < n; i++) {
        const d = bytes.subarray(i * PG_PART_BYTES, (i + 1) * PG_PART_BYTES).toString('base64');
        const part: Part = { k: 'part', id, i, n, d };
        sent.push(send(JSON.stringify(part), true));
      }
      await Promise.all(sent);
    },
    ready: () => first.then(() => undefined),
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
