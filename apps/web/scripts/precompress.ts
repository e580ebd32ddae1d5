import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images, fonts and videos are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Below this a compressed copy saves less than a network packet. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `file.br` and `file.gz` beside `file` when each is smaller than the original; null for a file
 * too small to be worth it.
 */
async function precompressFile(file: string): Promise<{ raw: number; br: number; gz: number } | null> {
  const data = await fs.readFile(file);
  if (data.length < MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
  return { raw: data.length, br: Math.min(br.length, data.length), gz: Math.min(gz.length, data.length) };
}

/**
 * Build step: a Brotli (best quality) and a gzip copy of every text file of the build, so the server
 * sends them as they are (`preCompressed` in @fastify/static) instead of compressing per request.
 * Phones on mobile networks download about a third of the bytes.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'linguaspark:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
      const sizes = await Promise.all(files.map(precompressFile));
      const done = sizes.filter((s) => s !== null);
      const kb = (n: number) => `${Math.round(n / 1024)} KB`;
      const sum = (key: 'raw' | 'br' | 'gz') => kb(done.reduce((total, s) => total + s[key], 0));
      this.info(`precompressed ${done.length} files: ${sum('raw')} → brotli ${sum('br')}, gzip ${sum('gz')}`);
    },
  };
}
