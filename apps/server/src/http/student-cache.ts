import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { BoundedLru } from './bounded-lru.ts';
import { COMPRESS_THRESHOLD, encodeBody, encodingFor, type Encoding } from './encoding.ts';
import { batchedRead, keysParameter, oneOf, type KeysParameter } from '../db/batched-read.ts';
import { prepared, type Arg } from '../db/prepared.ts';
import { dialectOf } from '../db/dialect.ts';
import { langOf } from './envelope.ts';
import { matchedRoute } from './route-path.ts';

/**
 * The logged-in student's reply cache (issue 36; docs/decisions.md, "Performance"): the serialized
 * 200 reply of a read a student makes on every visit, kept in this process under (student, route,
 * validated query, language) with the student's version (migration 0017) it was computed under.
 *
 * A read declares `config: { studentCache: true }` (with the default `required` session). After the
 * session guard and the query's validation, a preHandler reads the student's version (a
 * primary-key lookup, one statement for the requests of the same turn: db/batched-read.ts) and answers from the entry when it was computed under that version
 * and its time is not up; otherwise the route runs and its 200 is stored under the version read
 * before it ran. Every write to a row these reads show bumps the version in the write's own
 * transaction (database triggers, so the ops CLI, jobs and other instances included): a reply
 * computed before a write is never served after it, on any instance. What the clock alone changes
 * (a class starting, the room opening, the 24-hour cancel rule, a card expiring) ends an entry's
 * time at that instant: `nextChange` gives the student's next one, computed before the route runs
 * and kept per student while the version holds. `freshMs` bounds an entry's life besides. An error
 * reply is never kept.
 */
export type StudentCacheSettings = {
  /**
   * The longest an entry may be served while the student's version is unchanged and no change by
   * the clock is due (ms); 0 turns the cache off. Each entry's own limit is drawn between three
   * quarters of it and all of it (`FRESH_SPREAD`), so entries made together (a restart, a burst of
   * students) do not all end together and get recomputed in one burst.
   */
  freshMs: number;
  maxEntries: number;
  /** Bytes of bodies and keys together. */
  maxBytes: number;
};

export const STUDENT_CACHE_DEFAULTS: StudentCacheSettings = {
  freshMs: 10_000,
  maxEntries: 20_000,
  maxBytes: 64 * 1024 * 1024,
};

/** The share of `freshMs` by which an entry's own limit may fall short of it, drawn per entry. */
export const FRESH_SPREAD = 0.25;

type Entry = {
  key: string;
  version: number;
  storedAt: number;
  /** Served until then (the next change by the clock, or storedAt + freshMs). */
  until: number;
  body: Buffer;
  contentType: string;
  size: number;
  /** Compressed copies, made when first asked for (bytes counted in `size`). */
  br?: Buffer;
  gzip?: Buffer;
};

type RequestState = { key: string; version: number; until: number };

/** When the clock alone next changes a read of the student's (ms after the epoch). */
export type NextChange = (db: Db, studentId: number, now: number) => Promise<number>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The logged-in student's 200 replies of this read are cached (http/student-cache.ts). */
    studentCache?: boolean;
  }
  interface FastifyInstance {
    studentCache: StudentCache;
  }
  interface FastifyRequest {
    studentCacheState: RequestState | null;
  }
}

export type StudentCache = {
  /** The entry of `key` computed under `version` and still fresh, or undefined. */
  get(key: string, version: number): Entry | undefined;
  /** Keeps a reply computed under `version` until `until` at the latest (and no longer than freshMs). */
  set(key: string, version: number, body: Buffer, contentType: string, until?: number): void;
  /** The body of `entry` in `encoding`, compressed once and kept (within the bounds). */
  encoded(entry: Entry, encoding: Encoding | null): Buffer;
  clear(): void;
  stats(): { entries: number; bytes: number; hits: number; misses: number };
};

export function createStudentCache(clock: Clock, settings: StudentCacheSettings): StudentCache {
  const entries = new BoundedLru<Entry>(settings.maxEntries, settings.maxBytes);
  let hits = 0;
  let misses = 0;

  return {
    get(key, version) {
      const entry = entries.peek(key);
      const now = clock.now();
      if (entry === undefined || entry.version !== version || now < entry.storedAt || now >= entry.until) {
        misses++;
        return undefined;
      }
      hits++;
      entries.touch(entry);
      return entry;
    },
    set(key, version, body, contentType, until = Number.POSITIVE_INFINITY) {
      const existing = entries.peek(key);
      if (existing) entries.remove(existing);
      const size = body.length + key.length * 2;
      if (settings.freshMs <= 0 || !entries.fits(size)) return;
      const storedAt = clock.now();
      entries.set({
        key,
        version,
        storedAt,
        until: Math.min(until, storedAt + settings.freshMs * (1 - FRESH_SPREAD * Math.random())),
        body,
        contentType,
        size,
      });
    },
    encoded(entry, encoding) {
      if (encoding === null) return entry.body;
      const kept = entry[encoding];
      if (kept) return kept;
      const compressed = encodeBody(entry.body, encoding);
      if (entries.peek(entry.key) === entry) {
        entry[encoding] = compressed;
        entries.grow(entry, compressed.length);
      }
      return compressed;
    },
    clear() {
      entries.clear();
    },
    stats: () => ({ entries: entries.size, bytes: entries.bytes, hits, misses }),
  };
}

/**
 * The current version of a student (0 before any write), read together with those of the other
 * requests that arrived in the same turn (db/batched-read.ts): one statement for many hits.
 */
const versionsByStudents = prepared((db, arg: Arg<{ ids: KeysParameter }>) =>
  db
    .selectFrom('student_reads_version')
    .select(['student_id', 'version'])
    .where(oneOf(dialectOf(db), 'student_id', arg('ids'))),
);

export function studentReadsVersions(db: Db): (studentId: number) => Promise<number> {
  const dialect = dialectOf(db);
  const read = batchedRead(async (ids: number[]) => {
    const { rows } = await versionsByStudents(db, { ids: keysParameter(dialect, ids) });
    return new Map(rows.map((row) => [Number(row.student_id), Number(row.version)]));
  });
  return async (studentId) => (await read(studentId)) ?? 0;
}

/** The validated query in a fixed order: `?b=1&a=2` and `?a=2&b=1` (and defaults spelled out) share an entry. */
function canonical(values: unknown): string {
  if (values === null || typeof values !== 'object') return '';
  const record = values as Record<string, unknown>;
  let out = '';
  for (const name of Object.keys(record).sort()) {
    const value = record[name];
    if (value === undefined) continue;
    out += `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}&`;
  }
  return out;
}

function keyOf(request: FastifyRequest, studentId: number, url: string): string {
  return `${studentId}\n${url}\n${canonical(request.params)}\n${canonical(request.query)}\n${langOf(request)}`;
}

export function registerStudentCache(
  app: FastifyInstance,
  db: Db,
  clock: Clock,
  nextChange: NextChange,
  settings: StudentCacheSettings = STUDENT_CACHE_DEFAULTS,
): void {
  const cache = createStudentCache(clock, settings);
  app.decorate('studentCache', cache);
  app.decorateRequest('studentCacheState', null);
  if (settings.freshMs <= 0) return;
  const versionOf = studentReadsVersions(db);

  // Each student's next change by the clock, under the version it was computed for: the eight reads
  // of a visit share one computation. Bounded like the entries (cleared when full).
  const changes = new Map<number, { version: number; at: number }>();
  async function nextChangeOf(studentId: number, version: number): Promise<number> {
    const now = clock.now();
    const known = changes.get(studentId);
    if (known !== undefined && known.version === version && known.at > now) return known.at;
    const at = await nextChange(db, studentId, now);
    if (changes.size >= settings.maxEntries) changes.clear();
    changes.set(studentId, { version, at });
    return at;
  }

  // A route hook, so it runs after the session guard (preParsing) and the query's validation.
  const lookup: preHandlerHookHandler = (request, reply, done) => {
    const student = request.student;
    if (request.method !== 'GET' || student === null) return done();
    const url = matchedRoute(request).url ?? request.url;
    versionOf(student.studentId)
      .then(async (version) => {
        const key = keyOf(request, student.studentId, url);
        const entry = cache.get(key, version);
        if (entry !== undefined) return entry;
        // Computed before the route reads the clock: a change due in between ends the entry early, never late.
        request.studentCacheState = { key, version, until: await nextChangeOf(student.studentId, version) };
        return undefined;
      })
      .then((entry) => {
        if (entry === undefined) return done();
        // Not calling done(): the reply is sent from here (onSend hooks still run). Compressed as
        // compression.ts would, once per entry and encoding: the plugin leaves an encoded body alone.
        const encoding = encodingFor(request.headers, entry.body.length);
        reply.header('content-type', entry.contentType);
        if (entry.body.length >= COMPRESS_THRESHOLD) reply.header('vary', 'accept-encoding');
        if (encoding !== null) reply.header('content-encoding', encoding);
        reply.send(cache.encoded(entry, encoding));
      }, done);
  };

  app.addHook('onRoute', (route) => {
    if (route.config?.studentCache !== true) return;
    // The session default (`required`) is filled in later by registerApiRoutes' own onRoute hook.
    if ((route.config.session ?? 'required') !== 'required' || route.config.httpCache !== undefined) {
      throw new Error(`${route.url}: studentCache needs a required session and no HTTP caching`);
    }
    const hooks = route.preHandler;
    route.preHandler =
      hooks === undefined ? [lookup] : Array.isArray(hooks) ? [...hooks, lookup] : [hooks, lookup];
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const state = request.studentCacheState;
    // Undefined in the scopes registered before the decorator; null when the request was not a miss.
    if (state == null || reply.statusCode !== 200) return done(null, payload);
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      cache.set(state.key, state.version, body, contentType, state.until);
    }
    done(null, payload);
  });
}
