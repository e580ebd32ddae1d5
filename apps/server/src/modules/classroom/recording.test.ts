import { describe, expect, it } from 'vitest';
import { RECORDING_CHUNK_MAX_BYTES, RECORDING_MAX_BYTES } from '@app/contract/classroom';
import type { CourseInfo } from '@app/contract/courses';
import { envelope, get } from '../../../test/helpers/auth.ts';
import { DAY, MINUTE } from '../../../test/helpers/courses.ts';
import {
  relogin,
  setupLive,
  studentWithClass,
  teacherToken,
  type Ctx,
} from '../../../test/helpers/classroom.ts';
import { chunkKey, RECORDING_FINALISE_AFTER_END_MS } from './recording.service.ts';
import { WebmJoiner, withDuration } from './recording.webm.ts';

/**
 * The live room's recording (DESIGN.md §12, issue 35) on a real app and database (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL) and the configured file store: chunk uploads from the teacher's
 * seat only, while the room is open, bounded and idempotent by number; the join after the end, once
 * under two finalisers; the playback with ranges under the playback rules.
 */

type Upload = {
  id: number;
  n: number;
  t?: string;
  body?: Buffer;
  type?: string;
  extra?: string;
  lang?: string;
};

async function put(ctx: Ctx, u: Upload) {
  const query = `id=${u.id}&n=${u.n}${u.t !== undefined ? `&t=${encodeURIComponent(u.t)}` : ''}${u.extra ?? ''}`;
  const reply = await ctx.t.app.inject({
    method: 'POST',
    url: `/api/v1/classroom/putRecordingChunk?${query}`,
    headers: { 'content-type': u.type ?? 'video/webm', 'api-language': u.lang ?? 'en' },
    payload: u.body ?? Buffer.from('chunk'),
  });
  return { status: reply.statusCode, body: envelope(reply) };
}

/** A class whose room is open now (its start), with the teacher's link. */
async function openClass(ctx: Ctx) {
  const c = await studentWithClass(ctx);
  ctx.t.clock.advance(c.startAt - ctx.t.clock.now());
  return { ...c, link: await teacherToken(ctx.t, c.course.id) };
}

async function objectBytes(ctx: Ctx, key: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of await ctx.t.app.services.storage.get(key)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

async function keysUnder(ctx: Ctx, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of ctx.t.app.services.storage.list()) if (key.startsWith(prefix)) keys.push(key);
  return keys.sort();
}

async function playbackOf(ctx: Ctx, classId: number, token: string) {
  const reply = await get(ctx.t, `/course/getCourseInfo?id=${classId}`, { token });
  return (envelope(reply).data as CourseInfo).playback;
}

describe('recording chunks', () => {
  it("are taken from the teacher's link of the class only, while its room is open", async () => {
    const ctx = await setupLive();
    const a = await openClass(ctx);
    const b = await studentWithClass(ctx, 2 * DAY);
    const linkB = await teacherToken(ctx.t, b.course.id);

    const noLink = await ctx.t.app.inject({
      method: 'POST',
      url: `/api/v1/classroom/putRecordingChunk?id=${a.course.id}&n=0`,
      headers: { 'content-type': 'video/webm', authorization: a.session.token, 'api-language': 'zh-Hans' },
      payload: Buffer.from('x'),
    });
    expect([noLink.statusCode, envelope(noLink).msg]).toEqual([403, '只有本节课老师的教室链接可以上传录像']);
    for (const t of [linkB, `${a.link.slice(0, -2)}AA`]) {
      const r = await put(ctx, { id: a.course.id, n: 0, t });
      expect([r.status, r.body.msg]).toEqual([403, 'This classroom link is not valid or has expired']);
    }
    // Another class's room not open yet, with its own link.
    const early = await put(ctx, { id: b.course.id, n: 0, t: linkB });
    expect([early.status, early.body.msg]).toEqual([409, 'The classroom opens 10 minutes before the class']);

    const ok = await put(ctx, { id: a.course.id, n: 0, t: a.link, extra: '&head=1&ms=4000' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ state: 'open', next: 1, size: 5, duration_ms: 4000, end: a.course.end });

    // The room closes 30 minutes after the end, and the teacher's link with it.
    ctx.t.clock.advance(a.endAt + 30 * MINUTE - ctx.t.clock.now());
    const closed = await put(ctx, { id: a.course.id, n: 1, t: a.link });
    expect([closed.status, closed.body.msg]).toEqual([
      403,
      'This classroom link is not valid or has expired',
    ]);
    expect(await keysUnder(ctx, `recordings/${a.course.id}/`)).toEqual([chunkKey(a.course.id, 0)]);
  });

  it('are bounded in size, must be WebM bytes, and a re-sent number replaces its earlier upload', async () => {
    const ctx = await setupLive();
    const a = await openClass(ctx);
    const big = await put(ctx, {
      id: a.course.id,
      n: 0,
      t: a.link,
      body: Buffer.alloc(RECORDING_CHUNK_MAX_BYTES + 1),
    });
    expect(big.status).toBe(413);
    const empty = await put(ctx, { id: a.course.id, n: 0, t: a.link, body: Buffer.alloc(0) });
    expect([empty.status, empty.body.msg]).toEqual([
      400,
      'A recording chunk is non-empty WebM data (video/webm)',
    ]);
    const json = await put(ctx, {
      id: a.course.id,
      n: 0,
      t: a.link,
      type: 'application/json',
      body: Buffer.from('{}'),
    });
    expect(json.status).toBe(400);
    expect((await put(ctx, { id: a.course.id, n: -1, t: a.link })).status).toBe(400);

    expect(
      (await put(ctx, { id: a.course.id, n: 0, t: a.link, body: Buffer.from('AAAA'), extra: '&head=1' }))
        .status,
    ).toBe(200);
    expect((await put(ctx, { id: a.course.id, n: 1, t: a.link, body: Buffer.from('BBBB') })).status).toBe(
      200,
    );
    // Chunk 1 again (a retry): replaced, counted once.
    const again = await put(ctx, { id: a.course.id, n: 1, t: a.link, body: Buffer.from('bbbbbb') });
    expect(again.body.data).toMatchObject({ state: 'open', next: 2, size: 10 });
    // A chunk lost on the way (2): the next one is taken, the gap stays.
    const after = await put(ctx, { id: a.course.id, n: 3, t: a.link, body: Buffer.from('DD') });
    expect(after.body.data).toMatchObject({ next: 4, size: 12 });

    // The recording's bound: a chunk that would pass it is refused, in the request's language.
    await ctx.t.db
      .insertInto('class_recording_chunk')
      .values({ course_id: a.course.id, n: 50, size: RECORDING_MAX_BYTES - 14, head: 0, received_at: 0 })
      .execute();
    const full = await put(ctx, {
      id: a.course.id,
      n: 51,
      t: a.link,
      body: Buffer.from('xxx'),
      lang: 'zh-Hans',
    });
    expect([full.status, full.body.msg]).toEqual([413, '本节课的录像已达到 1.5 GB 的上限']);
    await ctx.t.db.deleteFrom('class_recording_chunk').where('n', '=', 50).execute();

    const state = await get(
      ctx.t,
      `/classroom/getRecordingState?id=${a.course.id}&t=${encodeURIComponent(a.link)}`,
    );
    expect(envelope(state).data).toMatchObject({ state: 'open', next: 4, size: 12 });
  });
});

describe('the joined recording', () => {
  it('is joined once by two finalisers after the end, in chunk order, and played with ranges to the student', async () => {
    const ctx = await setupLive();
    const a = await openClass(ctx);
    const parts = ['zero-', 'one-', 'three'];
    for (const [i, n] of [0, 1, 3].entries())
      await put(ctx, {
        id: a.course.id,
        n,
        t: a.link,
        body: Buffer.from(parts[i] as string),
        extra: `&ms=${(i + 1) * 4000}`,
      });
    const recordings = ctx.t.app.services.recordings;
    const course = { id: a.course.id, studentId: a.session.studentId, startAt: a.startAt, endAt: a.endAt };
    // Not before the end + grace.
    expect(await recordings.recordingOf(course, ctx.t.clock.now())).toBeUndefined();

    ctx.t.clock.advance(a.endAt + RECORDING_FINALISE_AFTER_END_MS - ctx.t.clock.now());
    const now = ctx.t.clock.now();
    const [first, second] = await Promise.all([
      recordings.recordingOf(course, now),
      recordings.recordingOf(course, now),
    ]);
    const urls = [first, second].filter(Boolean);
    expect(urls.length).toBeGreaterThanOrEqual(1);
    // Asked again (the job's next run): the same link, nothing joined again.
    const url = (await recordings.recordingOf(course, now))?.url;
    expect(url).toBe(recordings.playbackUrl(a.course.id, a.session.studentId));
    const finals = await keysUnder(ctx, `recordings/${a.course.id}.`);
    expect(finals).toHaveLength(1);
    expect(await keysUnder(ctx, `recordings/${a.course.id}/`)).toEqual([]);
    expect((await objectBytes(ctx, finals[0] as string)).toString()).toBe('zero-one-three');
    const row = await ctx.t.db.selectFrom('class_recording').selectAll().executeTakeFirstOrThrow();
    expect([row.state, Number(row.size), Number(row.duration_ms)]).toEqual(['final', 14, 12000]);
    // No more chunks once final.
    const late = await put(ctx, { id: a.course.id, n: 4, t: a.link });
    expect([late.status, late.body.msg]).toEqual([
      409,
      'The recording of this class is closed and takes no more chunks',
    ]);

    // The job hands it to the class page; the student's page links it.
    await ctx.t.app.jobs.runOnce('courses.deliver-recordings');
    const session = await relogin(ctx, a.session.mobile);
    const playback = await playbackOf(ctx, a.course.id, session);
    expect(playback).toMatchObject({ state: 'ready', url });

    const whole = await ctx.t.app.inject({ method: 'GET', url: url as string });
    expect([
      whole.statusCode,
      whole.headers['content-type'],
      whole.headers['accept-ranges'],
      whole.body,
    ]).toEqual([200, 'video/webm', 'bytes', 'zero-one-three']);
    const part = await ctx.t.app.inject({
      method: 'GET',
      url: url as string,
      headers: { range: 'bytes=5-7' },
    });
    expect([part.statusCode, part.headers['content-range'], part.body]).toEqual([206, 'bytes 5-7/14', 'one']);
    const tail = await ctx.t.app.inject({
      method: 'GET',
      url: url as string,
      headers: { range: 'bytes=-5' },
    });
    expect([tail.statusCode, tail.body]).toEqual([206, 'three']);
    const beyond = await ctx.t.app.inject({
      method: 'GET',
      url: url as string,
      headers: { range: 'bytes=14-' },
    });
    expect([beyond.statusCode, beyond.headers['content-range']]).toEqual([416, 'bytes */14']);
    const forged = await ctx.t.app.inject({
      method: 'GET',
      url: `/api/v1/classroom/recording/${a.course.id}?t=${'A'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(403);

    // Expired 30 days after the end.
    ctx.t.clock.advance(a.endAt + 30 * DAY - ctx.t.clock.now());
    const expired = await ctx.t.app.inject({
      method: 'GET',
      url: url as string,
      headers: { 'api-language': 'en' },
    });
    expect([expired.statusCode, envelope(expired).msg]).toEqual([
      404,
      'The playback has expired (30 days after the class)',
    ]);
    // A day later the purge job deletes it from the store and forgets it.
    expect(await ctx.t.app.jobs.runOnce('classroom.purge-recordings')).toEqual({ purged: 0 });
    ctx.t.clock.advance(DAY);
    expect(await ctx.t.app.jobs.runOnce('classroom.purge-recordings')).toEqual({ purged: 1 });
    expect(await keysUnder(ctx, `recordings/${a.course.id}`)).toEqual([]);
    expect(await ctx.t.db.selectFrom('class_recording').selectAll().execute()).toEqual([]);
    expect(await ctx.t.db.selectFrom('class_recording_chunk').selectAll().execute()).toEqual([]);
  });

  it("closes at once on the seat's last chunk and is handed to the class page when the class is over", async () => {
    const ctx = await setupLive();
    const a = await openClass(ctx);
    await put(ctx, { id: a.course.id, n: 0, t: a.link, body: Buffer.from('head'), extra: '&head=1&ms=1000' });
    ctx.t.clock.advance(a.endAt - ctx.t.clock.now());
    const last = await put(ctx, {
      id: a.course.id,
      n: 1,
      t: a.link,
      body: Buffer.from('tail'),
      extra: '&last=1&ms=2000',
    });
    expect(last.body.data).toMatchObject({ state: 'final', next: 2, size: 8, duration_ms: 2000 });
    const course = await ctx.t.db
      .selectFrom('course')
      .select(['playback_url'])
      .where('id', '=', a.course.id)
      .executeTakeFirstOrThrow();
    expect(course.playback_url).toBe(
      ctx.t.app.services.recordings.playbackUrl(a.course.id, a.session.studentId),
    );
  });

  it('is not played for a class the student missed', async () => {
    const ctx = await setupLive();
    const a = await openClass(ctx);
    await put(ctx, { id: a.course.id, n: 0, t: a.link, body: Buffer.from('head'), extra: '&head=1' });
    ctx.t.clock.advance(a.endAt - ctx.t.clock.now());
    await put(ctx, { id: a.course.id, n: 1, t: a.link, body: Buffer.alloc(0), extra: '&last=1' });
    const url = ctx.t.app.services.recordings.playbackUrl(a.course.id, a.session.studentId);
    expect((await ctx.t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await ctx.t.app.services.classLifecycle.markStudentAbsent(a.course.id);
    const missed = await ctx.t.app.inject({ method: 'GET', url, headers: { 'api-language': 'zh-Hans' } });
    expect([missed.statusCode, envelope(missed).msg]).toEqual([404, '本节课没有可播放的回放']);
  });
});

describe('withDuration', () => {
  it("sets Info's Duration in a live WebM header and leaves other bytes alone", () => {
    // EBML header (empty), Segment of unknown size, Info { TimecodeScale 1 ms }, a Cluster start.
    const head = Buffer.from([
      0x1a, 0x45, 0xdf, 0xa3, 0x80, 0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
      0x15, 0x49, 0xa9, 0x66, 0x87, 0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40, 0x1f, 0x43, 0xb6, 0x75, 0x01,
      0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    ]);
    const out = withDuration(head, 12_345);
    expect(out.length).toBe(head.length + 11);
    expect(out[21]).toBe(0x87 + 11);
    expect(out.subarray(29, 32)).toEqual(Buffer.from([0x44, 0x89, 0x88]));
    expect(out.readDoubleBE(32)).toBe(12_345);
    expect(out.subarray(40)).toEqual(head.subarray(29));
    expect(withDuration(Buffer.from('not webm'), 1000).toString()).toBe('not webm');
  });
});

describe('WebmJoiner', () => {
  const hex = (h: string) => Buffer.from(h.replace(/\s+/g, ''), 'hex');
  /** A live WebM header whose tracks are numbered `video` (V_VP8) and `audio` (A_OPUS). */
  const header = (video: number, audio: number) =>
    Buffer.concat([
      hex('1a45dfa3 80'),
      hex('18538067 01ffffffffffffff'),
      hex('1549a966 87 2ad7b1 83 0f4240'),
      hex(`1654ae6b 99 ae 8a d7 81 0${video} 86 85 565f565038 ae 8b d7 81 0${audio} 86 86 415f4f505553`),
    ]);
  const cluster = (timecode: number, blocks: [number, number][]) =>
    Buffer.concat([
      hex('1f43b675 01ffffffffffffff'),
      hex(`e7 82 ${timecode.toString(16).padStart(4, '0')}`),
      ...blocks.map(([track, rel]) => hex(`a3 86 8${track} ${rel.toString(16).padStart(4, '0')} 80 aabb`)),
    ]);
  /** Cluster timecodes and (track, absolute time) of the blocks of a joined file, after its header. */
  function walk(file: Buffer) {
    const seen: string[] = [];
    let p = file.indexOf(hex('1f43b675'));
    let tc = 0;
    while (p < file.length) {
      if (file.readUInt32BE(p) === 0x1f43b675) p += 12;
      else if (file[p] === 0xe7) {
        tc = Number(file.readBigUInt64BE(p + 2));
        p += 10;
      } else {
        seen.push(`${file[p + 2]! & 0x7f}@${tc + file.readInt16BE(p + 3)}`);
        p += 2 + 6;
      }
    }
    return seen;
  }

  it('writes one header, moves a later stream on in time with its tracks renumbered, and resumes at a cluster after a gap', () => {
    const joiner = new WebmJoiner(5000);
    const out: Buffer[] = [];
    joiner.startStream();
    const first = Buffer.concat([
      header(1, 2),
      cluster(0, [
        [1, 0],
        [2, 10],
      ]),
      cluster(1000, [[1, 0]]),
    ]);
    // Delivered in two pieces cut inside a block: nothing cut is written.
    out.push(...joiner.push(first.subarray(0, 70)), ...joiner.push(first.subarray(70)));
    // A gap: the next chunk starts inside a cluster; its bytes up to the next cluster are dropped.
    joiner.gap();
    out.push(...joiner.push(Buffer.concat([hex('0080aabb a3 86 81 0000 80 aabb'), cluster(3000, [[1, 0]])])));
    // The teacher entered again: a new stream whose tracks are numbered the other way round.
    joiner.startStream();
    out.push(
      ...joiner.push(
        Buffer.concat([
          header(2, 1),
          cluster(0, [
            [2, 0],
            [1, 5],
          ]),
        ]),
      ),
    );
    const file = Buffer.concat(out);
    expect(file.subarray(0, 5)).toEqual(hex('1a45dfa3 80'));
    expect(file.indexOf(hex('1a45dfa3'), 1)).toBe(-1);
    expect(file.includes(hex('4489 88'))).toBe(true);
    expect(walk(file)).toEqual(['1@0', '2@10', '1@1000', '1@3000', '1@3040', '2@3045']);
  });
});
