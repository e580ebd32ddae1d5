import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
} from 'fastify';
import type { Clock } from '../clock.ts';
import { BoundedLru } from './bounded-lru.ts';
import { COMPRESS_THRESHOLD, encodeBody, encodingFor, type Encoding } from './encoding.ts';
import { langOf } from './envelope.ts';
import {
  ifNoneMatchHits,
  personalisedRead,
  publicRead,
  strongEtag,
  type HttpCachePolicy,
} from './http-cache.ts';
import { matchedRoute, type MatchedRoute } from './route-path.ts';
import type { SessionPolicy } from './session-policy.ts';

/**
 * The in-process cache of public read-only replies (issue 16, DESIGN.md §11 seams), two route options
 * read by the hooks below:
 * - a public read declares `config: { ...publicRead, publicCache: { tags: ['dict'] } }`: a visitor's
 *   200 reply is kept (bytes, ETag, and the Brotli/gzip copies made on demand) under route + path
 *   parameters + query (parameters in any order) + language, and the next visitor's request is
 *   answered from it in onRequest, before the body, the validation, the handler or serialization;
 * - a write declares `config: { invalidates: ['teachers'] }`: once it has answered (anything but a
 *   4xx refusal) every entry carrying one of those tags is dropped.
 * A reply that differs per student never enters the shared cache nor comes from it: an `optional`
 * route is cached only for requests without an Authorization header (with one, the guard decides
 * and http-cache.ts makes a student's reply `no-store`), and a `required` route may not declare it.
 * Other instances and the ops CLI cannot reach this memory, so an entry lives `ttlMs` at most
 * (docs/decisions.md); the database still decides every write (a taken slot is a 409).
 */
export type PublicCacheRoute = { tags: readonly string[] };

export type PublicCacheSettings = {
  /** How long an entry may be served; bounds staleness against writes of other processes. */
  ttlMs: number;
  maxEntries: number;
  /** Bytes of bodies (plain and compressed copies) and keys together. */
  maxBytes: number;
};

export const PUBLIC_CACHE_DEFAULTS: PublicCacheSettings = {
  ttlMs: 5_000,
  maxEntries: 2_000,
  maxBytes: 32 * 1024 * 1024,
};

type Entry = {
  key: string;
  tags: readonly string[];
  body: Buffer;
  etag: string;
  contentType: string;
  vary: string;
  expiresAt: number;
  /** From then on, one request recomputes the entry while the others are still served from it. */
  refreshAt: number;
  size: number;
  br?: Buffer;
  gzip?: Buffer;
};

/** What the onRequest hook decided: served from an entry, or a miss to store under `key`. */
type RequestState =
  { hit: true } | { hit: false; key: string; tags: readonly string[]; snapshot: number; leads: boolean };

/** What `begin` tells a request: the entry to send, compute the reply (and lead), or wait for a leader. */
export type Lookup = { entry: Entry } | { lead: true } | { wait: true };

/** How long requests waiting for another's reply wait before computing their own. */
const WAIT_LIMIT_MS = 2_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Visitor replies of this public read are cached in-process under these tags. */
    publicCache?: PublicCacheRoute;
    /** After this write answers (not a 4xx), cached replies carrying these tags are dropped. */
    invalidates?: readonly string[];
  }
  interface FastifyInstance {
    publicCache: PublicCache;
  }
  interface FastifyRequest {
    publicCacheState: RequestState | null;
  }
}

export type PublicCache = {
  /** The live entry of `key`, or undefined (expired entries are dropped on the way). */
  get(key: string): Entry | undefined;
  /**
   * A request for `key`: its live entry; or `lead` when no entry is live and no other request is
   * computing it (or the entry is due for refresh: the others keep being served from it meanwhile);
   * or `wait` while another request computes it: `ready` is called once it has (`finish`).
   */
  begin(key: string, ready: () => void): Lookup;
  /** The leader of `key` has answered (stored or not): its waiters go on. */
  finish(key: string): void;
  /**
   * The entry of a reply just computed, stored unless something was invalidated since `snapshot`
   * was taken (the reply may predate that write: it is sent, not kept) or it exceeds the bounds.
   */
  set(
    key: string,
    tags: readonly string[],
    body: Buffer,
    headers: { contentType: string; vary: string },
    snapshot: number,
  ): Entry;
  /** The invalidation counter, read before a reply is computed and compared when it is stored. */
  snapshot(): number;
  /** Drops every entry carrying one of `tags`. */
  invalidate(tags: readonly string[]): void;
  clear(): void;
  stats(): { entries: number; bytes: number };
  /** The body of `entry` in `encoding`, compressed once and kept (within the bounds). */
  encoded(entry: Entry, encoding: Encoding | null): Buffer;
};

export function createPublicCache(clock: Clock, settings: PublicCacheSettings): PublicCache {
  const entries = new BoundedLru<Entry>(settings.maxEntries, settings.maxBytes);
  // Bumped by every invalidation: a reply computed before it (it may have read the old rows) is not
  // stored after it. One counter for all tags: writes are rare next to reads.
  let generation = 0;
  // Keys being computed by a leader, with the requests waiting for it: 50 visitors arriving as an
  // entry expires run the queries once, not 50 times.
  const inflight = new Map<string, { waiters: Array<() => void>; timer: NodeJS.Timeout }>();

  function release(key: string): void {
    const group = inflight.get(key);
    if (group === undefined) return;
    inflight.delete(key);
    clearTimeout(group.timer);
    if (group.waiters.length > 0) setImmediate(() => group.waiters.forEach((ready) => ready()));
  }

  function lead(key: string): Lookup {
    const timer = setTimeout(() => release(key), WAIT_LIMIT_MS);
    timer.unref();
    inflight.set(key, { waiters: [], timer });
    return { lead: true };
  }

  return {
    get(key) {
      const entry = entries.peek(key);
      if (entry === undefined) return undefined;
      if (entry.expiresAt <= clock.now()) {
        entries.remove(entry);
        return undefined;
      }
      entries.touch(entry);
      return entry;
    },
    begin(key, ready) {
      const entry = this.get(key);
      const group = inflight.get(key);
      if (entry !== undefined) {
        return entry.refreshAt <= clock.now() && group === undefined ? lead(key) : { entry };
      }
      if (group === undefined) return lead(key);
      group.waiters.push(ready);
      return { wait: true };
    },
    finish: release,
    set(key, tags, body, headers, snapshot) {
      const entry: Entry = {
        key,
        tags,
        body,
        etag: strongEtag(body),
        contentType: headers.contentType,
        vary: headers.vary,
        expiresAt: clock.now() + settings.ttlMs,
        refreshAt: clock.now() + settings.ttlMs * 0.8,
        size: body.length + key.length * 2,
      };
      if (snapshot !== generation || !entries.fits(entry.size)) return entry;
      entries.set(entry);
      return entry;
    },
    snapshot: () => generation,
    invalidate(tags) {
      generation++;
      for (const entry of entries.values()) {
        if (entry.tags.some((tag) => tags.includes(tag))) entries.remove(entry);
      }
    },
    clear() {
      generation++;
      entries.clear();
    },
    stats: () => ({ entries: entries.size, bytes: entries.bytes }),
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
  };
}

/** Path parameters and query in a fixed order: `?b=1&a=2` and `?a=2&b=1` share an entry. */
function canonical(values: unknown): string {
  if (values === null || typeof values !== 'object') return '';
  const record = values as Record<string, unknown>;
  const names = Object.keys(record);
  if (names.length === 0) return '';
  if (names.length > 1) names.sort();
  let out = '';
  for (const name of names) out += `${encodeURIComponent(name)}=${encodeURIComponent(String(record[name]))}&`;
  return out;
}

/** The cache key of a request to a cached route, or null when its reply must not be shared. */
function keyOf(request: FastifyRequest, route: MatchedRoute): string | null {
  if (request.method !== 'GET') return null;
  // An `optional` route reads a token when one is sent: the reply may be that student's.
  if (route.config?.session !== 'none' && request.headers.authorization !== undefined) return null;
  return `${route.url}\n${canonical(request.params)}\n${canonical(request.query)}\n${langOf(request)}`;
}

/** The headers of a cacheable reply; the body in the encoding the client prefers, or a 304. */
function sendEntry(request: FastifyRequest, reply: FastifyReply, cache: PublicCache, entry: Entry) {
  const compressible = entry.body.length >= COMPRESS_THRESHOLD;
  reply
    .header('etag', entry.etag)
    .header('cache-control', 'no-cache')
    .header('vary', compressible ? `${entry.vary}, accept-encoding` : entry.vary)
    .header('content-type', entry.contentType);
  if (ifNoneMatchHits(request.headers['if-none-match'], entry.etag)) {
    reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return '';
  }
  const encoding = encodingFor(request.headers, entry.body.length);
  if (encoding !== null) reply.header('content-encoding', encoding);
  return cache.encoded(entry, encoding);
}

/**
 * Whether every GET reply of a route comes from the cache, whoever asks (`cachedPublicRead`): sent in
 * the encoding the client prefers by `sendEntry`, so the route needs no compression of its own. A
 * `cachedPersonalisedRead` route is not one: a logged-in student's reply is computed and sent as usual.
 */
export function sharesCachedReplies(config: FastifyContextConfig | undefined): boolean {
  return config?.publicCache !== undefined && config.session === 'none';
}

/** Checks a route's declaration: only replies that are the same for every visitor may be shared. */
function checkRoute(url: string, session: SessionPolicy | undefined, httpCache: HttpCachePolicy | undefined) {
  const shared = session === 'none' && httpCache === 'revalidate';
  const visitorsOnly = session === 'optional' && httpCache === 'revalidateForVisitors';
  if (!shared && !visitorsOnly) {
    throw new Error(
      `${url}: publicCache needs publicRead (session none, revalidate) or personalisedRead (optional, revalidateForVisitors)`,
    );
  }
}

export function registerPublicCache(
  app: FastifyInstance,
  clock: Clock,
  settings: PublicCacheSettings = PUBLIC_CACHE_DEFAULTS,
): void {
  const cache = createPublicCache(clock, settings);
  app.decorate('publicCache', cache);
  app.decorateRequest('publicCacheState', null);

  // The lookup is a hook of each cached route, added after the request limiter's own (registered
  // earlier, rate-limit.ts): a reply from the cache still counts against the caller's limit.
  const lookup: onRequestHookHandler = (request, reply, done) => {
    const route = matchedRoute(request);
    const key = keyOf(request, route);
    if (key === null) return done();
    const tags = route.config!.publicCache!.tags;
    const found = cache.begin(key, () => {
      // The leader has answered: its entry, or (not stored) this request computes its own.
      const entry = cache.get(key);
      if (entry === undefined) {
        request.publicCacheState = { hit: false, key, tags, snapshot: cache.snapshot(), leads: false };
        return done();
      }
      request.publicCacheState = { hit: true };
      reply.send(sendEntry(request, reply, cache, entry));
    });
    if ('wait' in found) return;
    if ('lead' in found) {
      request.publicCacheState = { hit: false, key, tags, snapshot: cache.snapshot(), leads: true };
      return done();
    }
    request.publicCacheState = { hit: true };
    // Not calling done(): the reply is sent from here (onSend hooks still run, and skip it).
    reply.send(sendEntry(request, reply, cache, found.entry));
  };

  app.addHook('onRoute', (route) => {
    if (route.config?.publicCache === undefined) return;
    // The session default (`required`) is filled in later by registerApiRoutes' own onRoute hook.
    checkRoute(route.url, route.config.session ?? 'required', route.config.httpCache);
    const hooks = route.onRequest;
    route.onRequest =
      hooks === undefined ? [lookup] : Array.isArray(hooks) ? [...hooks, lookup] : [hooks, lookup];
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    // Undefined in the scopes registered before the decorator (the OpenAPI routes).
    const state = request.publicCacheState;
    if (state != null) {
      if (state.hit) return done(null, payload);
      if (state.leads) cache.finish(state.key);
      if (reply.statusCode !== 200) return done(null, payload);
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      const vary =
        matchedRoute(request).config?.httpCache === 'revalidate'
          ? 'api-language'
          : 'api-language, authorization';
      const entry = cache.set(state.key, state.tags, body, { contentType, vary }, state.snapshot);
      return done(null, sendEntry(request, reply, cache, entry));
    }
    const invalidates = matchedRoute(request).config?.invalidates;
    if (invalidates !== undefined && !(reply.statusCode >= 400 && reply.statusCode < 500)) {
      cache.invalidate(invalidates);
    }
    done(null, payload);
  });
}

/**
 * The tags of cached replies, named once so reads and the writes that change them agree:
 * `teachers` covers the list, profiles, schedules and reviews (slots, classes and reviews feed them).
 */
export const CACHE_TAGS = {
  teachers: 'teachers',
  dict: 'dict',
  appConfig: 'app-config',
  ielts: 'ielts',
} as const;
export type CacheTag = (typeof CACHE_TAGS)[keyof typeof CACHE_TAGS];

/** Route config of a public read whose replies are shared by everyone (`publicRead` + the cache). */
export function cachedPublicRead(...tags: CacheTag[]) {
  return { ...publicRead, publicCache: { tags } } as const;
}

/** Route config of a read shared by visitors only (`personalisedRead` + the cache). */
export function cachedPersonalisedRead(...tags: CacheTag[]) {
  return { ...personalisedRead, publicCache: { tags } } as const;
}
