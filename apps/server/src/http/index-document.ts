import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import { ifNoneMatchHits, strongEtag } from './http-cache.ts';
import { preferredEncoding } from './encoding.ts';
import { routePathOf } from './route-path.ts';

/**
 * How long a read of index.html is trusted before its size and mtime are checked again: a web build
 * written while the server runs is served from then on.
 */
const RECHECK_MS = 1_000;

type Loaded = {
  size: number;
  mtimeMs: number;
  /** Weak: the plain, Brotli and gzip bodies are one document. */
  etag: string;
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
};

/**
 * The web app's index.html, the first response of every visit (`/` and every deep link of the
 * history fallback), held in memory with its Brotli and gzip bodies and its ETag. Reading it from
 * disk on every request (open, stat, read, close on the thread pool) cost ten times a cached API
 * reply. A request that finds its copy older than RECHECK_MS checks the file and reloads it when it
 * changed; while the file is missing or half written, the copy in memory is served.
 */
export type IndexDocument = {
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply;
};

function load(file: string): Loaded | null {
  let stat: fs.Stats;
  let plain: Buffer;
  try {
    stat = fs.statSync(file);
    plain = fs.readFileSync(file);
  } catch {
    return null;
  }
  // Caught between a build's writes: the next check reads it again.
  if (plain.length !== stat.size) return null;
  return {
    size: stat.size,
    mtimeMs: stat.mtimeMs,
    etag: `W/${strongEtag(plain)}`,
    plain,
    br: brotliCompressSync(plain, {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
    gzip: gzipSync(plain, { level: 9 }),
  };
}

function changed(file: string, loaded: Loaded): boolean {
  try {
    const stat = fs.statSync(file);
    return stat.size !== loaded.size || stat.mtimeMs !== loaded.mtimeMs;
  } catch {
    return false;
  }
}

/** The document of `file`, or null when it cannot be read now. */
export function createIndexDocument(file: string, clock: Clock): IndexDocument | null {
  let loaded = load(file);
  if (loaded === null) return null;
  let checkedAt = clock.now();

  function current(): Loaded {
    const now = clock.now();
    if (now - checkedAt >= RECHECK_MS) {
      checkedAt = now;
      if (changed(file, loaded!)) loaded = load(file) ?? loaded;
    }
    return loaded!;
  }

  return {
    send(request, reply) {
      const doc = current();
      reply.header('cache-control', 'no-cache').header('etag', doc.etag).header('vary', 'accept-encoding');
      if (ifNoneMatchHits(request.headers['if-none-match'], doc.etag.slice(2))) {
        return reply.code(304).send();
      }
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (encoding !== null) reply.header('content-encoding', encoding);
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .send(encoding === 'br' ? doc.br : encoding === 'gzip' ? doc.gzip : doc.plain);
    },
  };
}

/**
 * The list of landing pages' documents the web build writes beside index.html
 * (apps/web/scripts/first-screens.ts): each holds its page's own start-up screen, rendered from the
 * page, where index.html holds the generic one.
 */
const FIRST_SCREENS_MANIFEST = 'first-screens.json';

type LandingDocument = { pattern: RegExp; document: IndexDocument };

/** The manifest's entries whose document can be read; none when the build has no manifest. */
function landingDocuments(root: string, clock: Clock, warn: (message: string) => void): LandingDocument[] {
  let entries: unknown;
  try {
    entries = (
      JSON.parse(fs.readFileSync(path.join(root, FIRST_SCREENS_MANIFEST), 'utf8')) as {
        documents?: unknown;
      }
    ).documents;
  } catch {
    return [];
  }
  if (!Array.isArray(entries)) return [];
  const found: LandingDocument[] = [];
  for (const entry of entries as Array<{ pattern?: unknown; document?: unknown }>) {
    const { pattern, document } = entry ?? {};
    if (typeof pattern !== 'string' || typeof document !== 'string' || document.includes('..')) {
      warn(`${FIRST_SCREENS_MANIFEST}: an entry without a pattern and a document of the build`);
      continue;
    }
    const loaded = createIndexDocument(path.join(root, document), clock);
    if (loaded === null) warn(`${FIRST_SCREENS_MANIFEST}: ${document} cannot be read`);
    else found.push({ pattern: new RegExp(pattern), document: loaded });
  }
  return found;
}

/**
 * The web app's documents: a landing page's own (its first screen in it) for a path of that page,
 * index.html for every other route of the app. Null when index.html cannot be read (not built). The
 * list of landing pages is read once; each document is re-checked like index.html, so a new build
 * of the same pages is served from then on (a build that adds a landing page, after a restart).
 */
export function createWebDocuments(
  root: string,
  clock: Clock,
  warn: (message: string) => void,
): IndexDocument | null {
  const index = createIndexDocument(path.join(root, 'index.html'), clock);
  if (index === null) return null;
  const landing = landingDocuments(root, clock, warn);
  return {
    send(request, reply) {
      const pathname = routePathOf(request);
      const page = landing.find(({ pattern }) => pattern.test(pathname));
      return (page?.document ?? index).send(request, reply);
    },
  };
}
