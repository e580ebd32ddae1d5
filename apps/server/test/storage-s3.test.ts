import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '@app/contract/messages';
import { apiUrl } from '../../../test-support/http.ts';
import { createStudentSession } from '../../../test-support/students.ts';
import { loadConfig } from '../src/config.ts';
import { appCspDirectives } from '../src/http/security-headers.ts';
import { createDirectoryStorage } from '../src/providers/storage/directory-storage.ts';
import { createS3Storage, type S3StorageOptions } from '../src/providers/storage/s3-storage.ts';
import {
  createStorageProviderFromConfig,
  storePublicOrigin,
} from '../src/providers/storage/storage.config.ts';
import {
  parseByteRange,
  StorageKeyError,
  StorageNotFoundError,
  StorageUnavailableError,
  type StorageProvider,
} from '../src/providers/storage/storage-provider.ts';
import { transportOf } from './helpers/auth.ts';
import { startLocalS3, TEST_BUCKET, type LocalS3 } from './helpers/s3-store.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The S3 driver (issue 38) against a local S3-compatible server (s3rver): the storage calls and the
 * key rule shared with the directory driver, ranged reads, a streamed multipart upload within a
 * memory bound, presigned downloads that expire, a store that goes away, and the refusals at start.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3.stop();
});

let prefixes = 0;
function s3Options(overrides: Partial<S3StorageOptions> = {}): S3StorageOptions {
  return {
    bucket: TEST_BUCKET,
    prefix: `unit-${process.pid}-${++prefixes}`,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    presign: true,
    ...overrides,
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const patterned = (size: number) => {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7919) % 251;
  return bytes;
};

/** An app on the S3 store whatever TEST_FILE_STORE says, under a prefix of its own. */
function s3App(env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({
    env: { ...s3.env, FILE_STORE: `s3://${TEST_BUCKET}/app-${process.pid}-${++prefixes}`, ...env },
  });
}

describe('the S3 driver', () => {
  it('puts, stats, streams back, lists and deletes objects under its prefix, byte for byte', async () => {
    const options = s3Options();
    const store = createS3Storage(options);
    try {
      await store.verify();
      const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13]);
      expect(await store.put('courseware/7/a.bin', bytes)).toEqual({ size: 7 });
      expect(await store.stat('courseware/7/a.bin')).toEqual({ size: 7 });
      expect(await readAll(await store.get('courseware/7/a.bin'))).toEqual(bytes);
      await store.put('courseware/7/b.txt', Readable.from([Buffer.from('he'), Buffer.from('llo')]), {
        sha256: 'ab'.repeat(32),
      });
      expect(await store.stat('courseware/7/b.txt')).toEqual({ size: 5, sha256: 'ab'.repeat(32) });
      expect((await readAll(await store.get('courseware/7/b.txt'))).toString()).toBe('hello');
      const listed: string[] = [];
      for await (const object of store.list()) listed.push(`${object.key}:${object.size}`);
      expect(listed.sort()).toEqual(['courseware/7/a.bin:7', 'courseware/7/b.txt:5']);
      // The objects really are under the prefix in the bucket.
      expect(fs.existsSync(path.join(s3.directory, TEST_BUCKET, options.prefix, 'courseware/7'))).toBe(true);
      await store.delete('courseware/7/a.bin');
      await store.delete('courseware/7/a.bin');
      expect(await store.stat('courseware/7/a.bin')).toBeUndefined();
      await expect(store.get('courseware/7/a.bin')).rejects.toBeInstanceOf(StorageNotFoundError);
    } finally {
      store.close();
    }
  });

  it('refuses the same hostile keys as the directory driver, before any request', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-keys-'));
    const stores: StorageProvider[] = [createS3Storage(s3Options()), createDirectoryStorage({ root: dir })];
    try {
      for (const store of stores) {
        for (const key of [
          '../secret.txt',
          'a/../../b',
          '/etc/passwd',
          'a\\..\\b',
          'a//b',
          '',
          'a/b/',
          'x'.repeat(513),
        ]) {
          await expect(store.put(key, Buffer.from('x')), `${store.driver} ${key}`).rejects.toBeInstanceOf(
            StorageKeyError,
          );
          await expect(store.get(key), key).rejects.toBeInstanceOf(StorageKeyError);
          await expect(store.stat(key), key).rejects.toBeInstanceOf(StorageKeyError);
          await expect(store.delete(key), key).rejects.toBeInstanceOf(StorageKeyError);
        }
      }
    } finally {
      stores.forEach((s) => s.close());
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads byte ranges on both drivers, as the download route passes them through', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-range-'));
    const stores: StorageProvider[] = [createS3Storage(s3Options()), createDirectoryStorage({ root: dir })];
    const bytes = patterned(100_000);
    try {
      for (const store of stores) {
        await store.put('media/r.bin', bytes);
        const read = async (header: string) => {
          const range = parseByteRange(header, bytes.length);
          if (range === undefined || range === 'ignore') throw new Error(header);
          return readAll(await store.get('media/r.bin', { range }));
        };
        expect(await read('bytes=0-9'), store.driver).toEqual(bytes.subarray(0, 10));
        expect(await read('bytes=99990-'), store.driver).toEqual(bytes.subarray(99_990));
        expect(await read('bytes=-5'), store.driver).toEqual(bytes.subarray(99_995));
        expect(await read('bytes=50000-50000'), store.driver).toEqual(bytes.subarray(50_000, 50_001));
        expect(await read('bytes=99999-200000'), store.driver).toEqual(bytes.subarray(99_999));
      }
      expect(parseByteRange('bytes=100000-', bytes.length)).toBeUndefined();
      expect(parseByteRange('bytes=0-1,5-6', bytes.length)).toBe('ignore');
    } finally {
      stores.forEach((s) => s.close());
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('uploads a 100 MB stream in parts without holding it in memory (RSS growth under 64 MB)', async () => {
    // The store runs in a process of its own here, so the figure is the upload's alone.
    const child = spawn(
      process.execPath,
      [
        '-e',
        `const S3rver = require(${JSON.stringify(path.join(ROOT, 'node_modules/s3rver'))});
         const dir = require('fs').mkdtempSync(require('path').join(require('os').tmpdir(), 'ls-s3c-'));
         process.on('SIGTERM', () => { require('fs').rmSync(dir, { recursive: true, force: true }); process.exit(0); });
         new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'big' }] })
           .run().then(({ port }) => console.log(port));`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const port = await new Promise<string>((resolve) =>
      child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())),
    );
    const endpoint = `http://127.0.0.1:${port}`;
    const store = createS3Storage(s3Options({ bucket: 'big', endpoint, prefix: '' }));
    try {
      // The upload runs in a fresh process of its own too: RSS in this shared test worker also
      // moves with what earlier test files left for the garbage collector.
      const key = 'recordings/1/full.webm';
      const output = await new Promise<string>((resolve, reject) => {
        const uploader = spawn(
          process.execPath,
          [
            // Young-generation garbage collected often, as in a server under steady load, so what is
            // measured is what the upload holds, not how long V8 waits before a scavenge.
            '--max-semi-space-size=2',
            '--import',
            'tsx',
            path.join(import.meta.dirname, 'helpers/s3-upload-memory.ts'),
            endpoint,
            'big',
            key,
          ],
          { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
        );
        let text = '';
        uploader.stdout.on('data', (d: Buffer) => (text += d.toString()));
        uploader.once('exit', (code) =>
          code === 0 ? resolve(text) : reject(new Error(`uploader exited ${code}`)),
        );
      });
      const measured = JSON.parse(output.trim().split('\n').pop() ?? '{}') as {
        size: number;
        sha256: string;
        growthMb: number;
        ms: number;
      };
      console.info(
        `100 MB multipart upload: RSS growth ${measured.growthMb.toFixed(1)} MB, ${measured.ms} ms`,
      );
      const size = 100 * 1024 * 1024;
      expect(measured.size).toBe(size);
      expect(measured.growthMb).toBeLessThan(64);
      const stored = await store.stat(key);
      expect(stored?.size).toBe(size);
      // Whole and in order: read back and hashed.
      const back = createHash('sha256');
      for await (const part of await store.get(key)) back.update(part as Buffer);
      expect(back.digest('hex')).toBe(measured.sha256);
    } finally {
      store.close();
      child.kill('SIGTERM');
    }
  }, 120_000);

  it('signs a presigned URL that works until it expires, and is refused by the store afterwards', async () => {
    const store = createS3Storage(s3Options());
    try {
      await store.put('courseware/1/x.pdf', Buffer.from('%PDF-1.4 x'));
      // The signature's date has whole seconds (SigV4's X-Amz-Date): a URL valid for 1 s, signed late
      // in a second, may have expired by the first fetch. 3 s leave at least 2.
      const url = await store.presignedUrl('courseware/1/x.pdf', {
        expiresInSeconds: 3,
        contentDisposition: 'attachment; filename="x.pdf"',
        contentType: 'application/pdf',
      });
      expect(new URL(url!).origin).toBe(s3.endpoint);
      const fresh = await fetch(url!);
      expect(fresh.status).toBe(200);
      expect(fresh.headers.get('content-disposition')).toBe('attachment; filename="x.pdf"');
      expect(fresh.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await fresh.arrayBuffer()).toString()).toBe('%PDF-1.4 x');
      await new Promise((resolve) => setTimeout(resolve, 3_100));
      const stale = await fetch(url!);
      expect(stale.status).toBe(403);
      expect(await stale.text()).toMatch(/Request has expired/);
      // Without S3_PRESIGN nothing is signed: downloads pass through the server.
      const unsigned = createS3Storage(s3Options({ presign: false }));
      expect(
        await unsigned.presignedUrl('courseware/1/x.pdf', {
          expiresInSeconds: 60,
          contentDisposition: 'x',
          contentType: 'x',
        }),
      ).toBeUndefined();
      unsigned.close();
    } finally {
      store.close();
    }
  });
});

describe('downloads from the S3 store over HTTP', () => {
  it("redirects a signed link to a presigned URL that expires with the app's link, and the CSP allows the store", async () => {
    const t = await s3App();
    const me = await createStudentSession(transportOf(t), { ip: '198.51.100.7' });
    const bytes = patterned(20_000);
    const id = await t.app.files.addFile(me.studentId, { name: 'lesson.pdf', bytes });
    const link = await t.app.files.createDownloadUrl(me.studentId, [id]);
    const reply = await t.app.inject({ method: 'GET', url: link.url });
    expect(reply.statusCode).toBe(302);
    expect(reply.headers['cache-control']).toBe('private, no-store');
    const location = new URL(String(reply.headers.location));
    expect(location.origin).toBe(storePublicOrigin(t.config));
    expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
    expect(fetched.headers.get('content-disposition')).toBe(
      `attachment; filename="lesson.pdf"; filename*=UTF-8''lesson.pdf`,
    );

    // 298 s into the link's 5 minutes: the store's URL lives the 2 s that remain, no longer.
    t.clock.advance(298_000);
    const late = await t.app.inject({ method: 'GET', url: link.url });
    const lateUrl = new URL(String(late.headers.location));
    expect(lateUrl.searchParams.get('X-Amz-Expires')).toBe('2');
    expect((await fetch(lateUrl)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    expect((await fetch(lateUrl)).status).toBe(403);

    const page = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    for (const directive of ['img-src', 'media-src', 'connect-src']) {
      expect(csp, directive).toMatch(
        new RegExp(`${directive} [^;]*${s3.endpoint.replace(/[.:/]/g, '\\$&')}`),
      );
    }
  });

  it('streams through this server with S3_PRESIGN=0, whole or the range asked for, and keeps the CSP to itself', async () => {
    const t = await s3App({ S3_PRESIGN: '0' });
    const me = await createStudentSession(transportOf(t), { ip: '198.51.100.8' });
    const bytes = patterned(50_000);
    const id = await t.app.files.addFile(me.studentId, { name: 'talk.mp3', bytes });
    const link = await t.app.files.createDownloadUrl(me.studentId, [id]);
    const whole = await t.app.inject({ method: 'GET', url: link.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await t.app.inject({ method: 'GET', url: link.url, headers: { range: 'bytes=1000-1999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 1000-1999/50000');
    expect(part.headers['content-length']).toBe('1000');
    expect(part.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);
    // An unsatisfiable range is ignored: the whole file, as RFC 9110 allows.
    const beyond = await t.app.inject({ method: 'GET', url: link.url, headers: { range: 'bytes=60000-' } });
    expect(beyond.statusCode).toBe(200);
    expect(beyond.rawPayload.length).toBe(50_000);

    expect(storePublicOrigin(t.config)).toBeUndefined();
    const csp = appCspDirectives(t.config);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('names the origin the SDK signs for: the endpoint in path style, the bucket as a sub-domain otherwise', async () => {
    const base = { S3_REGION: 'oss-cn-shanghai', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    for (const [env, origin] of [
      [
        { S3_ENDPOINT: 'https://oss-cn-shanghai.aliyuncs.com' },
        'https://school-files.oss-cn-shanghai.aliyuncs.com',
      ],
      [{ S3_ENDPOINT: 'http://10.0.0.5:9000', S3_FORCE_PATH_STYLE: '1' }, 'http://10.0.0.5:9000'],
      [{}, 'https://school-files.s3.oss-cn-shanghai.amazonaws.com'],
    ] as const) {
      const config = loadConfig({ FILE_STORE: 's3://school-files/courseware', ...base, ...env });
      const store = createStorageProviderFromConfig(config);
      const url = await store.presignedUrl('a/b.pdf', {
        expiresInSeconds: 60,
        contentDisposition: 'attachment',
        contentType: 'application/pdf',
      });
      store.close();
      expect(new URL(url!).origin).toBe(origin);
      expect(storePublicOrigin(config)).toBe(origin);
    }
  });
});

describe('a store that goes away', () => {
  it('answers an upload with a clear 503 envelope and writes nothing to the database', async () => {
    const own = await startLocalS3();
    const t = await createTestApp({ env: { ...own.env, FILE_STORE: `s3://${TEST_BUCKET}/gone` } });
    const me = await createStudentSession(transportOf(t), { ip: '198.51.100.9' });
    const kept = await t.app.files.addFile(me.studentId, { name: 'kept.pdf', bytes: Buffer.from('%PDF') });
    const link = await t.app.files.createDownloadUrl(me.studentId, [kept]);

    // Mid-way: the store stops while a 12 MB upload is being sent in parts.
    let sent = 0;
    const slow = new Readable({
      read() {
        if (sent >= 12 * 1024 * 1024) return void this.push(null);
        sent += 256 * 1024;
        if (sent === 6 * 1024 * 1024) void own.stop();
        setTimeout(() => this.push(Buffer.alloc(256 * 1024, 1)), 1);
      },
    });
    const failed = await t.app.files.storeFile(me.studentId, { name: 'lecture.mp4', body: slow }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(StorageUnavailableError);
    expect((failed as Error).message).toMatch(
      new RegExp(`^file store s3://${TEST_BUCKET}/gone at http://127\\.0\\.0\\.1:\\d+: storing courseware/`),
    );

    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    const boundary = '----gone';
    const upload = await t.app.inject({
      method: 'POST',
      url: apiUrl('/user/uploadAvatar'),
      headers: {
        authorization: `Bearer ${me.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'api-language': 'en',
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode).toBe(503);
    expect(JSON.parse(upload.body)).toEqual({
      code: 503,
      data: null,
      msg: message('error.unavailable', 'en'),
    });

    const download = await t.app.inject({
      method: 'GET',
      url: link.url,
      headers: { 'api-language': 'zh-Hans' },
    });
    expect(download.statusCode).toBe(503);
    expect(JSON.parse(download.body).msg).toBe(message('error.unavailable', 'zh-Hans'));

    // Nothing half written: the one file stored before, no avatar.
    const rows = await t.db.selectFrom('courseware_item').select('name').execute();
    expect(rows.map((r) => r.name)).toEqual(['kept.pdf']);
    const student = await t.db
      .selectFrom('student')
      .select('pic')
      .where('id', '=', me.studentId)
      .executeTakeFirstOrThrow();
    expect(student.pic).toBe('');
  }, 60_000);
});

describe('start-up refusals', () => {
  it('refuses a missing or wrong setting with one line naming the variable', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      return 'started';
    };
    const keys = { S3_REGION: 'r', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(refusal({ FILE_STORE: 's3://files', S3_REGION: 'r', S3_ACCESS_KEY_ID: 'id' })).toBe(
      'Invalid configuration: S3_SECRET_ACCESS_KEY: required when FILE_STORE is s3:// (s3://files)',
    );
    expect(refusal({ FILE_STORE: 'gs://files', ...keys })).toMatch(
      /^Invalid configuration: FILE_STORE: expected a directory or s3:\/\/BUCKET/,
    );
    expect(refusal({ FILE_STORE: 's3://Bad_Bucket/x', ...keys })).toMatch(
      /^Invalid configuration: FILE_STORE: "Bad_Bucket" is not a bucket name/,
    );
    expect(refusal({ FILE_STORE: 's3://files/../up', ...keys })).toMatch(
      /^Invalid configuration: FILE_STORE: the prefix "\.\.\/up"/,
    );
    expect(
      refusal({ FILE_STORE: 's3://files', ...keys, S3_ENDPOINT: 'https://oss.example.com/files' }),
    ).toMatch(/^Invalid configuration: S3_ENDPOINT: expected the store's origin only/);
    expect(refusal({ FILE_STORE: 's3://files', ...keys, S3_ENDPOINT: 'ftp://x' })).toMatch(
      /^Invalid configuration: S3_ENDPOINT: /,
    );
    // S3 settings without an s3:// FILE_STORE would leave the files on this disk unnoticed.
    expect(refusal({ S3_ENDPOINT: 'https://oss.example.com' })).toMatch(
      /^Invalid configuration: S3_ENDPOINT: set, but FILE_STORE is not s3:\/\/BUCKET/,
    );
    for (const message of [
      refusal({ FILE_STORE: 's3://files' }),
      refusal({ FILE_STORE: 's3://files', ...keys }),
    ]) {
      expect(message).not.toMatch(/^Invalid configuration: [^\n]*\n[^ ]/);
    }
    expect(refusal({ FILE_STORE: 's3://files/a/b', ...keys })).toBe('started');
  });

  it('refuses to build the app when the bucket is missing or the store cannot be reached', async () => {
    const missing = await createTestApp({ env: { ...s3.env, FILE_STORE: 's3://no-such-bucket/x' } }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(missing).toBeInstanceOf(StorageUnavailableError);
    expect((missing as Error).message).toBe(
      `Invalid configuration: FILE_STORE: bucket "no-such-bucket" at ${s3.endpoint}: the bucket does not exist`,
    );
    const wrongKey = await createTestApp({
      env: { ...s3.env, S3_ACCESS_KEY_ID: 'NOBODY', FILE_STORE: `s3://${TEST_BUCKET}` },
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect((wrongKey as Error).message).toMatch(
      /: access denied \(check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
  });

  it('the real server exits with one line when the store cannot be reached at start', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-s3-start-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: dataDir,
        PORT: '0',
        SEED_DEMO: '0',
        FILE_STORE: 's3://school-files/courseware',
        // Nothing listens on port 9 (discard) of this machine.
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(code, output).toBe(2);
    const lines = output.trim().split('\n');
    // The log lines of the migration come first (JSON); the refusal is the one plain line.
    const plain = lines.filter((l) => !l.startsWith('{'));
    expect(plain, output).toEqual([
      expect.stringMatching(
        /^Invalid configuration: FILE_STORE: bucket "school-files" at http:\/\/127\.0\.0\.1:9: cannot be reached \(.*ECONNREFUSED.*; check S3_ENDPOINT\)$/,
      ),
    ]);
  }, 60_000);
});
