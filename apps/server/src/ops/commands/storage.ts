import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { kindOf } from '../../modules/files/courseware-names.ts';
import { imageKindOf, kindOfAvatarName } from '../../modules/users/avatar-image.ts';
import { AVATAR_URL_PREFIX } from '../../modules/users/users.service.ts';
import { createDirectoryStorage } from '../../providers/storage/directory-storage.ts';
import { createStorageProviderFromConfig } from '../../providers/storage/storage.config.ts';
import { StorageUnavailableError, type StorageProvider } from '../../providers/storage/storage-provider.ts';
import { defineCommand, OpsRefusal } from '../command.ts';

/** Where users.service.ts stores an avatar named in `student.pic` (`/api/v1/avatar/<name>`). */
const AVATAR_KEY_PREFIX = 'avatars/';
/** Keys listed by name in a report; the rest are counted. */
const LISTED = 50;

/**
 * An object the database refers to: a courseware file (its size is recorded in the row), or an
 * avatar (no size recorded; its bytes must be the image its name says).
 */
type Expected = { key: string; size?: number; avatar?: boolean; contentType: string };

async function expectedObjects(db: Db): Promise<Expected[]> {
  const files = await db
    .selectFrom('courseware_item')
    .select(['storage_key', 'size_bytes', 'name'])
    .where('is_folder', '=', 0)
    .where('storage_key', 'is not', null)
    .execute();
  const avatars = await db
    .selectFrom('student')
    .select('pic')
    .where('pic', 'like', `${AVATAR_URL_PREFIX}%`)
    .execute();
  const expected: Expected[] = files.map((f) => ({
    key: f.storage_key!,
    size: Number(f.size_bytes),
    contentType: kindOf(f.name).mime,
  }));
  for (const { pic } of avatars) {
    const name = pic.slice(AVATAR_URL_PREFIX.length);
    const kind = kindOfAvatarName(name);
    if (kind)
      expected.push({ key: `${AVATAR_KEY_PREFIX}${name}`, avatar: true, contentType: `image/${kind}` });
  }
  return expected.sort((a, b) => a.key.localeCompare(b.key));
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number; head: Buffer }> {
  const hash = createHash('sha256');
  let size = 0;
  let head = Buffer.alloc(0);
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    if (head.length < 16) head = Buffer.concat([head, bytes.subarray(0, 16 - head.length)]);
    hash.update(bytes);
    size += bytes.length;
  }
  return { sha256: hash.digest('hex'), size, head };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function listed(title: string, lines: string[]): string[] {
  if (lines.length === 0) return [];
  const more = lines.length > LISTED ? [`    … and ${lines.length - LISTED} more`] : [];
  return [`  ${title}:`, ...lines.slice(0, LISTED).map((l) => `    ${l}`), ...more];
}

function configuredStore(config: Parameters<typeof createStorageProviderFromConfig>[0]): StorageProvider {
  return createStorageProviderFromConfig(config);
}

/** A store that cannot be reached refuses the command with its one-line reason (exit code 1). */
async function refusingUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StorageUnavailableError) throw new OpsRefusal(error.message);
    throw error;
  }
}

/**
 * `storage migrate --from DIR` (issue 38): copies the objects the database refers to from a directory
 * store into the configured store (FILE_STORE=s3://…). For each object: the source is checked
 * against the database (a courseware file's size is in its row, an avatar's first bytes must be the
 * image its name says) and a file that fails is reported as corrupted and not copied; it is hashed
 * (SHA-256), stored with the hash in its metadata, read back and hashed again, and removed again
 * when the copy differs. An object already in the store with the same size and recorded hash is
 * skipped, so a run that stopped half-way resumes where it was. Files the database does not refer
 * to are reported, not copied.
 */
export const storageMigrate = defineCommand({
  name: 'storage migrate',
  summary:
    'Copy the directory store into the configured object store (FILE_STORE=s3://…): verified by size and SHA-256, resumable, corrupted files reported and not copied',
  options: { from: 'the directory store to copy (the old FILE_STORE, by default DATA_DIR/files)' },
  example: 'storage migrate --from /srv/app/data/files',
  schema: z.object({
    from: z
      .string({ error: 'the directory to copy is required (--from DIR)' })
      .trim()
      .min(1, 'the directory to copy is required (--from DIR)')
      .transform((v) => path.resolve(v)),
  }),
  audit: false,
  run: () => Promise.reject(new Error('storage migrate runs outside a transaction')),
  async direct({ db, config }, input) {
    if (!fs.existsSync(input.from) || !fs.statSync(input.from).isDirectory()) {
      throw new OpsRefusal(`${input.from} is not a directory`);
    }
    const target = configuredStore(config);
    if (target.driver !== 's3') {
      target.close();
      throw new OpsRefusal(
        `FILE_STORE is the directory ${config.FILE_STORE}: set FILE_STORE=s3://BUCKET/prefix and the S3_* settings of the new store, then run again`,
      );
    }
    const source = createDirectoryStorage({ root: input.from });
    return refusingUnavailable(async () => {
      await target.verify();
      const expected = await expectedObjects(db);
      const counts = { copied: 0, present: 0, bytes: 0 };
      const corrupted: string[] = [];
      const missing: string[] = [];
      const failed: string[] = [];
      for (const object of expected) {
        const found = await source.stat(object.key).catch(() => undefined);
        if (!found) {
          missing.push(object.key);
          continue;
        }
        const local = await sha256Of(await source.get(object.key));
        if (object.size !== undefined && local.size !== object.size) {
          corrupted.push(`${object.key} (${local.size} bytes on disk, ${object.size} in the database)`);
          continue;
        }
        if (object.avatar && imageKindOf(local.head) === undefined) {
          corrupted.push(`${object.key} (not the image its name says)`);
          continue;
        }
        const there = await target.stat(object.key);
        if (there && there.size === local.size && there.sha256 === local.sha256) {
          counts.present++;
          continue;
        }
        await target.put(object.key, await source.get(object.key), {
          sha256: local.sha256,
          contentType: object.contentType,
        });
        const copy = await sha256Of(await target.get(object.key));
        if (copy.size !== local.size || copy.sha256 !== local.sha256) {
          await target.delete(object.key);
          failed.push(`${object.key} (the copy read back differs; removed from the store)`);
          continue;
        }
        counts.copied++;
        counts.bytes += local.size;
      }
      const wanted = new Set(expected.map((e) => e.key));
      const orphans: string[] = [];
      for await (const { key } of source.list()) if (!wanted.has(key)) orphans.push(key);
      const problems = corrupted.length + missing.length + failed.length;
      const output = [
        `storage migrate: ${input.from} → ${target.location}`,
        `  ${expected.length} object(s) in the database: ${counts.copied} copied (${mb(counts.bytes)}), ${counts.present} already there, ${corrupted.length} corrupted (not copied), ${missing.length} missing, ${failed.length} failed verification`,
        `  ${orphans.length} file(s) in ${input.from} the database does not refer to (not copied)`,
        ...listed('corrupted', corrupted),
        ...listed('missing from the directory', missing),
        ...listed('failed', failed),
        ...listed('not referred to', orphans.sort()),
        problems === 0
          ? '  done: every object the database refers to is in the store, verified by SHA-256'
          : '  not done: fix or restore the files listed, then run again (copied objects are kept and skipped)',
      ].join('\n');
      return { output, exitCode: problems === 0 ? 0 : 1 };
    }).finally(() => target.close());
  },
});

/**
 * `storage check` (issue 38): the configured store against the database: objects the database
 * refers to that are missing (or, for courseware, of another size than its row records), and
 * objects nothing refers to (orphans: left by a failed upload or a deleted row; an upload in
 * progress also shows here for a moment). Exit code 1 when anything is missing.
 */
export const storageCheck = defineCommand({
  name: 'storage check',
  summary:
    'List objects the database refers to but the store lacks (or holds at another size), and objects of the store nothing refers to',
  options: {},
  example: 'storage check',
  schema: z.object({}),
  audit: false,
  run: () => Promise.reject(new Error('storage check runs outside a transaction')),
  async direct({ db, config }) {
    const store = configuredStore(config);
    return refusingUnavailable(async () => {
      await store.verify();
      const expected = await expectedObjects(db);
      const stored = new Map<string, number>();
      for await (const { key, size } of store.list()) stored.set(key, size);
      const missing: string[] = [];
      for (const object of expected) {
        const size = stored.get(object.key);
        if (size === undefined) missing.push(object.key);
        else if (object.size !== undefined && size !== object.size) {
          missing.push(`${object.key} (${size} bytes stored, ${object.size} in the database)`);
        }
      }
      const wanted = new Set(expected.map((e) => e.key));
      const orphans = [...stored.keys()].filter((key) => !wanted.has(key)).sort();
      const output = [
        `storage check: ${store.location}`,
        `  ${expected.length} object(s) in the database, ${stored.size} in the store: ${missing.length} missing or of the wrong size, ${orphans.length} orphaned`,
        ...listed('missing or of the wrong size', missing),
        ...listed('orphaned (nothing refers to them)', orphans),
      ].join('\n');
      return { output, exitCode: missing.length === 0 ? 0 : 1 };
    }).finally(() => store.close());
  },
});
