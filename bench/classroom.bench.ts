/**
 * The live classroom at scale (issue 35): BENCH_CLASSROOM_ROOMS rooms (default 200) signalling at
 * once on one real server instance (CLASSROOM_DRIVER=live; bench/classroom-server.ts, a process of
 * its own). For each room, at the same time: the student's seat (getRoom by session) and the
 * teacher's (getRoom by the teacher link) open the room's WebSocket with their tickets and are
 * welcomed; the student sends an offer, the teacher answers; each seat then trickles 20 ICE
 * candidates (5 ms apart, as a browser gathers them) and sends 3 chat lines (50 ms apart). Every
 * message carries a number, so its latency is measured from the send to its arrival on the other
 * seat (both clients live in this process: one clock). Printed: p50/p99/max latency of every
 * relayed message and of each kind, the time from getRoom to the welcome, and the server's memory
 * (RSS and V8 heap after a full garbage collection, before the rooms and with all of them open,
 * divided by the rooms) and CPU per room. Any refusal, error message, unexpected close or missing
 * message fails the run.
 *
 * `node --import tsx bench/classroom.bench.ts` alone (or `BENCH_ONLY=classroom npm run bench`);
 * BENCH_DATABASE_URL for PostgreSQL, BENCH_REDIS_URL for the Redis bus. Unless BENCH_CLASSROOM_WRITE
 * is 0, the figures replace this setup's row of the table in docs/quality.md, "Live classroom".
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { Room, ServerMessage } from '@app/contract/classroom';
import type { BenchRoom, ClassroomServerMessage } from './classroom-server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const CANDIDATES = 20;
const CANDIDATE_GAP_MS = 5;
const CHATS = 3;
const CHAT_GAP_MS = 50;
const ROOM_TIMEOUT_MS = 60_000;

type Kind = 'offer' | 'answer' | 'candidate' | 'chat';
type Memory = Extract<ClassroomServerMessage, { type: 'memory' }>;

export type ClassroomRow = {
  setup: string;
  rooms: number;
  messages: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** p50 / p99 of each kind, "p50 / p99". */
  sdpMs: string;
  candidateMs: string;
  chatMs: string;
  /** From the first getRoom of the room to the second welcome, p50 / p99. */
  joinMs: string;
  rssKbPerRoom: number;
  heapKbPerRoom: number;
  cpuMsPerRoom: number;
  /** The server's event-loop delay while the rooms played, p50 / p99 ms. */
  serverLoopMs: string;
  errors: number;
};

/** A Chrome-like offer or answer (audio, video, data) of about 5 KB, numbered in its o= line. */
function sdp(id: number, type: 'offer' | 'answer'): string {
  const video = Array.from({ length: 16 }, (_, i) => 96 + i);
  const lines = [
    'v=0',
    `o=- ${id} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    'a=group:BUNDLE 0 1 2',
    'a=extmap-allow-mixed',
    'a=msid-semantic: WMS stream',
    'm=audio 9 UDP/TLS/RTP/SAVPF 111 63 9 0 8 13 110 126',
    'c=IN IP4 0.0.0.0',
    'a=rtcp:9 IN IP4 0.0.0.0',
    'a=ice-ufrag:Ab12',
    'a=ice-pwd:abcdefghijklmnopqrstuvwx',
    'a=ice-options:trickle',
    'a=fingerprint:sha-256 ' +
      Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0')).join(':'),
    `a=setup:${type === 'offer' ? 'actpass' : 'active'}`,
    'a=mid:0',
    'a=extmap:1 urn:ietf:params:rtp-hdrext:ssrc-audio-level',
    'a=extmap:2 http://www.webrtc.org/experiments/rtp-hdrext/abs-send-time',
    'a=extmap:3 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01',
    'a=sendrecv',
    'a=msid:stream audio',
    'a=rtcp-mux',
    'a=rtpmap:111 opus/48000/2',
    'a=rtcp-fb:111 transport-cc',
    'a=fmtp:111 minptime=10;useinbandfec=1',
    'a=rtpmap:63 red/48000/2',
    'a=rtpmap:9 G722/8000',
    'a=rtpmap:0 PCMU/8000',
    'a=rtpmap:8 PCMA/8000',
    'a=rtpmap:13 CN/8000',
    'a=rtpmap:110 telephone-event/48000',
    'a=rtpmap:126 telephone-event/8000',
    `a=ssrc:${1000 + (id % 1000)} cname:benchcname0123456`,
    `m=video 9 UDP/TLS/RTP/SAVPF ${video.join(' ')}`,
    'c=IN IP4 0.0.0.0',
    'a=rtcp:9 IN IP4 0.0.0.0',
    'a=ice-ufrag:Ab12',
    'a=ice-pwd:abcdefghijklmnopqrstuvwx',
    'a=mid:1',
    'a=sendrecv',
    'a=msid:stream video',
    'a=rtcp-mux',
    'a=rtcp-rsize',
    ...video.flatMap((pt, i) =>
      i % 2 === 0
        ? [
            `a=rtpmap:${pt} ${['VP8', 'VP9', 'H264', 'AV1'][(i / 2) % 4]}/90000`,
            `a=rtcp-fb:${pt} goog-remb`,
            `a=rtcp-fb:${pt} transport-cc`,
            `a=rtcp-fb:${pt} ccm fir`,
            `a=rtcp-fb:${pt} nack`,
            `a=rtcp-fb:${pt} nack pli`,
            `a=fmtp:${pt} level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f`,
          ]
        : [`a=rtpmap:${pt} rtx/90000`, `a=fmtp:${pt} apt=${pt - 1}`],
    ),
    `a=ssrc-group:FID ${2000 + (id % 1000)} ${3000 + (id % 1000)}`,
    `a=ssrc:${2000 + (id % 1000)} cname:benchcname0123456`,
    `a=ssrc:${3000 + (id % 1000)} cname:benchcname0123456`,
    'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
    'c=IN IP4 0.0.0.0',
    'a=mid:2',
    'a=sctp-port:5000',
    'a=max-message-size:262144',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** The number a relayed message carries, and its kind. */
function numberOf(msg: ServerMessage): { kind: Kind; id: number } | undefined {
  switch (msg.type) {
    case 'offer':
    case 'answer': {
      const id = /^o=- (\d+) /m.exec(msg.sdp)?.[1];
      return id ? { kind: msg.type, id: Number(id) } : undefined;
    }
    case 'candidate': {
      const id = /^candidate:(\d+) /.exec(msg.candidate.candidate)?.[1];
      return id ? { kind: 'candidate', id: Number(id) } : undefined;
    }
    case 'chat': {
      const id = /^line (\d+)/.exec(msg.text)?.[1];
      return id ? { kind: 'chat', id: Number(id) } : undefined;
    }
    default:
      return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (n: number) => Math.round(n * 10) / 10;
const pair = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${round(percentile(sorted, 50))} / ${round(percentile(sorted, 99))}`;
};

/** What the whole run measured and what went wrong. */
class Tally {
  private next = 1;
  private readonly sent = new Map<number, number>();
  readonly latencies: Record<Kind, number[]> = { offer: [], answer: [], candidate: [], chat: [] };
  readonly joins: number[] = [];
  readonly errors: string[] = [];

  stamp(): number {
    const id = this.next++;
    this.sent.set(id, performance.now());
    return id;
  }

  arrived(kind: Kind, id: number): void {
    const at = this.sent.get(id);
    if (at === undefined) {
      this.errors.push(`a ${kind} numbered ${id} arrived that was never sent (or twice)`);
      return;
    }
    this.sent.delete(id);
    this.latencies[kind].push(performance.now() - at);
  }
}

/** A seat's socket: what arrived from the other seat, and waits for it. */
class Seat {
  readonly socket: WebSocket;
  private readonly counts: Record<Kind, number> = { offer: 0, answer: 0, candidate: 0, chat: 0 };
  private welcomed = false;
  private waiters: Array<() => void> = [];
  closedUnexpectedly: string | undefined;
  private leaving = false;
  readonly closed: Promise<void>;

  constructor(
    base: string,
    room: Room,
    private readonly tally: Tally,
    private readonly label: string,
  ) {
    const url = `${base.replace(/^http/, 'ws')}${room.ws_path.startsWith('/') ? '' : '/'}${room.ws_path}`;
    this.socket = new WebSocket(`${url}?ticket=${encodeURIComponent(room.ticket)}&lang=en`);
    this.socket.on('message', (data) => this.onMessage(String(data)));
    this.socket.on('error', (err) => tally.errors.push(`${label}: socket error ${err.message}`));
    this.closed = new Promise((resolve) => {
      this.socket.once('close', (code, reason) => {
        if (!this.leaving) {
          this.closedUnexpectedly = `${label}: closed ${code} ${String(reason)}`;
          tally.errors.push(this.closedUnexpectedly);
        }
        this.wake();
        resolve();
      });
    });
  }

  private onMessage(text: string): void {
    const msg = JSON.parse(text) as ServerMessage;
    if (msg.type === 'welcome') this.welcomed = true;
    else if (msg.type === 'error') this.tally.errors.push(`${this.label}: error ${msg.code}`);
    else if (msg.type === 'chat' && msg.seat === this.label.split(' ')[0])
      return; // its own line
    else {
      const numbered = numberOf(msg);
      if (numbered) {
        this.counts[numbered.kind]++;
        this.tally.arrived(numbered.kind, numbered.id);
      }
    }
    this.wake();
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves once `done()` holds (checked on every message); fails after the room's timeout. */
  async until(what: string, done: () => boolean, deadline: number): Promise<void> {
    while (!done()) {
      if (this.closedUnexpectedly) throw new Error(this.closedUnexpectedly);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${this.label}: no ${what} in time`);
      await Promise.race([
        new Promise<void>((resolve) => this.waiters.push(resolve)),
        sleep(Math.min(left, 1000)),
      ]);
    }
  }

  welcome = (deadline: number) => this.until('welcome', () => this.welcomed, deadline);
  got = (kind: Kind, n: number, deadline: number) =>
    this.until(`${n} ${kind}`, () => this.counts[kind] >= n, deadline);

  send(msg: object): void {
    this.socket.send(JSON.stringify(msg));
  }

  async leave(): Promise<void> {
    this.leaving = true;
    if (this.socket.readyState === WebSocket.OPEN) this.send({ type: 'leave' });
    await Promise.race([this.closed, sleep(5_000)]);
    if (this.socket.readyState !== WebSocket.CLOSED) this.socket.terminate();
  }
}

async function getRoom(base: string, query: string, token?: string): Promise<Room> {
  const res = await fetch(`${base}/api/v1/classroom/getRoom?${query}`, {
    headers: { 'api-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const body = (await res.json()) as { code?: number; msg?: string; data?: Room };
  if (res.status !== 200 || body.code !== 200 || !body.data) {
    throw new Error(`getRoom ${query.split('&')[0]}: ${res.status} ${body.msg ?? ''}`);
  }
  return body.data;
}

/** One room's whole exchange; its seats stay open until `leave`. */
async function playRoom(
  base: string,
  room: BenchRoom,
  tally: Tally,
): Promise<{ leave: () => Promise<void> }> {
  const deadline = Date.now() + ROOM_TIMEOUT_MS;
  const started = performance.now();
  const seats: Seat[] = [];
  const leave = () => Promise.all(seats.map((s) => s.leave())).then(() => undefined);
  try {
    const [studentRoom, teacherRoom] = await Promise.all([
      getRoom(base, `id=${room.classId}`, room.studentToken),
      getRoom(base, `id=${room.classId}&t=${encodeURIComponent(room.teacherToken)}`),
    ]);
    const student = new Seat(base, studentRoom, tally, `student ${room.classId}`);
    const teacher = new Seat(base, teacherRoom, tally, `teacher ${room.classId}`);
    seats.push(student, teacher);
    await Promise.all([student.welcome(deadline), teacher.welcome(deadline)]);
    tally.joins.push(performance.now() - started);

    student.send({ type: 'offer', sdp: sdp(tally.stamp(), 'offer') });
    await teacher.got('offer', 1, deadline);
    teacher.send({ type: 'answer', sdp: sdp(tally.stamp(), 'answer') });
    await student.got('answer', 1, deadline);

    const trickle = async (seat: Seat, side: number) => {
      for (let k = 0; k < CANDIDATES; k++) {
        const id = tally.stamp();
        seat.send({
          type: 'candidate',
          candidate: {
            candidate: `candidate:${id} 1 udp 2122260223 10.${side}.${room.classId % 250}.${k + 1} ${50_000 + k} typ host generation 0 ufrag Ab12 network-id 1`,
            sdpMid: '0',
            sdpMLineIndex: 0,
          },
        });
        await sleep(CANDIDATE_GAP_MS);
      }
    };
    const chat = async (seat: Seat, who: string) => {
      for (let k = 0; k < CHATS; k++) {
        seat.send({ type: 'chat', text: `line ${tally.stamp()}: hello from the ${who}` });
        await sleep(CHAT_GAP_MS);
      }
    };
    await Promise.all([trickle(student, 1), trickle(teacher, 2)]);
    await Promise.all([chat(student, 'student'), chat(teacher, 'teacher')]);
    await Promise.all([
      student.got('candidate', CANDIDATES, deadline),
      teacher.got('candidate', CANDIDATES, deadline),
      student.got('chat', CHATS, deadline),
      teacher.got('chat', CHATS, deadline),
    ]);
  } catch (error) {
    tally.errors.push(`room ${room.classId}: ${(error as Error).message}`);
  }
  return { leave };
}

function request(child: ChildProcess, type: 'memory'): Promise<Memory> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      const msg = message as ClassroomServerMessage;
      if (msg.type !== 'memory') return;
      child.off('message', onMessage);
      resolve(msg);
    };
    child.on('message', onMessage);
    child.send({ type });
  });
}

function startServer(env: Record<string, string | undefined>) {
  const child = fork(path.join(here, 'classroom-server.ts'), [], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<Extract<ClassroomServerMessage, { type: 'ready' }>>((resolve, reject) => {
    child.on('message', (message: unknown) => {
      const msg = message as ClassroomServerMessage;
      if (msg.type === 'ready') resolve(msg);
    });
    child.once('exit', (code) =>
      reject(new Error(`classroom-server.ts exited with ${code} before it was ready`)),
    );
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send({ type: 'stop' });
    await Promise.race([exited, sleep(15_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  return { child, ready, stop };
}

/** Runs the benchmark on a server of its own; resolves with its row (errors counted, not thrown). */
export async function runClassroomBench(
  rooms = Number(process.env.BENCH_CLASSROOM_ROOMS ?? 200),
): Promise<{ row: ClassroomRow; errors: string[]; title: string }> {
  const server = startServer({
    // One more room than measured: the warm-up (the code paths compiled before the memory is read).
    BENCH_CLASSROOM_ROOMS: String(rooms + 1),
  });
  const tally = new Tally();
  try {
    const ready = await server.ready;
    const [warm, ...measured] = ready.rooms;
    const warmTally = new Tally();
    const warmRoom = await playRoom(ready.base, warm!, warmTally);
    await warmRoom.leave();
    if (warmTally.errors.length > 0) tally.errors.push(...warmTally.errors.map((e) => `warm-up: ${e}`));
    const before = await request(server.child, 'memory');
    const loadBefore = os.loadavg()[0]!;
    const started = performance.now();
    const open = await Promise.all(measured.map((room) => playRoom(ready.base, room, tally)));
    const seconds = (performance.now() - started) / 1000;
    const after = await request(server.child, 'memory');
    await Promise.all(open.map((room) => room.leave()));

    const all = Object.values(tally.latencies)
      .flat()
      .sort((a, b) => a - b);
    const expected = measured.length * (2 + 2 * CANDIDATES + 2 * CHATS);
    if (all.length !== expected) tally.errors.push(`${all.length} messages arrived of ${expected} sent`);
    const perRoom = (bytes: number) => Math.round(bytes / 1024 / measured.length);
    const setup = `${ready.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, bus: ${ready.bus === 'memory' ? 'in-process' : ready.bus === 'redis' ? 'Redis' : 'LISTEN/NOTIFY'}`;
    const row: ClassroomRow = {
      setup,
      rooms: measured.length,
      messages: all.length,
      p50Ms: round(percentile(all, 50)),
      p99Ms: round(percentile(all, 99)),
      maxMs: round(all.at(-1) ?? 0),
      sdpMs: pair([...tally.latencies.offer, ...tally.latencies.answer]),
      candidateMs: pair(tally.latencies.candidate),
      chatMs: pair(tally.latencies.chat),
      joinMs: pair(tally.joins),
      rssKbPerRoom: perRoom(after.rss - before.rss),
      heapKbPerRoom: perRoom(after.heapUsed + after.external - before.heapUsed - before.external),
      cpuMsPerRoom: round((after.cpuMicros - before.cpuMicros) / 1000 / measured.length),
      serverLoopMs: `${round(after.loopP50Ms)} / ${round(after.loopP99Ms)}`,
      errors: tally.errors.length,
    };
    const title = `${setup}; ${measured.length} rooms at once in ${round(seconds)} s; ${machine()}; load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0]!.toFixed(2)} after; server RSS ${mb(before.rss)} → ${mb(after.rss)} MB, heap + external ${mb(before.heapUsed + before.external)} → ${mb(after.heapUsed + after.external)} MB`;
    return { row, errors: tally.errors, title };
  } finally {
    await server.stop();
  }
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} cores, ${cpus[0]?.model.trim() ?? 'unknown CPU'}, node ${process.version}`;
}

/** A Markdown table with padded columns, as Prettier writes it (docs are format-checked). */
function markdownTable(head: string[], body: string[][]): string {
  const widths = head.map((h, i) => Math.max(3, h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

const HEADING = '## Live classroom';
const HEAD = [
  'Setup',
  'Date',
  'Rooms',
  'Messages',
  'p50 ms',
  'p99 ms',
  'max ms',
  'SDP p50 / p99',
  'Candidates p50 / p99',
  'Chat p50 / p99',
  'Join p50 / p99 ms',
  'RSS KB/room',
  'Heap KB/room',
  'CPU ms/room',
  'Server loop delay p50 / p99 ms',
  'Load',
];

/**
 * Replaces this setup's row of the table in docs/quality.md's "Live classroom" section (the section
 * and the table are made when missing); the section's text and the other setups' rows stay.
 */
export function writeClassroomFigures(row: ClassroomRow, load: string): void {
  const file = path.join(here, '..', 'docs', 'quality.md');
  const lines = (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Quality\n').split('\n');
  let start = lines.indexOf(HEADING);
  if (start === -1) {
    while (lines.at(-1) === '') lines.pop();
    lines.push('', HEADING, '');
    start = lines.length - 2;
  }
  const next = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  const end = next === -1 ? lines.length : next;
  const tableAt = lines.findIndex((line, i) => i > start && i < end && line.startsWith(`| ${HEAD[0]}`));
  let rows: string[][] = [];
  let tableEnd = tableAt;
  if (tableAt !== -1) {
    tableEnd = tableAt + 2;
    while (tableEnd < end && lines[tableEnd]!.startsWith('|')) tableEnd++;
    rows = lines.slice(tableAt + 2, tableEnd).map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
    // Rows of an older layout (other columns) are dropped: they are re-measured by the next run.
    rows = rows.filter((r) => r.length === HEAD.length);
  }
  const cells = [
    row.setup,
    new Date().toISOString().slice(0, 10),
    row.rooms,
    row.messages,
    row.p50Ms,
    row.p99Ms,
    row.maxMs,
    row.sdpMs,
    row.candidateMs,
    row.chatMs,
    row.joinMs,
    row.rssKbPerRoom,
    row.heapKbPerRoom,
    row.cpuMsPerRoom,
    row.serverLoopMs,
    load,
  ].map(String);
  const at = rows.findIndex((r) => r[0] === row.setup);
  if (at === -1) rows.push(cells);
  else rows[at] = cells;
  const table = markdownTable(HEAD, rows).split('\n');
  if (tableAt === -1) {
    let insertAt = end;
    while (insertAt > start + 1 && lines[insertAt - 1] === '') insertAt--;
    const blankAfter = insertAt === lines.length || lines[insertAt] === '';
    lines.splice(insertAt, 0, '', ...table, ...(blankAfter ? [] : ['']));
  } else {
    lines.splice(tableAt, tableEnd - tableAt, ...table);
  }
  fs.writeFileSync(file, `${lines.join('\n').trimEnd()}\n`);
}

/** Prints the run, writes docs/quality.md; true when it saw no error. */
export async function classroomBench(): Promise<boolean> {
  const { row, errors, title } = await runClassroomBench();
  console.info(`\nlive classroom: ${title}`);
  console.table([row]); // eslint-disable-line no-console -- the table is the output of the benchmark
  if (errors.length > 0) {
    console.error(
      `live classroom: ${errors.length} errors, the first ones:\n${errors.slice(0, 10).join('\n')}`,
    );
    return false;
  }
  if (process.env.BENCH_CLASSROOM_WRITE !== '0') {
    writeClassroomFigures(
      row,
      os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' '),
    );
    console.info('figures written to docs/quality.md ("Live classroom")');
  }
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ok = await classroomBench();
  process.exit(ok ? 0 : 1);
}
