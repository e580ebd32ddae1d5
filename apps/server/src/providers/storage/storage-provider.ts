import type { Readable } from 'node:stream';

/**
 * The file store (DESIGN.md §2, §7 "File storage"): courseware and avatars, by key. `directory` keeps
 * them under FILE_STORE (a local directory, or one shared by every instance); an S3-compatible store
 * implements the same five calls (PutObject, GetObject as a stream, HeadObject, DeleteObject). The
 * callers own the keys and the metadata (name, kind, owner): the store only holds bytes.
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

export type StoredObject = { size: number };

export interface StorageProvider {
  readonly driver: string;
  /** Stores the bytes under the key, replacing what was there; whole or not at all. */
  put(key: string, body: Buffer | Uint8Array | Readable): Promise<StoredObject>;
  /** The bytes as a stream; `StorageNotFoundError` when absent. */
  get(key: string): Promise<Readable>;
  /** Size of the object, or undefined when absent. */
  stat(key: string): Promise<StoredObject | undefined>;
  /** Removes the object; absent is fine. */
  delete(key: string): Promise<void>;
}
