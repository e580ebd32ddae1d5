import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { COMPRESS_THRESHOLD } from './encoding.ts';
import { sharesCachedReplies } from './public-cache.ts';
import { isApiPath } from './route-path.ts';

/**
 * Compression of API replies above 1 KB (the teacher list shrinks from 11 KB to 2 KB) in the encoding
 * the client prefers: Brotli at a quality cheap enough per request, or gzip. It runs after every
 * other onSend hook (it is a route-level hook), so ETags are computed over the plain JSON and a 304
 * stays empty. Only /api: the web app's files are compressed at build time and sent as they are
 * (web-app.ts), and the files too small for a copy are not worth compressing. Nor the public reads
 * whose every reply goes through the public cache: it compresses an entry once and keeps the copy
 * (public-cache.ts). Request bodies are never decompressed.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook, which skips routes that say `compress: false`. It
  // judges the route pattern, which is decoded, so every spelling of a request path gets the same.
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url) || sharesCachedReplies(route.config)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    globalDecompression: false,
  });
}
