import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/**
 * Reply bodies the server's caches keep compressed (public-cache.ts, student-cache.ts), encoded as
 * compression.ts would encode them when a route computes its reply.
 */
export type Encoding = 'br' | 'gzip';

/** Replies smaller than this are sent as they are (compression.ts's threshold). */
export const COMPRESS_THRESHOLD = 1024;

/**
 * The encoding compression.ts would pick: Brotli, else gzip, when accepted (q > 0); null otherwise.
 */
export function preferredEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  let gzip = false;
  let any = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip') gzip = true;
    if (name === '*') any = true;
  }
  return gzip ? 'gzip' : any ? 'br' : null;
}

/** `body` in `encoding`: Brotli at quality 5 for text, or gzip. */
export function encodeBody(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body);
}

/**
 * The encoding a kept reply of `size` bytes is sent in to this request (null: as it is); the
 * caller adds `accept-encoding` to Vary when the size is at least the threshold.
 */
export function encodingFor(
  headers: { 'accept-encoding'?: string; 'x-no-compression'?: string | string[] },
  size: number,
): Encoding | null {
  return size >= COMPRESS_THRESHOLD && headers['x-no-compression'] === undefined
    ? preferredEncoding(headers['accept-encoding'])
    : null;
}
