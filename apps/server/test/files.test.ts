import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CourseInfo, CourseItem } from '@app/contract/courses';
import type { DownloadUrl, MyFileList } from '@app/contract/files';
import { message, type MessageKey } from '@app/contract/messages';
import type { Lang } from '../../../test-support/http.ts';
import { createStudentSession, dataOf, type StudentSession } from '../../../test-support/students.ts';
import { createStorageProviderFromConfig } from '../src/providers/storage/storage.config.ts';
import { transportOf } from './helpers/auth.ts';
import { DAY, giveCoins } from './helpers/courses.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';
import { TEST_FILE_STORE } from './helpers/s3-store.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Courseware over HTTP (DESIGN.md §6 /user/file/*, §7 ownership): listing with breadcrumbs, the
 * signed download link (5 minutes, 20 ids, owner-checked), the download itself without a session
 * (one file byte for byte with RFC 6266 headers, or a zip that unpacks with the right names), the
 * path tricks (another student's folder or ids, `../` in names, store keys leaving the store), and
 * a class's courseware on its page. The items are made through app.files like the demo seed does.
 */

let ipCounter = 0;
async function student(t: TestApp, lang?: Lang): Promise<StudentSession> {
  ipCounter++;
  return createStudentSession(transportOf(t), { ip: `198.51.100.${ipCounter}`, ...(lang ? { lang } : {}) });
}

type Raw = {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
  json: () => { code: number; data: unknown; msg: string };
  /** The app's own reply when it redirected to the store (S3 with presigned downloads), followed. */
  redirect?: { status: number; headers: Record<string, unknown> };
};

async function call(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; lang?: Lang } = {},
): Promise<Raw> {
  const reply = await t.app.inject({
    method,
    url: url.startsWith('/api/') ? url : `/api/v1${url}`,
    headers: {
      'api-language': options.lang ?? 'en',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  const location = reply.headers.location;
  if (reply.statusCode === 302 && typeof location === 'string' && TEST_FILE_STORE === 's3') {
    // A presigned URL of the store: the browser follows it, without our session or headers.
    const fetched = await fetch(location);
    return {
      status: fetched.status,
      headers: Object.fromEntries(fetched.headers),
      body: Buffer.from(await fetched.arrayBuffer()),
      json: () => {
        throw new Error('the store answers no envelope');
      },
      redirect: { status: reply.statusCode, headers: reply.headers },
    };
  }
  return {
    status: reply.statusCode,
    headers: reply.headers,
    body: reply.rawPayload,
    json: () => JSON.parse(reply.body) as { code: number; data: unknown; msg: string },
  };
}

const list = (t: TestApp, as: StudentSession, pid?: number | string) =>
  call(t, 'GET', `/user/file/myFile${pid === undefined ? '' : `?file_pid=${pid}`}`, { token: as.token });

async function downloadUrl(t: TestApp, as: StudentSession, ids: number[]): Promise<DownloadUrl> {
  const reply = await call(t, 'POST', '/user/file/getDownloadUrl', { token: as.token, body: { ids } });
  expect(reply.status, reply.body.toString()).toBe(200);
  return reply.json().data as DownloadUrl;
}

function refusal(reply: Raw) {
  const envelope = reply.json() as { code: number; msg: string };
  return { status: reply.status, code: envelope.code, msg: envelope.msg };
}
const expected = (status: number, key: MessageKey, lang: Lang = 'en') => ({
  status,
  code: status,
  msg: message(key, lang),
});

/** Unpacks a zip with the system's unzip and returns its files (path → bytes) and directories. */
function unzip(zip: Buffer): { files: Map<string, Buffer>; dirs: string[]; listing: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-zip-'));
  try {
    fs.writeFileSync(path.join(dir, 'a.zip'), zip);
    const listing = execFileSync('unzip', ['-Z1', 'a.zip'], { cwd: dir }).toString();
    execFileSync('unzip', ['-q', 'a.zip', '-d', 'out'], { cwd: dir });
    const files = new Map<string, Buffer>();
    const dirs: string[] = [];
    const walk = (rel: string) => {
      for (const entry of fs.readdirSync(path.join(dir, 'out', rel), { withFileTypes: true })) {
        const child = rel ? `${rel}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          dirs.push(child);
          walk(child);
        } else files.set(child, fs.readFileSync(path.join(dir, 'out', child)));
      }
    };
    walk('');
    return { files, dirs: dirs.sort(), listing };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A student's small tree: Unit 1/{Week 1/{words.mp3}, story.pdf}, Unit 2 (empty), notes.docx, image.png. */
async function tree(t: TestApp, studentId: number) {
  const files = t.app.files;
  const unit1 = await files.createFolder(studentId, { name: 'Unit 1' });
  const unit2 = await files.createFolder(studentId, { name: 'Unit 2' });
  const week1 = await files.createFolder(studentId, { parentId: unit1, name: 'Week 1' });
  const bytes = {
    mp3: Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0, 1, 2, 3]),
    pdf: Buffer.from('%PDF-1.4\n%%EOF\n'),
    docx: Buffer.from('PK\u0003\u0004 not really a docx'),
    png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
  };
  const words = await files.addFile(studentId, { parentId: week1, name: 'words.mp3', bytes: bytes.mp3 });
  const story = await files.addFile(studentId, { parentId: unit1, name: 'story.pdf', bytes: bytes.pdf });
  const notes = await files.addFile(studentId, { name: 'notes.docx', bytes: bytes.docx });
  const image = await files.addFile(studentId, { name: 'image.png', bytes: bytes.png });
  return { unit1, unit2, week1, words, story, notes, image, bytes };
}

describe('courseware list', () => {
  it('lists a folder: folders first then files by name, with breadcrumbs from the root', async () => {
    const t = await createTestApp();
    const me = await student(t);
    const ids = await tree(t, me.studentId);

    const root = await list(t, me);
    expect(root.status).toBe(200);
    const rootData = root.json().data as MyFileList;
    expect(rootData.file_pid).toBe(0);
    expect(rootData.breadcrumbs).toEqual([]);
    expect(rootData.records.map((r) => [r.name, r.kind, r.is_folder])).toEqual([
      ['Unit 1', 'folder', true],
      ['Unit 2', 'folder', true],
      ['image.png', 'image', false],
      ['notes.docx', 'word', false],
    ]);
    const notes = rootData.records.find((r) => r.id === ids.notes)!;
    expect(notes).toMatchObject({ parent_id: 0, size_bytes: ids.bytes.docx.length, course_id: null });
    expect(notes.mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');

    const week = (await list(t, me, ids.week1)).json().data as MyFileList;
    expect(week.breadcrumbs).toEqual([
      { id: ids.unit1, name: 'Unit 1' },
      { id: ids.week1, name: 'Week 1' },
    ]);
    expect(week.records.map((r) => [r.name, r.kind, r.size_bytes])).toEqual([
      ['words.mp3', 'audio', ids.bytes.mp3.length],
    ]);
    expect(((await list(t, me, ids.unit2)).json().data as MyFileList).records).toEqual([]);
  });

  it("answers 404 for another student's folder, a file as a folder, or one that does not exist", async () => {
    const t = await createTestApp();
    const me = await student(t);
    const other = await student(t, 'zh-Hans');
    const mine = await tree(t, me.studentId);
    for (const pid of [mine.unit1, mine.week1, mine.notes, 999_999]) {
      expect(refusal(await list(t, other, pid))).toEqual(expected(404, 'files.notFound'));
    }
    expect(refusal(await list(t, me, mine.notes))).toEqual(expected(404, 'files.notFound'));
    // The other student's root is theirs: empty, not mine.
    expect(((await list(t, other)).json().data as MyFileList).records).toEqual([]);
    for (const pid of ['-1', 'abc', '1.5', '99999999999']) {
      expect((await list(t, me, pid)).status).toBe(400);
    }
    expect((await call(t, 'GET', '/user/file/myFile')).status).toBe(401);
  });
});

describe('courseware download links', () => {
  it('refuses 21 ids with the "at most 20 files" message in both languages, and signs 20', async () => {
    const t = await createTestApp();
    const me = await student(t);
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) {
      ids.push(
        await t.app.files.addFile(me.studentId, { name: `f${i}.txt`, bytes: Buffer.from(`file ${i}`) }),
      );
    }
    for (const lang of ['en', 'zh-Hans'] as const) {
      const reply = await call(t, 'POST', '/user/file/getDownloadUrl', {
        token: me.token,
        body: { ids },
        lang,
      });
      expect(refusal(reply)).toEqual(expected(400, 'validation.tooManyFiles', lang));
    }
    expect(message('validation.tooManyFiles', 'en')).toBe('You can select at most 20 files at once');
    const before = t.clock.now();
    const link = await downloadUrl(t, me, ids.slice(0, 20));
    expect(link.zip).toBe(true);
    expect(link.file_name).toBe('courseware.zip');
    // Valid 5 minutes from when it was signed.
    expect(Date.parse(link.expires_at)).toBeGreaterThanOrEqual(before + 300_000);
    expect(Date.parse(link.expires_at)).toBeLessThanOrEqual(t.clock.now() + 300_000);
    for (const body of [{ ids: [] }, {}, { ids: ['x'] }, { ids: [0] }]) {
      expect((await call(t, 'POST', '/user/file/getDownloadUrl', { token: me.token, body })).status).toBe(
        400,
      );
    }
  });

  it("signs nothing when any id is another student's or missing (404)", async () => {
    const t = await createTestApp();
    const me = await student(t);
    const other = await student(t);
    const mine = await tree(t, me.studentId);
    const theirs = await tree(t, other.studentId);
    for (const ids of [
      [theirs.notes],
      [mine.notes, theirs.notes],
      [mine.unit1, theirs.unit1],
      [mine.notes, 999_999],
    ]) {
      const reply = await call(t, 'POST', '/user/file/getDownloadUrl', { token: me.token, body: { ids } });
      expect(refusal(reply)).toEqual(expected(404, 'files.notFound'));
      expect(reply.json().data).toBeNull();
    }
  });

  it('a signed link works without a session for 5 minutes; expired or tampered links are refused (403)', async () => {
    const t = await createTestApp();
    const me = await student(t);
    const other = await student(t);
    const mine = await tree(t, me.studentId);
    const theirs = await tree(t, other.studentId);
    const asked = t.clock.now();
    const link = await downloadUrl(t, me, [mine.story]);
    const answered = t.clock.now();
    expect(link.url.startsWith('/api/v1/file/download?')).toBe(true);
    expect((await call(t, 'GET', link.url)).status).toBe(200);

    const url = new URL(link.url, 'http://x');
    // `e` is the expiry (epoch ms): five minutes after the link was signed, as expires_at says.
    const expiry = Number(url.searchParams.get('e'));
    expect(expiry).toBe(Date.parse(link.expires_at));
    expect(expiry).toBeGreaterThanOrEqual(asked + 300_000);
    expect(expiry).toBeLessThanOrEqual(answered + 300_000);
    const tampered = (change: (q: URLSearchParams) => void) => {
      const q = new URLSearchParams(url.search);
      change(q);
      return `${url.pathname}?${q.toString()}`;
    };
    const sig = url.searchParams.get('sig')!;
    const attempts = [
      // Another student's file under my signature, my file under another student, a later expiry.
      tampered((q) => q.set('ids', String(theirs.story))),
      tampered((q) => q.set('ids', `${mine.story},${theirs.story}`)),
      tampered((q) => q.set('s', String(other.studentId))),
      tampered((q) => q.set('e', String(Number(q.get('e')) + 3_600_000))),
      tampered((q) => q.set('sig', `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`)),
      tampered((q) => q.set('sig', '')),
    ];
    for (const attempt of attempts) {
      expect(refusal(await call(t, 'GET', attempt)), attempt).toEqual(expected(403, 'files.linkInvalid'));
    }
    // A session does not replace the signature.
    expect((await call(t, 'GET', attempts[0]!, { token: other.token })).status).toBe(403);
    expect((await call(t, 'GET', '/file/download?ids=1&s=1&e=1')).status).toBe(400);
    expect((await call(t, 'GET', '/file/download?ids=../etc&s=1&e=1&sig=x')).status).toBe(400);

    // A second before its expiry it still works, a second after it does not. The clock is moved to
    // the expiry, not by five minutes from the start: the requests above take their time on a
    // loaded machine (a second, once, in CI).
    t.clock.advance(expiry - t.clock.now() - 1_000);
    expect((await call(t, 'GET', link.url)).status).toBe(200);
    t.clock.advance(2_000);
    const expired = await call(t, 'GET', link.url, { lang: 'zh-Hans' });
    expect(refusal(expired)).toEqual(expected(403, 'files.linkExpired', 'zh-Hans'));
    expect(expired.headers['cache-control']).toBe('no-store');
  });

  it('streams one file byte for byte with its type, RFC 6266 Content-Disposition, nosniff and no caching', async () => {
    const t = await createTestApp();
    const me = await student(t);
    const bytes = Buffer.alloc(300_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
    const id = await t.app.files.addFile(me.studentId, { name: '第一课 "Hello" 50%.pdf', bytes });
    const link = await downloadUrl(t, me, [id]);
    expect(link).toMatchObject({ zip: false, file_name: '第一课 "Hello" 50%.pdf' });
    const reply = await call(t, 'GET', link.url, { token: undefined });
    expect(reply.status).toBe(200);
    expect(reply.body.equals(bytes)).toBe(true);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['content-length']).toBe(String(bytes.length));
    expect(reply.headers['content-disposition']).toBe(
      `attachment; filename="___ _Hello_ 50_.pdf"; filename*=UTF-8''${encodeURIComponent('第一课 _Hello_ 50%.pdf')}`,
    );
    expect(reply.headers['cache-control']).toBe('private, no-store');
    expect(reply.headers['content-encoding']).toBeUndefined();
    if (reply.redirect) {
      // From the store (its own origin, an attachment); the redirect is never cached either.
      expect(reply.redirect.headers['cache-control']).toBe('private, no-store');
      expect(reply.redirect.headers['x-content-type-options']).toBe('nosniff');
    } else expect(reply.headers['x-content-type-options']).toBe('nosniff');

    // Unknown extensions are octet-stream; a name without ASCII letters gets a readable fallback.
    const other = await t.app.files.addFile(me.studentId, {
      name: '练习',
      bytes: Buffer.from('<script>x</script>'),
    });
    const raw = await call(t, 'GET', (await downloadUrl(t, me, [other])).url);
    expect(raw.headers['content-type']).toBe('application/octet-stream');
    expect(raw.headers['content-disposition']).toBe(
      `attachment; filename="courseware"; filename*=UTF-8''${encodeURIComponent('练习')}`,
    );
  });

  it('zips several files and folders with the folder structure, unique names, and nothing outside the zip', async () => {
    const t = await createTestApp();
    const me = await student(t);
    const ids = await tree(t, me.studentId);
    const files = t.app.files;
    // Hostile names a teacher's upload could carry: they must stay inside the zip, as plain names.
    const hostile = await files.createFolder(me.studentId, { name: '../../etc' });
    const evil = await files.addFile(me.studentId, {
      parentId: hostile,
      name: '../../../passwd',
      bytes: Buffer.from('x'),
    });
    const abs = await files.addFile(me.studentId, {
      parentId: hostile,
      name: '/abs\\win:name?.txt',
      bytes: Buffer.from('y'),
    });
    const dup = await files.addFile(me.studentId, { name: 'notes.docx', bytes: Buffer.from('second notes') });
    const link = await downloadUrl(t, me, [ids.unit1, ids.unit2, ids.notes, dup, ids.image, hostile]);
    expect(evil && abs).toBeTruthy();
    const reply = await call(t, 'GET', link.url);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('application/zip');
    expect(reply.headers['content-disposition']).toBe(
      `attachment; filename="courseware.zip"; filename*=UTF-8''courseware.zip`,
    );
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length);

    const { files: out, dirs, listing } = unzip(reply.body);
    expect(listing).not.toMatch(/(^|\/)\.\.(\/|$)/m);
    expect(listing.split('\n').filter((l) => l.startsWith('/'))).toEqual([]);
    expect([...out.keys()].sort()).toEqual(
      [
        'Unit 1/Week 1/words.mp3',
        'Unit 1/story.pdf',
        '_.._etc/_.._.._passwd',
        '_.._etc/_abs_win_name_.txt',
        'image.png',
        'notes (2).docx',
        'notes.docx',
      ].sort(),
    );
    expect(dirs).toEqual(['Unit 1', 'Unit 1/Week 1', 'Unit 2', '_.._etc']);
    expect(out.get('Unit 1/Week 1/words.mp3')!.equals(ids.bytes.mp3)).toBe(true);
    expect(out.get('Unit 1/story.pdf')!.equals(ids.bytes.pdf)).toBe(true);
    expect(out.get('notes.docx')!.equals(ids.bytes.docx)).toBe(true);
    expect(out.get('notes (2).docx')!.toString()).toBe('second notes');

    // One folder: the zip is named after it.
    const folder = await downloadUrl(t, me, [ids.unit1]);
    expect(folder).toMatchObject({ zip: true, file_name: 'Unit 1.zip' });
    const folderZip = unzip((await call(t, 'GET', folder.url)).body);
    expect([...folderZip.files.keys()].sort()).toEqual(['Unit 1/Week 1/words.mp3', 'Unit 1/story.pdf']);
  });

  it('a file whose bytes are gone is a clear 404, not a broken download', async () => {
    const t = await createTestApp();
    const me = await student(t);
    const id = await t.app.files.addFile(me.studentId, { name: 'gone.pdf', bytes: Buffer.from('%PDF') });
    const keep = await t.app.files.addFile(me.studentId, { name: 'kept.pdf', bytes: Buffer.from('%PDF') });
    const row = await t.db
      .selectFrom('courseware_item')
      .select('storage_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const store = createStorageProviderFromConfig(t.config);
    await store.delete(row.storage_key!);
    store.close();
    expect(refusal(await call(t, 'GET', (await downloadUrl(t, me, [id])).url))).toEqual(
      expected(404, 'files.fileMissing'),
    );
    expect(refusal(await call(t, 'GET', (await downloadUrl(t, me, [id, keep])).url))).toEqual(
      expected(404, 'files.fileMissing'),
    );
  });

  it('measures a 20-file zip download', async () => {
    const t = await createTestApp();
    const me = await student(t);
    const ids: number[] = [];
    const size = 512 * 1024;
    for (let i = 0; i < 20; i++) {
      const bytes = Buffer.alloc(size, i);
      ids.push(await t.app.files.addFile(me.studentId, { name: `lesson-${i + 1}.mp4`, bytes }));
    }
    const link = await downloadUrl(t, me, ids);
    const started = performance.now();
    const reply = await call(t, 'GET', link.url);
    const ms = performance.now() - started;
    expect(reply.status).toBe(200);
    const { files } = unzip(reply.body);
    expect(files.size).toBe(20);
    expect([...files.values()].every((b) => b.length === size)).toBe(true);
    // Stored entries: the zip is the files plus ~100 bytes of headers per entry.
    expect(reply.body.length).toBeLessThan(20 * size + 20 * 200 + 100);
    console.info(
      `20-file zip: ${reply.body.length} bytes (${(20 * size) / 1024 / 1024} MiB of files) in ${ms.toFixed(1)} ms`,
    );
  });
});

describe('courseware of a class', () => {
  it("shows the class's courseware on its page, and only the student's own", async () => {
    const t = await createTestApp();
    const me = await student(t);
    const other = await student(t);
    await giveCoins(t.db, t.app.wallet, me.studentId, 1000);
    const teacher = await createTeacher(t.db, { price_coins: 100 });
    const slot = await createSlot(t.db, teacher, {
      start_at: Math.floor((t.clock.now() + 2 * DAY) / 60_000) * 60_000,
    });
    const booked = await call(t, 'POST', '/course/bookCourse', {
      token: me.token,
      body: { slot_id: slot, pay_type: 'coin' },
    });
    const course = dataOf<CourseItem>(
      { ...booked, body: booked.body.toString(), envelope: booked.json() } as never,
      'book',
    );
    const before = (await call(t, 'GET', `/course/getCourseInfo?id=${course.id}`, { token: me.token })).json()
      .data as CourseInfo;
    expect(before.courseware).toEqual([]);

    const sheet = await t.app.files.addFile(me.studentId, {
      name: 'worksheet.pdf',
      bytes: Buffer.from('%PDF'),
      courseId: course.id,
    });
    const audio = await t.app.files.addFile(me.studentId, {
      name: 'dialogue.mp3',
      bytes: Buffer.from('ID3'),
      courseId: course.id,
    });
    await t.app.files.addFile(me.studentId, { name: 'unattached.pdf', bytes: Buffer.from('%PDF') });
    await t.app.files.addFile(other.studentId, {
      name: 'theirs.pdf',
      bytes: Buffer.from('%PDF'),
      courseId: course.id,
    });

    const info = (await call(t, 'GET', `/course/getCourseInfo?id=${course.id}`, { token: me.token })).json()
      .data as CourseInfo;
    expect(info.courseware.map((f) => [f.id, f.name, f.kind, f.course_id])).toEqual([
      [audio, 'dialogue.mp3', 'audio', course.id],
      [sheet, 'worksheet.pdf', 'pdf', course.id],
    ]);
    // The class page's files download like any other.
    const link = await downloadUrl(t, me, [sheet]);
    expect((await call(t, 'GET', link.url)).body.toString()).toBe('%PDF');
    expect(
      (await call(t, 'GET', `/course/getCourseInfo?id=${course.id}`, { token: other.token })).status,
    ).toBe(404);
  });
});

/** What `file` (libmagic) says a file is. */
function magic(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-magic-'));
  try {
    fs.writeFileSync(path.join(dir, 'f'), bytes);
    return execFileSync('file', ['--brief', path.join(dir, 'f')])
      .toString()
      .trim();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Every XML part of an Office file parses, and every relationship points at a part that exists. */
function officeProblems(bytes: Buffer): string {
  const script = `
import sys, zipfile, io, posixpath, xml.etree.ElementTree as ET
z = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))
names = set(z.namelist()); problems = []
assert z.namelist()[0] == '[Content_Types].xml'
for n in names:
    root = ET.fromstring(z.read(n))
    if n.endswith('.rels'):
        base = posixpath.dirname(posixpath.dirname(n))
        for r in root:
            target = posixpath.normpath(posixpath.join(base, r.get('Target')))
            if target not in names: problems.append(n + ' -> ' + target)
print(';'.join(problems))`;
  return execFileSync('python3', ['-c', script], { input: bytes }).toString().trim();
}

describe('the demo courseware', () => {
  it('gives the demo student folders and valid files of every kind, some on past class pages', async () => {
    const t = await createTestApp({ env: { SEED_DEMO: '1' } });
    const { id } = await t.db
      .selectFrom('student')
      .select('id')
      .where('mobile', '=', '13800138000')
      .executeTakeFirstOrThrow();
    const root = await t.app.files.listFolder(id, 0);
    const all = [...root.records];
    for (const folder of root.records.filter((r) => r.is_folder)) {
      const inside = await t.app.files.listFolder(id, folder.id);
      all.push(...inside.records);
      for (const sub of inside.records.filter((r) => r.is_folder)) {
        all.push(...(await t.app.files.listFolder(id, sub.id)).records);
      }
    }
    const kinds = new Set(all.map((r) => r.kind));
    const video = fs.existsSync(path.resolve(__dirname, '../../web/public/media/intros/emily-carter.mp4'));
    for (const kind of [
      'folder',
      'audio',
      'image',
      'word',
      'excel',
      'ppt',
      'pdf',
      'other',
      ...(video ? ['video'] : []),
    ]) {
      expect(kinds, kind).toContain(kind);
    }

    const bytesOf = async (fileId: number) => {
      const link = await t.app.files.createDownloadUrl(id, [fileId]);
      const reply = await call(t, 'GET', link.url);
      expect(reply.status).toBe(200);
      return reply.body;
    };
    for (const file of all.filter((r) => !r.is_folder)) {
      const bytes = await bytesOf(file.id);
      expect(bytes.length, file.name).toBe(file.size_bytes);
      const kind = magic(bytes);
      const expectedMagic: Record<string, RegExp> = {
        audio: /RIFF \(little-endian\) data, WAVE audio, Microsoft PCM, 16 bit, mono 8000 Hz/,
        video: /ISO Media/,
        image: /PNG image data, \d+ x \d+, 8-bit\/color RGB/,
        pdf: /PDF document, version 1\.4/,
        word: /Microsoft Word 2007\+/,
        excel: /Microsoft Excel 2007\+/,
        ppt: /Microsoft PowerPoint 2007\+/,
        other: /text/,
      };
      expect(kind, file.name).toMatch(expectedMagic[file.kind]!);
      if (['word', 'excel', 'ppt'].includes(file.kind)) expect(officeProblems(bytes), file.name).toBe('');
      if (file.kind === 'pdf') {
        // Every xref offset points at its object.
        const text = bytes.toString('latin1');
        const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
        offsets.forEach((offset, i) => expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
        expect(text.slice(Number(/startxref\n(\d+)/.exec(text)![1])).startsWith('xref')).toBe(true);
      }
    }

    const attached = all.filter((r) => r.course_id !== null);
    expect(new Set(attached.map((r) => r.course_id)).size).toBe(2);
    const info = await t.app.courses.getCourseInfo(id, attached[0]!.course_id!);
    expect(info.courseware.length).toBeGreaterThan(0);
    expect(info.courseware.every((f) => f.course_id === info.id)).toBe(true);
    // The whole demo seed, then every file downloaded: on PostgreSQL with the S3 store it takes ~20 s.
  }, 90_000);
});
