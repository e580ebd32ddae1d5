import type { Readable } from 'node:stream';

/**
 * The file store (DESIGN.md §2, §7 "File storage"): courseware and avatars, by key. `directory` keeps
 * them under FILE_STORE (a local directory, or one shared by every instance); `s3` keeps them in a
 * bucket of an S3-compatible store (FILE_STORE=s3://bucket/prefix: AWS S3, Aliyun OSS, Tencent COS,
 * MinIO). Both drivers implement the same calls with the same key rule. The callers own the keys and
 * the metadata (name, kind, owner): the store only holds bytes.
 */

/**
 * A key: `/`-separated segments of letters, digits, `.`, `_` and `-`, none of them `.` or `..`, at
 * most 512 characters (`courseware/12/3f9c….pdf`). The same rule for every driver, so a key that
 * works on disk works in a bucket and never names a path outside the store.
 */
const KEY_PATTERN = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;
export const MAX_STORAGE_KEY_LENGTH = 512;

export function isValidStorageKey(key: string): boolean {
  return key.length <= MAX_STORAGE_KEY_LENGTH && KEY_PATTERN.test(key);
}

/** A key the store refuses (bad characters, `..`, absolute, or resolving outside the store). */
export class StorageKeyError extends Error {
  override readonly name = 'StorageKeyError';
  constructor(readonly key: string) {
    super(`Refused storage key ${JSON.stringify(key.slice(0, 100))}`);
  }
}

/** No object under the key. */
export class StorageNotFoundError extends Error {
  override readonly name = 'StorageNotFoundError';
  constructor(readonly key: string) {
    super(`No stored object ${JSON.stringify(key.slice(0, 100))}`);
  }
}

/**
 * The store cannot be reached or refuses us (network, credentials, a missing bucket). A request
 * that meets it answers 503 (the error handler reads `statusCode`); at start-up the server prints
 * the message, one line, and exits.
 */
export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';
  readonly statusCode = 503;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export type StoredObject = {
  size: number;
  /** The SHA-256 (hex) recorded with the object when it was stored with one (`storage migrate`). */
  sha256?: string;
};

/** Bytes `start` to `end` inclusive (HTTP's `Range: bytes=start-end`); `end` absent: to the end. */
export type ByteRange = { start: number; end?: number };

export type PutOptions = {
  /** Content-Type stored with the object (what a presigned download answers when not overridden). */
  contentType?: string;
  /** The SHA-256 (hex) of the bytes, kept with the object (S3: user metadata) and returned by stat. */
  sha256?: string;
};

/**
 * What a presigned download answers with: its Content-Disposition (the saved name) and Content-Type,
 * never cached by the browser.
 */
export type PresignOptions = { expiresInSeconds: number; contentDisposition: string; contentType: string };

export type StorageDriver = 'directory' | 's3';

export interface StorageProvider {
  readonly driver: StorageDriver;
  /** Where the objects are, for messages and logs (`/data/files`, `s3://bucket/prefix`). */
  readonly location: string;
  /**
   * Stores the bytes under the key, replacing what was there; whole or not at all. A stream is read
   * as it comes (S3: multipart above a threshold), so a large file never sits in memory.
   */
  put(key: string, body: Buffer | Uint8Array | Readable, options?: PutOptions): Promise<StoredObject>;
  /** The bytes (or a range of them) as a stream; `StorageNotFoundError` when absent. */
  get(key: string, options?: { range?: ByteRange }): Promise<Readable>;
  /** Size of the object, or undefined when absent. */
  stat(key: string): Promise<StoredObject | undefined>;
  /** Removes the object; absent is fine. */
  delete(key: string): Promise<void>;
  /** Every stored key with its size, in no particular order (`storage check`). */
  list(): AsyncIterable<{ key: string; size: number }>;
  /**
   * A URL the browser may GET the object from directly until it expires, answering with the given
   * name (as an attachment) and type; undefined when downloads pass through this server (the
   * directory driver, or S3_PRESIGN=0).
   */
  presignedUrl(key: string, options: PresignOptions): Promise<string | undefined>;
  /** Checks the store is there and ours (S3: HeadBucket); `StorageUnavailableError` otherwise. */
  verify(): Promise<void>;
  /** Releases connections (S3); the provider is not used afterwards. */
  close(): void;
}

/** `Range: bytes=…` of one range within an object of `size` bytes; undefined when not satisfiable. */
export function parseByteRange(header: string, size: number): ByteRange | undefined | 'ignore' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, other units, or nonsense: served whole, as RFC 9110 allows.
  if (!match || (match[1] === '' && match[2] === '')) return 'ignore';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return undefined;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return undefined;
  return { start, end };
}
