import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDirectoryStorage } from './directory-storage.ts';
import { isValidStorageKey, StorageKeyError, StorageNotFoundError } from './storage-provider.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('directory storage', () => {
  let dir: string;
  let root: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'storage-'));
    root = path.join(dir, 'store');
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('puts, stats, streams back and deletes an object byte for byte', async () => {
    const store = createDirectoryStorage({ root });
    const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13]);
    expect(await store.put('courseware/7/a.bin', bytes)).toEqual({ size: 7 });
    expect(await store.stat('courseware/7/a.bin')).toEqual({ size: 7 });
    expect(await readAll(await store.get('courseware/7/a.bin'))).toEqual(bytes);
    await store.put('courseware/7/b.txt', Readable.from([Buffer.from('he'), Buffer.from('llo')]));
    expect((await readAll(await store.get('courseware/7/b.txt'))).toString()).toBe('hello');
    await store.delete('courseware/7/a.bin');
    await store.delete('courseware/7/a.bin');
    expect(await store.stat('courseware/7/a.bin')).toBeUndefined();
    await expect(store.get('courseware/7/a.bin')).rejects.toBeInstanceOf(StorageNotFoundError);
    // No temporary files left behind.
    expect(await readdir(path.join(root, 'courseware/7'))).toEqual(['b.txt']);
  });

  it('refuses keys that try to leave the store, and never touches the file they name', async () => {
    const store = createDirectoryStorage({ root });
    await writeFile(path.join(dir, 'secret.txt'), 'outside');
    const hostile = [
      '../secret.txt',
      'a/../../secret.txt',
      '/etc/passwd',
      path.join(dir, 'secret.txt'),
      'a\\..\\..\\secret.txt',
      '..',
      '.',
      'a/./b',
      'a//b',
      '',
      'a/b/',
      'file\0.txt',
      '%2e%2e/secret.txt',
      'x'.repeat(513),
    ];
    for (const key of hostile) {
      expect(isValidStorageKey(key), key).toBe(false);
      await expect(store.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(StorageKeyError);
      await expect(store.get(key), key).rejects.toBeInstanceOf(StorageKeyError);
      await expect(store.stat(key), key).rejects.toBeInstanceOf(StorageKeyError);
      await expect(store.delete(key), key).rejects.toBeInstanceOf(StorageKeyError);
    }
    expect(await readFile(path.join(dir, 'secret.txt'), 'utf8')).toBe('outside');
    expect(isValidStorageKey('courseware/12/..hidden-but-fine.pdf')).toBe(true);
    expect(isValidStorageKey('avatars/3/a_b-c.webp')).toBe(true);
  });
});
