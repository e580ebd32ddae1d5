import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { runOps } from '../src/ops/run.ts';
import { createStorageProviderFromConfig } from '../src/providers/storage/storage.config.ts';
import type { StorageProvider } from '../src/providers/storage/storage-provider.ts';
import { startLocalS3, TEST_BUCKET, type LocalS3 } from './helpers/s3-store.ts';
import { createStudentSession } from '../../../test-support/students.ts';
import { transportOf } from './helpers/auth.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * `storage migrate --from DIR` and `storage check` (issue 38): a directory store seeded through the
 * app (courseware and an avatar), one file corrupted on disk and one the database does not know,
 * copied into a local S3 store: verified, resumable, the corrupted file reported and not copied.
 */

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3.stop();
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A directory store seeded through the app, and the ops CLI pointed at a fresh bucket prefix. */
async function seeded() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-migrate-'));
  const t: TestApp = await createTestApp({ env: { FILE_STORE: dir } });
  const { studentId } = await createStudentSession(transportOf(t), { ip: '198.51.100.20' });
  const files = t.app.files;
  const unit = await files.createFolder(studentId, { name: 'Unit 1' });
  const bytes = {
    pdf: Buffer.from('%PDF-1.4\n%%EOF\n'),
    mp3: Buffer.alloc(300_000, 7),
    docx: Buffer.from('PK\u0003\u0004 notes'),
  };
  const ids = {
    pdf: await files.addFile(studentId, { parentId: unit, name: 'story.pdf', bytes: bytes.pdf }),
    mp3: await files.addFile(studentId, { parentId: unit, name: 'words.mp3', bytes: bytes.mp3 }),
    docx: await files.addFile(studentId, { name: 'notes.docx', bytes: bytes.docx }),
  };
  const keyOf = async (id: number) =>
    (
      await t.db
        .selectFrom('courseware_item')
        .select('storage_key')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).storage_key!;
  const avatarName = `${'a1'.repeat(16)}.png`;
  fs.mkdirSync(path.join(dir, 'avatars'));
  fs.writeFileSync(path.join(dir, 'avatars', avatarName), PNG_1X1);
  await t.db
    .updateTable('student')
    .set({ pic: `/api/v1/avatar/${avatarName}` })
    .where('id', '=', studentId)
    .execute();
  // A file nothing refers to (an upload whose row never came), and a write left half done.
  fs.writeFileSync(path.join(dir, 'courseware', 'stray.bin'), 'stray');
  fs.writeFileSync(path.join(dir, 'courseware', 'x.bin.abc123.part'), 'half');

  const config = loadConfig({
    ...s3.env,
    FILE_STORE: `s3://${TEST_BUCKET}/migrated-${process.pid}-${Date.now()}`,
    DATA_DIR: t.config.DATA_DIR,
    ...(t.config.DATABASE_URL ? { DATABASE_URL: t.config.DATABASE_URL } : {}),
  });
  const deps = { db: t.db, dialect: t.dialect, clock: t.clock, config };
  const ops = (...argv: string[]) => runOps(deps, argv, { USER: 'tester' });
  const bucket: StorageProvider = createStorageProviderFromConfig(config);
  return {
    t,
    dir,
    ops,
    bucket,
    bytes,
    keys: {
      pdf: await keyOf(ids.pdf),
      mp3: await keyOf(ids.mp3),
      docx: await keyOf(ids.docx),
      avatar: `avatars/${avatarName}`,
    },
  };
}

describe('storage migrate', () => {
  it('copies a directory store into the bucket, verified; a corrupted file is reported, not copied; a second run resumes', async () => {
    const { dir, ops, bucket, bytes, keys } = await seeded();
    try {
      // The recording of words.mp3 was cut short on disk: its row says 300000 bytes.
      fs.truncateSync(path.join(dir, keys.mp3), 1000);

      const first = await ops('storage', 'migrate', '--from', dir);
      console.info(first.stdout);
      expect(first.code, first.stderr).toBe(1);
      expect(first.stdout).toContain(
        '4 object(s) in the database: 3 copied (0.0 MB), 0 already there, 1 corrupted (not copied), 0 missing, 0 failed verification',
      );
      expect(first.stdout).toContain(`${keys.mp3} (1000 bytes on disk, 300000 in the database)`);
      expect(first.stdout).toContain('1 file(s) in');
      expect(first.stdout).toContain('courseware/stray.bin');
      expect(first.stdout).not.toContain('.part');
      expect(await bucket.stat(keys.mp3)).toBeUndefined();
      expect(await bucket.stat('courseware/stray.bin')).toBeUndefined();
      expect(await readAll(await bucket.get(keys.pdf))).toEqual(bytes.pdf);
      expect(await readAll(await bucket.get(keys.docx))).toEqual(bytes.docx);
      expect(await readAll(await bucket.get(keys.avatar))).toEqual(PNG_1X1);
      expect((await bucket.stat(keys.pdf))?.sha256).toMatch(/^[0-9a-f]{64}$/);

      // The file restored from a backup: the next run copies it and skips what is there.
      fs.writeFileSync(path.join(dir, keys.mp3), bytes.mp3);
      const second = await ops('storage', 'migrate', '--from', dir);
      expect(second.code, second.stdout).toBe(0);
      expect(second.stdout).toContain(
        '1 copied (0.3 MB), 3 already there, 0 corrupted (not copied), 0 missing',
      );
      expect(second.stdout).toContain('done: every object the database refers to is in the store');
      expect(await readAll(await bucket.get(keys.mp3))).toEqual(bytes.mp3);

      // An object in the bucket that differs from the source is copied again, not trusted.
      await bucket.put(keys.docx, Buffer.from('tampered'));
      const third = await ops('storage', 'migrate', '--from', dir);
      expect(third.stdout).toContain('1 copied');
      expect(await readAll(await bucket.get(keys.docx))).toEqual(bytes.docx);
    } finally {
      bucket.close();
    }
  }, 60_000);

  it('refuses a FILE_STORE that is a directory, a --from that is not one, and a bucket it cannot reach', async () => {
    const { t, dir, ops, bucket } = await seeded();
    bucket.close();
    const onDisk = await runOps(
      { db: t.db, dialect: t.dialect, clock: t.clock, config: t.config },
      ['storage', 'migrate', '--from', dir],
      {},
    );
    expect(onDisk.code).toBe(1);
    expect(onDisk.stderr).toMatch(
      /^Refused: FILE_STORE is the directory .*set FILE_STORE=s3:\/\/BUCKET\/prefix/,
    );
    const nowhere = await ops('storage', 'migrate', '--from', path.join(dir, 'nope'));
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toMatch(/is not a directory$/);
    const missingBucket = await runOps(
      {
        db: t.db,
        dialect: t.dialect,
        clock: t.clock,
        config: loadConfig({ ...s3.env, FILE_STORE: 's3://no-such-bucket', DATA_DIR: t.config.DATA_DIR }),
      },
      ['storage', 'check'],
      {},
    );
    expect(missingBucket.code).toBe(1);
    expect(missingBucket.stderr).toMatch(
      /^Refused: Invalid configuration: FILE_STORE: bucket "no-such-bucket" .*does not exist$/,
    );
  });
});

describe('storage check', () => {
  it('lists objects missing from the store or of the wrong size, and orphaned ones', async () => {
    const { dir, ops, bucket, keys } = await seeded();
    try {
      expect((await ops('storage', 'migrate', '--from', dir)).code).toBe(0);
      const clean = await ops('storage', 'check');
      expect(clean.code, clean.stdout).toBe(0);
      expect(clean.stdout).toContain(
        '4 object(s) in the database, 4 in the store: 0 missing or of the wrong size, 0 orphaned',
      );

      await bucket.delete(keys.pdf);
      await bucket.put(keys.docx, Buffer.from('x'));
      await bucket.put('courseware/9/left-behind.pdf', Buffer.from('%PDF'));
      const broken = await ops('storage', 'check');
      expect(broken.code).toBe(1);
      expect(broken.stdout).toContain('2 missing or of the wrong size, 1 orphaned');
      expect(broken.stdout).toContain(`    ${keys.pdf}\n`);
      expect(broken.stdout).toMatch(new RegExp(`${keys.docx} \\(1 bytes stored, \\d+ in the database\\)`));
      expect(broken.stdout).toContain('    courseware/9/left-behind.pdf');
    } finally {
      bucket.close();
    }
  }, 60_000);
});
