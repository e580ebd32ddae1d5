import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECORDING_TIMESLICE_MS, type RecordingState } from '@app/contract/classroom';
import { CallRecorder, UPLOAD_TIMEOUT_MS, type RecorderStatus } from './recorder.ts';

/**
 * The teacher's recorder (DESIGN.md §12 "Recording", docs/operations.md "Recordings"): its upload
 * queue, retries, bound and last chunk. The browser's media (MediaRecorder, canvas, Web Audio, video
 * elements) are fakes: the recorder gives a piece every timeslice (a timer, so fake timers drive it)
 * and one last piece after stop(), as a browser does. The server is a fake fetch that records every
 * request and answers as a test tells it (the browser test covers the real upload and join).
 */

type Track = { kind: string };

class FakeStream {
  constructor(private readonly tracks: Track[] = []) {}
  getTracks = () => this.tracks;
  getAudioTracks = () => this.tracks.filter((t) => t.kind === 'audio');
  getVideoTracks = () => this.tracks.filter((t) => t.kind === 'video');
}

class FakeVideo {
  muted = false;
  playsInline = false;
  srcObject: unknown = null;
  readyState = 0;
  videoWidth = 0;
  videoHeight = 0;
  play = () => Promise.resolve();
}

class FakeCanvas {
  width = 0;
  height = 0;
  getContext() {
    return { fillStyle: '', fillRect: () => undefined, drawImage: () => undefined };
  }
  captureStream() {
    return new FakeStream([{ kind: 'video' }]);
  }
}

class FakeAudioContext {
  resume = () => Promise.resolve();
  close = () => Promise.resolve();
  createMediaStreamDestination() {
    return { stream: new FakeStream([{ kind: 'audio' }]) };
  }
  createMediaStreamSource() {
    return { connect: () => undefined, disconnect: () => undefined };
  }
}

class FakeRecorder {
  static all: FakeRecorder[] = [];
  static isTypeSupported = (type: string) => type.startsWith('video/webm');
  state: 'inactive' | 'recording' = 'inactive';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  timeslice: number | undefined;
  /** Every piece given, in order: a chunk's body is one of these. */
  pieces: Blob[] = [];
  /** Whether the piece given on stop() has bytes (a browser may give an empty one). */
  lastPieceEmpty = false;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    readonly stream: unknown,
    readonly options: unknown,
  ) {
    FakeRecorder.all.push(this);
  }

  start(timeslice: number): void {
    this.state = 'recording';
    this.timeslice = timeslice;
    this.timer = setInterval(() => this.give(false), timeslice);
  }

  /** As a browser does: inactive at once, then (a task later) the last piece and `stop`. */
  stop(): void {
    if (this.state === 'inactive') return;
    clearInterval(this.timer);
    this.state = 'inactive';
    setTimeout(() => {
      this.give(this.lastPieceEmpty);
      this.onstop?.();
    }, 0);
  }

  private give(empty: boolean): void {
    const data = new Blob(empty ? [] : [`piece ${this.pieces.length}`]);
    this.pieces.push(data);
    this.ondataavailable?.({ data });
  }
}

/**
 * How the server answers one upload: stored, stored but the recording is joined (final), a network
 * error, an HTTP status, or not until released.
 */
type Answer = 'ok' | 'final' | 'network' | 'hang' | number;

type Request = {
  path: string;
  method: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Blob | undefined;
  /** Milliseconds since the test started. */
  at: number;
  /** How many pieces the recorder had given by then. */
  given: number;
  answer: Answer;
};

const CLASS_ID = 7;
const TOKEN = 'teacher-token';
const START = Date.parse('2026-11-28T10:00:00.000Z');
const END = '2026-11-28T10:25:00.000Z';

class FakeServer {
  requests: Request[] = [];
  state: RecordingState = { state: 'none', next: 0, size: 0, duration_ms: 0, end: END };
  /** How a chunk upload is answered; by default it is stored. */
  answer: (query: Record<string, string>, attempt: number) => Answer = () => 'ok';
  /** Milliseconds an upload takes before its answer. */
  delayMs = 0;
  inFlight = 0;
  maxInFlight = 0;
  private held: (() => void)[] = [];

  fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://school.example');
    const query = Object.fromEntries(url.searchParams);
    const path = url.pathname;
    const method = init?.method ?? 'GET';
    const headers = { ...(init?.headers as Record<string, string>) };
    const body = init?.body as Blob | undefined;
    const at = Date.now() - START;
    const given = FakeRecorder.all[0]?.pieces.length ?? 0;
    if (path.endsWith('/getRecordingState')) {
      this.requests.push({ path, method, query, headers, body, at, given, answer: 'ok' });
      return reply(this.state);
    }
    const attempt = this.puts().filter((r) => r.query.n === query.n).length;
    const answer = this.answer(query, attempt);
    this.requests.push({ path, method, query, headers, body, at, given, answer });
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      // A hung upload answers when released, or fails when the recorder abandons it (its signal).
      if (answer === 'hang')
        await new Promise<void>((resolve, reject) => {
          this.held.push(resolve);
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      if (answer === 'network') throw new TypeError('Failed to fetch');
      if (typeof answer === 'number') return reply(null, answer);
      const n = Number(query.n);
      this.state = {
        ...this.state,
        state: query.last === '1' || answer === 'final' ? 'final' : 'open',
        next: Math.max(this.state.next, n + 1),
      };
      return reply(this.state);
    } finally {
      this.inFlight--;
    }
  };

  /** Lets the hung uploads answer (as stored). */
  release(): void {
    for (const resolve of this.held.splice(0)) resolve();
  }

  puts(): Request[] {
    return this.requests.filter((r) => r.path === '/api/v1/classroom/putRecordingChunk');
  }

  /** The chunk numbers tried, in order (a retry repeats its number). */
  tried(): number[] {
    return this.puts().map((r) => Number(r.query.n));
  }

  /** The chunk numbers stored, in order. */
  stored(): number[] {
    return this.puts()
      .filter((r) => r.answer === 'ok' || r.answer === 'final' || r.answer === 'hang')
      .map((r) => Number(r.query.n));
  }

  /** The times (ms since the test started) chunk `n` was tried at. */
  triesOf(n: number): number[] {
    return this.puts()
      .filter((r) => Number(r.query.n) === n)
      .map((r) => r.at);
  }
}

function reply(data: unknown, status = 200): Response {
  const body = status === 200 ? { code: 0, data } : { code: status, message: 'refused' };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

let server: FakeServer;

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  FakeRecorder.all = [];
  server = new FakeServer();
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  vi.stubGlobal('MediaStream', FakeStream);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('HTMLCanvasElement', FakeCanvas);
  vi.stubGlobal('document', {
    createElement: (tag: string) => (tag === 'canvas' ? new FakeCanvas() : new FakeVideo()),
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A teacher's recorder started against the fake server (both seats connected). */
async function recording() {
  const statuses: RecorderStatus[] = [];
  const recorder = new CallRecorder({
    classId: CLASS_ID,
    token: TOKEN,
    end: END,
    lang: 'en',
    local: new FakeStream([{ kind: 'audio' }, { kind: 'video' }]) as unknown as MediaStream,
    onStatus: (status) => statuses.push(status),
    fetch: server.fetch,
  });
  recorder.setRemote(new FakeStream([{ kind: 'audio' }, { kind: 'video' }]) as unknown as MediaStream);
  await recorder.start();
  const media = FakeRecorder.all[0];
  if (!media) throw new Error('no MediaRecorder was made');
  return { recorder, media, statuses };
}

/** Lets `ms` of the class pass (pieces come, timers fire, uploads answer). */
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('CallRecorder uploading', () => {
  it('uploads each 4 s piece as it comes, in order, with the class, the teacher link, its number and time', async () => {
    const { media, statuses } = await recording();
    expect(statuses).toEqual(['recording']);
    expect(media.timeslice).toBe(RECORDING_TIMESLICE_MS);
    // It asked where to resume, with the teacher link.
    expect(server.requests[0]).toMatchObject({
      path: '/api/v1/classroom/getRecordingState',
      method: 'GET',
      query: { id: String(CLASS_ID), t: TOKEN },
      headers: { 'api-language': 'en' },
    });

    await pass(3 * RECORDING_TIMESLICE_MS);
    const puts = server.puts();
    expect(puts.map((r) => r.query)).toEqual([
      { id: String(CLASS_ID), t: TOKEN, n: '0', ms: '4000', head: '1' },
      { id: String(CLASS_ID), t: TOKEN, n: '1', ms: '8000' },
      { id: String(CLASS_ID), t: TOKEN, n: '2', ms: '12000' },
    ]);
    for (const [i, put] of puts.entries()) {
      expect(put.method).toBe('POST');
      expect(put.headers).toEqual({ 'api-language': 'en', 'content-type': 'video/webm' });
      // Chunk i carries the recorder's piece i, each sent as it came.
      expect(put.body).toBe(media.pieces[i]);
      expect(put.at).toBe((i + 1) * RECORDING_TIMESLICE_MS);
    }
  });

  it('sends one chunk at a time: a slow upload holds the next ones, which follow in order', async () => {
    server.delayMs = 10_000;
    const { media } = await recording();
    await pass(60_000);
    expect(server.maxInFlight).toBe(1);
    // 15 pieces came; each upload takes 10 s, so six were sent, each right after the one before.
    expect(media.pieces).toHaveLength(15);
    expect(server.tried()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(server.puts().map((r) => r.at)).toEqual([4_000, 14_000, 24_000, 34_000, 44_000, 54_000]);
    expect(server.puts().map((r) => r.body)).toEqual(media.pieces.slice(0, 6));
  });

  it('resumes where the server says after an entry again: its next number, the time so far, a new header', async () => {
    server.state = { state: 'open', next: 12, size: 6_000_000, duration_ms: 48_000, end: END };
    await recording();
    await pass(2 * RECORDING_TIMESLICE_MS);
    expect(server.puts().map((r) => r.query)).toEqual([
      { id: String(CLASS_ID), t: TOKEN, n: '12', ms: '52000', head: '1' },
      { id: String(CLASS_ID), t: TOKEN, n: '13', ms: '56000' },
    ]);
  });

  it('does not record a class already over, or a recording already joined', async () => {
    server.state = { state: 'final', next: 300, size: 1, duration_ms: 1_200_000, end: END };
    const statuses: RecorderStatus[] = [];
    const recorder = new CallRecorder({
      classId: CLASS_ID,
      token: TOKEN,
      end: END,
      lang: 'en',
      local: new FakeStream() as unknown as MediaStream,
      onStatus: (status) => statuses.push(status),
      fetch: server.fetch,
    });
    await recorder.start();
    await pass(30_000);
    expect(FakeRecorder.all).toHaveLength(0);
    expect(server.puts()).toHaveLength(0);
    expect(statuses).toEqual(['stopped']);
  });
});

describe('CallRecorder when uploads fail', () => {
  it('tries a failed upload again after 1, 2 and 4 s while the later chunks wait behind it, in order', async () => {
    // Chunk 0 fails three times (the network, a 503, the network), then is stored.
    server.answer = (query, attempt) =>
      query.n === '0' && attempt < 3 ? (['network', 503, 'network'][attempt] as Answer) : 'ok';
    const { media } = await recording();
    await pass(30_000);
    expect(server.triesOf(0)).toEqual([4_000, 5_000, 7_000, 11_000]);
    // Chunks 1 (8 s) and 2 (12 s) waited for chunk 0; then each went as it came.
    expect(server.tried()).toEqual([0, 0, 0, 0, 1, 2, 3, 4, 5, 6]);
    expect(server.triesOf(1)).toEqual([11_000]);
    expect(server.triesOf(2)).toEqual([12_000]);
    expect(server.stored()).toEqual(range(0, 6));
    expect(
      server
        .puts()
        .filter((r) => r.answer === 'ok')
        .map((r) => r.body),
    ).toEqual(media.pieces);
    expect(server.maxInFlight).toBe(1);
  });

  it('gives a chunk up after four retries (1, 2, 4, 8 s apart) and goes on with the next', async () => {
    server.answer = (query) => (query.n === '1' ? 'network' : 'ok');
    const { statuses } = await recording();
    await pass(60_000);
    expect(server.triesOf(1)).toEqual([8_000, 9_000, 11_000, 15_000, 23_000]);
    // Chunks 2 to 5 waited until chunk 1 was given up at 23 s; none waits after.
    expect(server.triesOf(2)).toEqual([23_000]);
    expect(server.tried().slice(6)).toEqual(range(2, 14));
    expect(server.stored()).toEqual([0, ...range(2, 14)]);
    expect(statuses).toEqual(['recording']);
  });

  it('never gives up a recording’s first chunk (its WebM header): tried every 8 s until stored', async () => {
    server.answer = (query, attempt) => (query.n === '0' && attempt < 8 ? 'network' : 'ok');
    const { media } = await recording();
    await pass(60_000);
    expect(server.triesOf(0)).toEqual([4_000, 5_000, 7_000, 11_000, 19_000, 27_000, 35_000, 43_000, 51_000]);
    expect(server.puts().find((r) => r.query.n === '0')?.query.head).toBe('1');
    // The later chunks waited for it and followed in order: no gap, and the header first.
    expect(server.stored()).toEqual(range(0, 14));
    expect(
      server
        .puts()
        .filter((r) => r.answer === 'ok')
        .map((r) => r.body),
    ).toEqual(media.pieces);
  });

  it('gives a chunk up at once when the server refuses it (4xx other than 403 and 409) and goes on', async () => {
    server.answer = (query) => (query.n === '1' ? 413 : query.n === '2' ? 400 : 'ok');
    const { statuses } = await recording();
    await pass(20_000);
    expect(server.tried()).toEqual([0, 1, 2, 3, 4]);
    expect(server.stored()).toEqual([0, 3, 4]);
    expect(statuses).toEqual(['recording']);
  });

  for (const [what, answer] of [
    ['409 (the recording is closed)', 409],
    ['403 (the room is closed)', 403],
    ['a reply that the recording is joined', 'final'],
  ] as const) {
    it(`stops when the server takes no more, ${what}: not even the recorder's last piece is sent`, async () => {
      server.answer = (query) => (Number(query.n) >= 2 ? answer : 'ok');
      const { media, statuses } = await recording();
      await pass(12_000);
      expect(server.tried()).toEqual([0, 1, 2]);
      expect(media.state).toBe('inactive');
      expect(statuses).toEqual(['recording', 'stopped']);
      await pass(60_000);
      expect(server.tried()).toEqual([0, 1, 2]);
    });
  }
});

describe('CallRecorder while uploads keep failing', () => {
  it('abandons an upload without an answer after 30 s and tries it again; the chunks behind it follow in order', async () => {
    expect(UPLOAD_TIMEOUT_MS).toBe(30_000);
    // The network swallows chunk 1's first upload (no answer, no error).
    server.answer = (query, attempt) => (query.n === '1' && attempt === 0 ? 'hang' : 'ok');
    const { media } = await recording();
    await pass(50_000);
    // Abandoned at 38 s, tried again 1 s later and stored.
    expect(server.triesOf(1)).toEqual([8_000, 39_000]);
    expect(server.triesOf(2)).toEqual([39_000]);
    expect(server.tried()).toEqual([0, 1, ...range(1, 11)]);
    expect(media.pieces).toHaveLength(12);
    expect(server.maxInFlight).toBe(1);
  });

  it('keeps at most 2 minutes of chunks while every upload fails, and sends the newest when the network is back', async () => {
    let down = true;
    server.answer = () => (down ? 'network' : 'ok');
    const { media } = await recording();
    await pass(300_000);
    // Each chunk tried takes 15 s to give up while one comes every 4 s: the queue fills and the
    // oldest waiting ones are given up untried.
    const triedDuringOutage = new Set(server.tried());
    expect(media.pieces).toHaveLength(75);
    down = false;
    await pass(10_000);
    // The chunk in its backoff is tried again (within 8 s) and stored, and those waiting follow at
    // once: 29 more (the queue is full then; just after a chunk is given up it holds one less), the
    // newest when it was stored, in order. Then each goes as it comes.
    const first = server.puts().find((r) => r.answer === 'ok')!;
    const newest = first.given - 1;
    const sent = server.stored();
    expect(sent.slice(1, 30)).toEqual(range(newest - 28, newest));
    expect(sent.slice(30)).toEqual(range(newest + 1, media.pieces.length - 1));
    expect(triedDuringOutage.has(sent[0]!)).toBe(true);
    expect(sent[0]).toBeLessThan(newest - 29);
    // Everything between was given up (never tried): a gap, not a wait.
    for (const n of range(sent[0]! + 1, newest - 29)) expect(triedDuringOutage.has(n)).toBe(false);
  });
});

describe('CallRecorder stopping', () => {
  it("stops at the class's end and sends its last piece with last=1, once; nothing after", async () => {
    server.state = { ...server.state, end: new Date(START + 20_000).toISOString() };
    const { media, statuses } = await recording();
    await pass(20_000);
    expect(media.state).toBe('inactive');
    expect(statuses).toEqual(['recording', 'stopped']);
    // The last piece comes a task later (a timer set in a timer runs a millisecond on, here).
    await pass(1);
    const puts = server.puts();
    expect(puts.map((r) => r.query.n)).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(puts.map((r) => r.query.last)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      '1',
    ]);
    expect(puts.at(-1)?.body).toBe(media.pieces.at(-1));
    await pass(60_000);
    expect(server.puts()).toHaveLength(6);
  });

  it('closes the recording with last=1 even when the last piece is empty', async () => {
    const { recorder, media } = await recording();
    media.lastPieceEmpty = true;
    await pass(8_000);
    recorder.stop(true);
    await pass(0);
    const puts = server.puts();
    expect(puts.map((r) => [r.query.n, r.query.last])).toEqual([
      ['0', undefined],
      ['1', undefined],
      ['2', '1'],
    ]);
    expect(puts[2]?.body?.size).toBe(0);
    await pass(60_000);
    expect(server.puts()).toHaveLength(3);
  });

  it('stop(true) while uploads fail: the waiting chunks go first, in order, then the last, flagged once', async () => {
    let down = true;
    server.answer = () => (down ? 'network' : 'ok');
    const { recorder, media, statuses } = await recording();
    await pass(12_000);
    recorder.stop(true);
    expect(statuses).toEqual(['recording', 'stopped']);
    await pass(0);
    expect(media.pieces).toHaveLength(4);
    down = false;
    await pass(60_000);
    expect(server.stored()).toEqual([0, 1, 2, 3]);
    expect(
      server
        .puts()
        .filter((r) => r.query.last === '1')
        .map((r) => r.query.n),
    ).toEqual(['3']);
    expect(
      server
        .puts()
        .filter((r) => r.answer === 'ok')
        .map((r) => r.body),
    ).toEqual(media.pieces);
    expect(media.pieces).toHaveLength(4);
  });

  it('stop(false) (the seat leaves) sends what is left without last=1, and nothing after', async () => {
    server.delayMs = 5_000;
    const { recorder, media } = await recording();
    await pass(12_000);
    recorder.stop(false);
    await pass(60_000);
    expect(server.stored()).toEqual([0, 1, 2, 3]);
    expect(server.puts().every((r) => r.query.last === undefined)).toBe(true);
    expect(server.puts().map((r) => r.body)).toEqual(media.pieces);
    // A later stop(true) (the class's end) has no recorder left to close: nothing is sent.
    recorder.stop(true);
    await pass(60_000);
    expect(server.puts()).toHaveLength(4);
  });

  it('never starts when the page is left while it asks the server where to resume', async () => {
    const recorder = new CallRecorder({
      classId: CLASS_ID,
      token: TOKEN,
      end: END,
      lang: 'en',
      local: new FakeStream() as unknown as MediaStream,
      onStatus: () => undefined,
      fetch: server.fetch,
    });
    const starting = recorder.start();
    recorder.dispose();
    await starting;
    await pass(30_000);
    expect(FakeRecorder.all).toHaveLength(0);
    expect(server.puts()).toHaveLength(0);
  });
});
