import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, opendir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  isValidStorageKey,
  StorageKeyError,
  StorageNotFoundError,
  StorageUnavailableError,
  type StorageProvider,
} from './storage-provider.ts';

/**
 * The `directory` store: each key is a file under `root` (FILE_STORE, by default DATA_DIR/files).
 * Writes go to a temporary file beside the target and are renamed into place, so a reader never sees
 * half a file and a crash leaves no truncated object. Keys are checked twice: by the shared key rule,
 * and by resolving the path and refusing anything outside the root (defence in depth: the key rule
 * alone already refuses `..`, absolute paths and backslashes).
 */
export function createDirectoryStorage(options: { root: string }): StorageProvider {
  const root = path.resolve(options.root);

  function pathOf(key: string): string {
    if (!isValidStorageKey(key)) throw new StorageKeyError(key);
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new StorageKeyError(key);
    return full;
  }

  const isMissing = (error: unknown) =>
    error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');

  return {
    driver: 'directory',
    location: root,

    async put(key, body) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        const source = body instanceof Readable ? body : Readable.from([Buffer.from(body)]);
        await pipeline(source, createWriteStream(temp, { flags: 'wx' }));
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return { size: (await stat(target)).size };
    },

    async get(key, options) {
      const file = pathOf(key);
      // Opened before returning, so a missing file is an error of this call, not of the stream.
      const range = options?.range;
      const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {});
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', (error) => reject(isMissing(error) ? new StorageNotFoundError(key) : error));
      });
      return stream;
    },

    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { size: info.size } : undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async *list() {
      // Files only; a `.part` file is a write in progress (or left by a crash), never an object.
      async function* walk(dir: string, prefix: string): AsyncGenerator<{ key: string; size: number }> {
        let entries;
        try {
          entries = await opendir(dir);
        } catch (error) {
          if (isMissing(error)) return;
          throw error;
        }
        for await (const entry of entries) {
          const key = prefix + entry.name;
          if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), `${key}/`);
          else if (entry.isFile() && !entry.name.endsWith('.part') && isValidStorageKey(key)) {
            yield { key, size: (await stat(path.join(dir, entry.name))).size };
          }
        }
      }
      yield* walk(root, '');
    },

    presignedUrl() {
      return Promise.resolve(undefined);
    },

    async verify() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
      } catch (error) {
        throw new StorageUnavailableError(
          `Invalid configuration: FILE_STORE: the directory ${root} cannot be written (${error instanceof Error ? error.message : String(error)})`,
          { cause: error },
        );
      }
    },

    close() {},
  };
}
