/**
 * `npm run bench`: HTTP benchmarks of the real server against a bare Fastify hello-world, in one run.
 * Both servers run in processes of their own (bench/hello-world.ts, bench/server.ts: the real
 * server on a fresh SQLite demo database in a temporary directory, or on PostgreSQL when
 * BENCH_DATABASE_URL is set, logging at info level into /dev/null); autocannon drives them from
 * this process over loopback, 50 connections. Hello-world is measured before the first scenario and
 * after each one, and each scenario's req/s is compared with the mean of its two neighbours. Prints
 * the table, writes it to docs/quality.md ("Latest figures", or "Latest figures on PostgreSQL") when
 * every scenario ran, then runs the booking benchmark in-process and the live classroom's
 * (bench/classroom.bench.ts, 200 rooms on a server of its own).
 * BENCH_SECONDS (default 5) per scenario; BENCH_ONLY filters by name (comma-separated parts).
 * Scenarios marked `student` are sent as the demo student, logged in once by password over HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { LOGIN_TABS } from '@app/contract/auth';
import { LOGIN_CLIENT_LABEL } from '@app/contract/constants';
import { clientPasswordHash } from '../apps/server/src/modules/auth/client-password-hash.ts';
import { bookingFailures, runBookingBench, type BookingRow } from './booking.bench.ts';
import { classroomBench } from './classroom.bench.ts';
import { SCENARIOS, type Scenario } from './scenarios.ts';
import { startBenchServer } from './server.ts';
import type { BenchStudent, StudentRoster } from './students.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const only = process.env.BENCH_ONLY;
const picked = (name: string) => !only || only.split(',').some((part) => name.includes(part));
const CONNECTIONS = 50;

type Grown = { students: number; classes: number; ms: number };
type Child = { base: string; engine?: string; roster?: string; grown?: Grown; process: ChildProcess };

/**
 * Starts `file` with tsx in a process of its own and reads the JSON line it prints once it listens:
 * on stdout (hello-world), or on file descriptor 3 (the real server, whose stdout is its log, sent
 * to /dev/null).
 */
async function startChild(
  file: string,
  channel: 'stdout' | 'fd3',
  env: Record<string, string> = {},
): Promise<Child> {
  // BENCH_SERVER_CPU_PROFILE=<dir>: the real server's CPU profile of the whole run, written as it exits.
  const profile =
    file === 'server.ts' && process.env.BENCH_SERVER_CPU_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_CPU_PROFILE}`]
      : [];
  // BENCH_SERVER_NODE_FLAGS: Node options of the real server's process (`--trace-gc`, say).
  const flags =
    file === 'server.ts' ? (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean) : [];
  const child = spawn(process.execPath, [...flags, ...profile, '--import', 'tsx', path.join(here, file)], {
    stdio: channel === 'stdout' ? ['ignore', 'pipe', 'inherit'] : ['ignore', 'ignore', 'inherit', 'pipe'],
    env: { ...process.env, ...env },
  });
  const output = (channel === 'stdout' ? child.stdout : child.stdio[3]) as Readable;
  const lines = readline.createInterface({ input: output });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code} before listening`)));
  });
  lines.close();
  output.resume();
  const { base, engine, roster, grown } = JSON.parse(first) as Omit<Child, 'process'>;
  return { base, engine, roster, grown, process: child };
}

const DEMO_MOBILE = '13800138000';

/** Logs the demo student in by password through the real server and returns its access token. */
async function demoStudentToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'api-language': 'zh-Hans' },
    body: JSON.stringify({
      mobile: DEMO_MOBILE,
      password: clientPasswordHash('demo1234', DEMO_MOBILE),
      currentTab: LOGIN_TABS.password,
      token: LOGIN_CLIENT_LABEL,
    }),
  });
  const body = (await res.json()) as { code?: number; data?: { token?: string } };
  if (res.status !== 200 || body.code !== 200 || !body.data?.token) {
    throw new Error(`the demo student's login answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
  return body.data.token;
}

async function stopChild(child: Child): Promise<void> {
  if (child.process.exitCode !== null) return;
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.kill('SIGTERM');
  await exited;
}

type Row = {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  /** The mean req/s of the hello-world runs just before and just after the scenario. */
  hello: string;
  vsHello: string;
  /** The server's CPU time per request, µs, and hello-world's (its neighbours' mean) divided by it. */
  cpu: string;
  cpuVsHello: string;
  /** The load generator's own CPU time per request, µs (autocannon, in this process, shares the cores). */
  loadCpu: string;
  target: string;
  met: string;
  errors: number;
  non2xx: number;
};

/** Who sends a scenario marked `as` (bench/students.ts): each request takes the next of them. */
type Senders = BenchStudent[];

function sendersOf(scenario: Scenario, roster: StudentRoster | undefined): Senders | undefined {
  if (!scenario.as) return undefined;
  if (!roster) throw new Error(`${scenario.name} needs the students' roster`);
  return scenario.as === 'students'
    ? roster.students
    : [{ heavy: roster.heavy, short: roster.short, new: roster.fresh }[scenario.as]];
}

async function measure(
  url: string,
  scenario: Pick<Scenario, 'connections' | 'headers'>,
  duration: number,
  senders?: Senders,
) {
  const headers = { 'api-language': 'zh-Hans', ...(scenario.headers ?? {}) };
  let next = 0;
  const { pathname, search } = new URL(url);
  const template = decodeURI(pathname) + search;
  // Issue 36: every request as the next student, round-robin over the whole run (not one hot
  // student), with `{course}` as one of that student's classes. autocannon builds each such request
  // anew, a little more work in this process than a fixed request.
  const prepared = senders?.map((s) => ({
    path: template.replace('{course}', String(s.courseId)),
    headers: { ...headers, authorization: `Bearer ${s.token}` },
  }));
  return autocannon({
    url,
    connections: scenario.connections ?? CONNECTIONS,
    duration,
    headers,
    ...(prepared
      ? {
          requests: [
            {
              method: 'GET' as const,
              setupRequest: (request: autocannon.Request) => {
                const sender = prepared[next++ % prepared.length]!;
                return { ...request, path: sender.path, headers: sender.headers };
              },
            },
          ],
        }
      : {}),
  });
}

/** Clock ticks a second in /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100;

/** CPU time used so far by process `pid` (all its threads, user and system), in µs; null without /proc. */
function cpuMicros(pid: number | undefined): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * One scenario: a second of warm-up (JIT, caches), then the measured run, with the CPU time the
 * server process `pid` spent per request during it. On two cores autocannon and the server share
 * the CPU, so req/s moves with whatever else runs; CPU per request moves less (a busy host still
 * slows every instruction).
 */
async function run(
  name: string,
  url: string,
  pid: number | undefined,
  scenario: Scenario | Record<string, never> = {},
  senders?: Senders,
) {
  await measure(url, scenario, 1, senders);
  const cpuBefore = cpuMicros(pid);
  const ownBefore = process.cpuUsage();
  const result = await measure(url, scenario, seconds, senders);
  const own = process.cpuUsage(ownBefore);
  const cpuAfter = cpuMicros(pid);
  return {
    name,
    cpu:
      cpuBefore === null || cpuAfter === null || result.requests.total === 0
        ? null
        : (cpuAfter - cpuBefore) / result.requests.total,
    loadCpu: result.requests.total === 0 ? null : (own.user + own.system) / result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function micros(value: number | null): string {
  return value === null ? '' : value.toFixed(1);
}

function percent(ratio: number): string {
  return `${(ratio * 100).toFixed(1)}%`;
}

function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} cores, ${cpus[0]?.model.trim() ?? 'unknown CPU'}, node ${process.version}`;
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

/** A Markdown table with padded columns, as Prettier writes it (docs are format-checked). */
function markdownTable(head: string[], body: string[][]): string {
  const widths = head.map((h, i) => Math.max(3, h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

const LATEST_HEADING = '## Latest figures';

/**
 * Replaces the section `heading` of docs/quality.md (creating the file if needed): "Latest figures"
 * for SQLite, "Latest figures on PostgreSQL" right after it for a run with BENCH_DATABASE_URL.
 */
function writeQuality(heading: string, markdown: string): void {
  const file = path.join(here, '..', 'docs', 'quality.md');
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Quality\n';
  const lines = existing.split('\n');
  const sectionEnd = (from: number) => {
    const next = lines.findIndex((line, i) => i > from && line.startsWith('## '));
    return next === -1 ? lines.length : next;
  };
  const section = [heading, '', ...markdown.split('\n'), ''];
  const start = lines.indexOf(heading);
  if (start !== -1) {
    lines.splice(start, sectionEnd(start) - start, ...section);
  } else {
    const sqlite = lines.indexOf(LATEST_HEADING);
    const at = sqlite === -1 ? lines.length : sectionEnd(sqlite);
    lines.splice(at, 0, ...(at === lines.length ? ['', ...section] : section));
  }
  fs.writeFileSync(file, `${lines.join('\n').trimEnd()}\n`);
}

const loadBefore = loadAverage();
const hello = await startChild('hello-world.ts', 'stdout');
// The logged-in students (issue 36) are seeded by the server's process before it reports its address.
const wantsStudents = SCENARIOS.some((scenario) => scenario.as && picked(scenario.name));
const server = await startChild(
  'server.ts',
  'fd3',
  wantsStudents ? { BENCH_STUDENTS: process.env.BENCH_STUDENTS ?? '1000' } : {},
);
const roster = server.roster
  ? (JSON.parse(fs.readFileSync(server.roster, 'utf8')) as StudentRoster)
  : undefined;
const loadSeeded = loadAverage();
const rows: Row[] = [];
const engine = server.engine ?? 'sqlite';
let helloRps: number[] = [];
try {
  // Hello-world before the first scenario and after each one: a scenario is compared with the runs
  // on either side of it, seconds apart, so a machine whose speed drifts during the run (a shared
  // host: hello-world alone has measured 23,000 to 41,000 req/s within minutes) skews no ratio.
  const measureHello = () => run('hello-world', hello.base + '/', hello.process.pid);
  const helloRuns = [await measureHello()];
  const measured = [];
  const wanted = SCENARIOS.filter((scenario) => picked(scenario.name));
  const token = wanted.some((scenario) => scenario.student) ? await demoStudentToken(server.base) : undefined;
  const sentOf = (scenario: Scenario): Scenario =>
    scenario.student && token
      ? { ...scenario, headers: { ...scenario.headers, authorization: `Bearer ${token}` } }
      : scenario;
  // A warm-up round first, a second of each scenario: the server compiles the code of every path
  // measured before any is measured (the first scenario used to pay for it, the route's and the
  // database driver's, in its figures), and the caches start full, as on a server that has been up.
  for (const scenario of wanted) {
    await measure(server.base + scenario.path, sentOf(scenario), 1, sendersOf(scenario, roster));
  }
  for (const scenario of wanted) {
    measured.push({
      scenario,
      ...(await run(
        scenario.name,
        server.base + scenario.path,
        server.process.pid,
        sentOf(scenario),
        sendersOf(scenario, roster),
      )),
    });
    helloRuns.push(await measureHello());
  }
  helloRps = helloRuns.map((h) => h.rps);
  const middle = [...helloRuns].sort((a, b) => a.rps - b.rps)[Math.floor(helloRuns.length / 2)]!;
  rows.push({
    scenario: `hello-world (median of ${helloRuns.length})`,
    ...pick(middle),
    hello: '',
    vsHello: '',
    cpu: micros(middle.cpu),
    cpuVsHello: '',
    loadCpu: micros(middle.loadCpu),
    target: '',
    met: '',
  });
  measured.forEach((m, i) => {
    const [before, after] = [helloRuns[i]!, helloRuns[i + 1]!];
    const reference = (before.rps + after.rps) / 2;
    const ratio = m.rps / reference;
    const helloCpu = before.cpu !== null && after.cpu !== null ? (before.cpu + after.cpu) / 2 : null;
    const target = m.scenario.target;
    const met =
      target === undefined
        ? ''
        : ratio >= target.ratio && (target.p99Ms === undefined || m.p99 < target.p99Ms)
          ? 'yes'
          : 'no';
    rows.push({
      scenario: m.name,
      ...pick(m),
      hello: String(Math.round(reference)),
      vsHello: percent(ratio),
      cpu: micros(m.cpu),
      cpuVsHello: helloCpu !== null && m.cpu !== null ? percent(helloCpu / m.cpu) : '',
      loadCpu: micros(m.loadCpu),
      target: target
        ? `≥ ${percent(target.ratio)}${target.p99Ms === undefined ? '' : `, p99 < ${target.p99Ms} ms`}`
        : '',
      met,
    });
  });
} finally {
  await stopChild(server);
  await stopChild(hello);
}

function pick(r: { rps: number; p50: number; p99: number; errors: number; non2xx: number }) {
  return { rps: r.rps, p50: r.p50, p99: r.p99, errors: r.errors, non2xx: r.non2xx };
}

const loadAfter = loadAverage();
const seededNote = roster
  ? `; ${roster.students.length} seeded students (the heavy one: ${roster.heavyClasses} classes, ${roster.heavyCoinEntries} coin entries)${server.grown ? ` in a school grown to ${server.grown.students} more students and ${server.grown.classes} classes (seeded in ${Math.round(server.grown.ms / 1000)} s)` : ''}, load average ${loadSeeded} once seeded`
  : '';
const title = `engine: ${engine}, ${seconds} s per scenario (after a warm-up round of 1 s each and 1 s of its own), ${CONNECTIONS} connections, ${machine()}; load average ${loadBefore} before, ${loadAfter} after${seededNote}`;
console.info(`\n${title}`);
console.table(rows); // eslint-disable-line no-console -- the table is the output of the benchmark

if (!only) {
  const table = markdownTable(
    [
      'Scenario',
      'req/s',
      'p50 ms',
      'p99 ms',
      'hello-world req/s',
      'vs hello-world',
      'Target',
      'Met',
      'CPU µs/req',
      'CPU vs hello-world',
      'Load generator CPU µs/req',
    ],
    rows.map((r) =>
      [
        r.scenario,
        r.rps,
        r.p50,
        r.p99,
        r.hello,
        r.vsHello,
        r.target,
        r.met,
        r.cpu,
        r.cpuVsHello,
        r.loadCpu,
      ].map(String),
    ),
  );
  writeQuality(
    engine === 'sqlite' ? LATEST_HEADING : `${LATEST_HEADING} on PostgreSQL`,
    [
      `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}.`,
      '',
      `- Machine: ${machine()}; load average (1, 5, 15 min) ${loadBefore} before the run, ${loadAfter} after.`,
      `- Engine: ${engine}; autocannon in the bench's own process, ${CONNECTIONS} connections, ${seconds} s per scenario after a warm-up round (1 s of each scenario) and 1 s of its own; the real server logs at info level (into /dev/null).`,
      `- Reference: a bare Fastify hello-world in its own process, measured before the first scenario and after each one (${Math.min(...helloRps)} to ${Math.max(...helloRps)} req/s); "vs hello-world" divides a scenario's req/s by the mean of the runs just before and just after it.`,
      `- CPU: the server process's CPU time (all threads, from /proc) per request during the measured seconds; "CPU vs hello-world" divides hello-world's (the same two runs) by the scenario's: how many of the scenario's requests one core answers for every hello-world request. Issue 16's targets are judged on req/s. "Load generator CPU": autocannon's own (this process) per request, taken from the same cores (the logged-in scenarios build each request for the next student and read larger replies).`,
      '',
      table,
    ].join('\n'),
  );
  console.info('figures written to docs/quality.md');
}

// The booking benchmark drives the database directly (seeding, checks), so it runs in-process, last.
let bookingRows: BookingRow[] = [];
if (!only || only.split(',').some((part) => part.length > 0 && 'booking'.includes(part))) {
  const bookingServer = await startBenchServer({ DATABASE_URL: process.env.BENCH_DATABASE_URL });
  try {
    bookingRows = await runBookingBench(bookingServer.app, bookingServer.base, seconds);
  } finally {
    await bookingServer.close();
  }
  console.info(`\nbooking (POST /course/bookCourse, ${seconds} s per case): successes, 409 refusals, checks`);
  console.table(bookingRows); // eslint-disable-line no-console -- the table is the output of the benchmark
}

// The live classroom (issue 35): 200 rooms signalling at once on a server of its own
// (bench/classroom.bench.ts), last.
let classroomOk = true;
if (!only || only.split(',').some((part) => part.length > 0 && 'classroom'.includes(part))) {
  classroomOk = await classroomBench();
}

const failed = [
  ...rows.filter((r) => r.errors > 0 || r.non2xx > 0).map((r) => r.scenario),
  ...bookingFailures(bookingRows),
  ...(classroomOk ? [] : ['classroom']),
];
if (failed.length > 0) {
  console.error(`scenarios with errors: ${failed.join(', ')}`);
  process.exit(1);
}
