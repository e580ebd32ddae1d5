import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { createS3Storage } from '../../src/providers/storage/s3-storage.ts';

/**
 * Uploads a generated 100 MB stream to the S3 store at argv[2] (bucket argv[3], key argv[4]) and
 * prints {size, sha256, growthMb, ms} as JSON: the peak RSS growth of this process during the
 * upload. Run by storage-s3.test.ts in a fresh process, so the figure is the upload's alone and not
 * what earlier test files left for the garbage collector in a shared test worker.
 */
const [endpoint = '', bucket = '', key = ''] = process.argv.slice(2);
const store = createS3Storage({
  bucket,
  prefix: '',
  endpoint,
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
  presign: true,
});
const size = 100 * 1024 * 1024;
const chunk = 64 * 1024;
const hash = createHash('sha256');
let sent = 0;
const body = new Readable({
  read() {
    if (sent >= size) return void this.push(null);
    // 64 KiB chunks, as a socket hands over an upload; different bytes in each.
    const bytes = Buffer.allocUnsafe(chunk).fill(sent / chunk);
    sent += chunk;
    hash.update(bytes);
    this.push(bytes);
  },
});
// A warm-up upload in two parts first: the SDK's code for a multipart upload is loaded on first
// use, and loading it is no part of what an upload holds in memory.
await store.put(`${key}.warm-up`, Readable.from([Buffer.alloc(6 * 1024 * 1024)]));
await store.delete(`${key}.warm-up`);
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const started = performance.now();
const stored = await store.put(key, body);
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
store.close();
process.stdout.write(
  `${JSON.stringify({
    size: stored.size,
    sha256: hash.digest('hex'),
    growthMb: (peak - before) / 1024 / 1024,
    ms: Math.round(performance.now() - started),
  })}\n`,
);
