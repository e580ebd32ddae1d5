import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../src/config.ts';

/**
 * A local S3-compatible store for the tests (s3rver: in-process, on a free port, objects in a
 * temporary directory; its fixed credentials are S3RVER / S3RVER and it checks SigV4 signatures and
 * the expiry of presigned URLs like S3). `TEST_FILE_STORE=s3` runs every API test on it
 * (`testFileStoreEnv`); the storage tests start their own.
 */

type S3rverOptions = {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
};
type S3rverInstance = { run(): Promise<AddressInfo>; httpServer: Server };
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverInstance;

export const TEST_BUCKET = 'ls-test';

export type LocalS3 = {
  endpoint: string;
  /** The S3_* variables that reach it (path style: the bucket is not a host name here). */
  env: Record<string, string>;
  directory: string;
  /** Stops it at once, dropping open connections (a store that goes away). */
  stop: () => Promise<void>;
};

/** Starts a store with `TEST_BUCKET` (and `buckets`) on a free port of 127.0.0.1. */
export async function startLocalS3(buckets: string[] = []): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-s3-'));
  const s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [TEST_BUCKET, ...buckets].map((name) => ({ name })),
  });
  const { port } = await s3rver.run();
  const server = s3rver.httpServer;
  // Never keeps a test worker alive.
  server.unref();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    directory,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

let shared: Promise<LocalS3> | undefined;

/** One store per test worker, started on first use. */
export function sharedLocalS3(): Promise<LocalS3> {
  shared ??= startLocalS3();
  return shared;
}

/** The driver the API tests run on: `TEST_FILE_STORE=s3` (the CI's S3 step) or the directory default. */
export const TEST_FILE_STORE = process.env.TEST_FILE_STORE === 's3' ? 's3' : 'directory';

/**
 * The file store variables of a test app: nothing on the directory driver (DATA_DIR/files); with
 * TEST_FILE_STORE=s3, the shared local store under a prefix of the app's own (the app it reuses the
 * database of keeps its prefix, so it sees the same objects). A test that names FILE_STORE keeps it.
 */
export async function testFileStoreEnv(
  env: Record<string, string | undefined> | undefined,
  reused: Config | undefined,
): Promise<Record<string, string>> {
  if (TEST_FILE_STORE !== 's3' || env?.FILE_STORE !== undefined) return {};
  if (reused && !reused.FILE_STORE.startsWith('s3://')) return {};
  const s3 = await sharedLocalS3();
  return {
    ...s3.env,
    FILE_STORE: reused?.FILE_STORE ?? `s3://${TEST_BUCKET}/t-${randomBytes(6).toString('hex')}`,
  };
}
