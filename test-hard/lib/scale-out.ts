import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * Helpers of the scale-out test (test-hard/scale-out.test.ts): the services it needs (PostgreSQL,
 * Redis) checked up front with a clear failure, a database of its own, a round-robin proxy standing
 * in for the load balancer, and the instances' job summaries read from their logs.
 */

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** The test's own Redis database (the limiter's keys are per client IP; the test's IPs are random). */
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379/9';

/** Connects once to PostgreSQL; throws a message that says what to start or set. */
export async function requirePostgres(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(
      `the scale-out test needs PostgreSQL at ${adminUrl} (set SCALE_PG_URL to an admin connection that may create databases): ${String(error)}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** PINGs Redis; throws a message that says what to start or set. */
export async function requireRedis(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 3_000, maxRetriesPerRequest: 0 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    const pong = await redis.ping();
    if (pong !== 'PONG') throw new Error(`PING answered ${pong}`);
  } catch (error) {
    throw new Error(`the scale-out test needs Redis at ${url} (set SCALE_REDIS_URL): ${String(error)}`);
  } finally {
    redis.disconnect();
  }
}

/** A fresh database on the server of `adminUrl`; `drop()` ends its connections and removes it. */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export type RoundRobinProxy = {
  base: string;
  /** Requests forwarded to each upstream so far, by its index. */
  counts: number[];
  /** Points upstream `index` elsewhere (an instance restarted on another port). */
  setUpstream(index: number, base: string): void;
  close(): Promise<void>;
};

/**
 * The load balancer of the test: each request goes to the next upstream in turn, whatever
 * connection it came on. The Host header is passed unchanged (absolute links the server builds
 * point back at the proxy); a client's X-Forwarded-For is passed through (the browser tests play
 * the balancer's part with it, as they do against one server with TRUST_PROXY=1), otherwise it is
 * set to the client's socket address. Each reply says which instance answered in `x-upstream`.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const targets = [...upstreams];
  const counts = targets.map(() => 0);
  let next = 0;
  const server = http.createServer((req, res) => {
    const index = next;
    next = (next + 1) % targets.length;
    counts[index] = (counts[index] ?? 0) + 1;
    const target = new URL(targets[index] ?? '');
    const headers = { ...req.headers };
    if (headers['x-forwarded-for'] === undefined) headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers,
      },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, { ...reply.headers, 'x-upstream': String(index) });
        reply.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain', 'x-upstream': String(index) });
      res.end(`proxy: upstream ${index} failed: ${error.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    counts,
    setUpstream(index, base) {
      targets[index] = base;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A documentation-range address (TEST-NET-2, RFC 5737) for one simulated client. */
export function testClientIp(): string {
  return `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
}

export type JobLine = { job: string; summary: Record<string, number> };

/**
 * The "job ran" lines (src/jobs/scheduler.ts logs a run that changed something, at info level) in
 * a server's log from byte `from` on.
 */
export function jobRuns(logFile: string, from = 0): JobLine[] {
  if (!fs.existsSync(logFile)) return [];
  const text = fs.readFileSync(logFile).subarray(from).toString('utf8');
  const runs: JobLine[] = [];
  for (const line of text.split('\n')) {
    if (!line.includes('"job ran"')) continue;
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue;
    }
    const summary: Record<string, number> = {};
    for (const [key, value] of Object.entries(parsed)) if (typeof value === 'number') summary[key] = value;
    delete summary.level;
    delete summary.time;
    delete summary.pid;
    runs.push({ job: String(parsed.job), summary });
  }
  return runs;
}

/** Lines of a server's log from byte `from` on whose text matches `pattern`. */
export function logLines(logFile: string, pattern: RegExp, from = 0): string[] {
  if (!fs.existsSync(logFile)) return [];
  return fs
    .readFileSync(logFile)
    .subarray(from)
    .toString('utf8')
    .split('\n')
    .filter((line) => pattern.test(line));
}

/** The size of a file now (a mark to read a log from). */
export const sizeOf = (file: string): number => (fs.existsSync(file) ? fs.statSync(file).size : 0);
