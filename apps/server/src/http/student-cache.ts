import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { prepared, type Arg } from '../db/prepared.ts';
import { langOf } from './envelope.ts';
import { matchedRoute } from './route-path.ts';

/**
 * The logged-in student's reply cache (issue 36; docs/decisions.md, "Performance"): the serialized
 * 200 reply of a read a student makes on every visit, kept in this process under (student, route,
 * validated query, language) with the student's version (migration 0017) it was computed under.
 *
 * A read declares `config: { studentCache: true }` (with the default `required` session). After the
 * session guard and the query's validation, a preHandler reads the student's version (one
 * primary-key lookup, prepared) and answers from the entry when it was computed under that version
 * less than `freshMs` ago; otherwise the route runs and its 200 is stored under the version read
 * before it ran. Every write to a row these reads show bumps the version in the write's own
 * transaction (database triggers, so the ops CLI, jobs and other instances included): a reply
 * computed before a write is never served after it, on any instance. `freshMs` bounds what the
 * clock alone changes (a class starting, the room opening, the 24-hour cancel rule, a card
 * expiring). An error reply is never kept.
 */
export type StudentCacheSettings = {
  /** How long an entry may be served while the student's version is unchanged (ms); 0 turns the cache off. */
  freshMs: number;
  maxEntries: number;
  /** Bytes of bodies and keys together. */
  maxBytes: number;
};

export const STUDENT_CACHE_DEFAULTS: StudentCacheSettings = {
  freshMs: 3_000,
  maxEntries: 20_000,
  maxBytes: 64 * 1024 * 1024,
};

type Entry = {
  key: string;
  version: number;
  storedAt: number;
  body: Buffer;
  contentType: string;
  size: number;
};

type RequestState = { key: string; version: number };

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
  set(key: string, version: number, body: Buffer, contentType: string): void;
  clear(): void;
  stats(): { entries: number; bytes: number; hits: number; misses: number };
};

export function createStudentCache(clock: Clock, settings: StudentCacheSettings): StudentCache {
  // A Map keeps insertion order: re-inserting on a hit makes its first key the least recently used.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  function remove(entry: Entry): void {
    if (entries.get(entry.key) !== entry) return;
    entries.delete(entry.key);
    bytes -= entry.size;
  }

  return {
    get(key, version) {
      const entry = entries.get(key);
      const age = entry === undefined ? -1 : clock.now() - entry.storedAt;
      if (entry === undefined || entry.version !== version || age < 0 || age >= settings.freshMs) {
        misses++;
        return undefined;
      }
      hits++;
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    set(key, version, body, contentType) {
      const existing = entries.get(key);
      if (existing) remove(existing);
      const size = body.length + key.length * 2;
      if (settings.freshMs <= 0 || size > settings.maxBytes || settings.maxEntries <= 0) return;
      entries.set(key, { key, version, storedAt: clock.now(), body, contentType, size });
      bytes += size;
      for (const oldest of entries.values()) {
        if (entries.size <= settings.maxEntries && bytes <= settings.maxBytes) break;
        remove(oldest);
      }
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
  };
}

const versionOf = prepared((db, arg: Arg<{ studentId: number }>) =>
  db.selectFrom('student_reads_version').select('version').where('student_id', '=', arg('studentId')),
);

/** The student's current version (0 before any write). */
export async function studentReadsVersion(db: Db, studentId: number): Promise<number> {
  const row = (await versionOf(db, { studentId })).rows[0];
  return row === undefined ? 0 : Number(row.version);
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
  settings: StudentCacheSettings = STUDENT_CACHE_DEFAULTS,
): void {
  const cache = createStudentCache(clock, settings);
  app.decorate('studentCache', cache);
  app.decorateRequest('studentCacheState', null);
  if (settings.freshMs <= 0) return;

  // A route hook, so it runs after the session guard (preParsing) and the query's validation.
  const lookup: preHandlerHookHandler = (request, reply, done) => {
    const student = request.student;
    if (request.method !== 'GET' || student === null) return done();
    const url = matchedRoute(request).url ?? request.url;
    studentReadsVersion(db, student.studentId).then((version) => {
      const key = keyOf(request, student.studentId, url);
      const entry = cache.get(key, version);
      if (entry === undefined) {
        request.studentCacheState = { key, version };
        return done();
      }
      // Not calling done(): the reply is sent from here (onSend hooks, compression included, still run).
      reply.header('content-type', entry.contentType).send(entry.body);
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
      cache.set(state.key, state.version, body, contentType);
    }
    done(null, payload);
  });
}
