import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CourseItem } from '@app/contract/courses';
import { DEFAULT_PRICE_BY_LEVEL } from '@app/contract/teachers';
import { apiUrl } from '../../../test-support/http.ts';
import { dataOf } from '../../../test-support/students.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/connection.ts';
import { migrateToLatest } from '../src/db/migrator.ts';
import { COMMANDS } from '../src/ops/commands/index.ts';
import { transportOf } from './helpers/auth.ts';
import {
  DAY,
  HOUR,
  MINUTE,
  cardLogsOf,
  coinLogsOf,
  createStudent,
  giveCoins,
  ledgerViolations,
  wholeMinute,
} from './helpers/courses.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';
import {
  renewedSession,
  adjustCoins,
  auditRows,
  coinAdjustmentStep,
  coinsOf,
  flags,
  setupOps,
  studentSession,
  type OpsCtx,
} from './helpers/ops.ts';

/**
 * The operations CLI (issue 17): every command run in-process on the test database through
 * `runOps` (the function the CLI calls), its refusals and exit codes (2 bad input, 1 refused,
 * 0 done), the audit record written with each change (and none when refused), the ledger audit
 * catching each kind of violation, a randomized mix of commands and API bookings that keeps every
 * invariant, and two real runs of `npm run ops` as a subprocess.
 */

const PRICE = 100;
const NOW = wholeMinute(Date.now());
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

const setup = () => setupOps(NOW);

function bookOverHttp(ctx: OpsCtx, as: { token: string; ip: string }, body: Record<string, unknown>) {
  return transportOf(ctx.t).request({
    method: 'POST',
    url: apiUrl('/course/bookCourse'),
    body,
    token: as.token,
    ip: as.ip,
  });
}

/** A student (logged in over HTTP) with a class booked with coins, 2 days ahead. */
async function bookedClass(ctx: OpsCtx) {
  const teacher = await createTeacher(ctx.t.db, { price_coins: PRICE });
  const s = await studentSession(ctx);
  await giveCoins(ctx.t.db, ctx.t.app.wallet, s.studentId, 3 * PRICE);
  const slotId = await createSlot(ctx.t.db, teacher, { start_at: NOW + 2 * DAY, minutes: 25 });
  const course = dataOf<CourseItem>(
    await bookOverHttp(ctx, s, { slot_id: slotId, pay_type: 'coin' }),
    'book',
  );
  return { student: s, teacher, slotId, courseId: course.id };
}

describe('ops: help and input', () => {
  it('lists every command; each has its own --help with an example; no arguments shows the tool help', async () => {
    const ctx = await setup();
    const help = await ctx.ops('--help');
    expect(help.code).toBe(0);
    for (const c of COMMANDS) expect(help.stdout).toContain(c.name);
    expect((await ctx.ops()).stdout).toBe(help.stdout);
    for (const c of COMMANDS) {
      const own = await ctx.ops(...c.name.split(' '), '--help');
      expect(own.code).toBe(0);
      expect(own.stdout).toContain(`Usage: npm run ops -- ${c.name}`);
      expect(own.stdout).toContain(`Example: npm run ops -- ${c.example}`);
    }
  });

  it('an unknown command, an unknown option or a missing value is bad input (2) and changes nothing', async () => {
    const ctx = await setup();
    const unknown = await ctx.ops('coins', 'steal');
    expect(unknown).toMatchObject({ code: 2 });
    expect(unknown.stderr).toContain('Unknown command');
    const option = await ctx.ops('ledger', 'audit', '--fast');
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("Unknown option '--fast'");
    const missing = await ctx.ops('coins', 'adjust', '--student', '1', '--type', 'increase', '--amount', '5');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--reason: a reason is required');
    expect(await auditRows(ctx)).toEqual([]);
  });
});

describe('ops: coins adjust', () => {
  it('increase 100, bonus 800, reduction 200 and clear 400 go through the ledger with the reason, each audited', async () => {
    const ctx = await setup();
    const student = await createStudent(ctx.t.db, { mobile: '13912345678' });
    const run = (type: string, amount: string | null, actor = 'alice') =>
      ctx.ops(
        'coins',
        'adjust',
        '--student',
        type === 'bonus' ? '13912345678' : String(student),
        '--type',
        type,
        ...(amount === null ? [] : ['--amount', amount]),
        '--reason',
        `ticket ${type}`,
        '--actor',
        actor,
      );
    expect(await run('increase', '300')).toMatchObject({
      code: 0,
      stdout: `student ${student}: coin log 100, coins 0 → 300`,
    });
    expect((await run('bonus', '50')).code).toBe(0);
    expect((await run('reduction', '120')).code).toBe(0);
    expect((await run('clear', null)).code).toBe(0);
    expect(await coinsOf(ctx, student)).toBe(0);
    const logs = await ctx.t.db
      .selectFrom('coin_log')
      .select(['type', 'amount', 'balance_after', 'remark'])
      .where('student_id', '=', student)
      .orderBy('id')
      .execute();
    expect(logs).toEqual([
      { type: 100, amount: 300, balance_after: 300, remark: 'ticket increase' },
      { type: 800, amount: 50, balance_after: 350, remark: 'ticket bonus' },
      { type: 200, amount: -120, balance_after: 230, remark: 'ticket reduction' },
      { type: 400, amount: -230, balance_after: 0, remark: 'ticket clear' },
    ]);
    const audit = await auditRows(ctx);
    expect(audit.map((a) => [a.actor, a.command, a.before, a.after])).toEqual([
      ['alice', 'coins adjust', { student_id: student, coins: 0 }, { student_id: student, coins: 300 }],
      ['alice', 'coins adjust', { student_id: student, coins: 300 }, { student_id: student, coins: 350 }],
      ['alice', 'coins adjust', { student_id: student, coins: 350 }, { student_id: student, coins: 230 }],
      ['alice', 'coins adjust', { student_id: student, coins: 230 }, { student_id: student, coins: 0 }],
    ]);
    expect(audit[0]?.args).toEqual({
      student: String(student),
      type: 'increase',
      amount: '300',
      reason: 'ticket increase',
    });
    expect(audit[0]?.at).toBe(NOW);
    expect(await ledgerViolations(ctx.t.db)).toEqual([]);
  });

  it('refuses (1) a reduction beyond the balance, clearing nothing and an unknown student, writing nothing', async () => {
    const ctx = await setup();
    const student = await createStudent(ctx.t.db);
    await giveCoins(ctx.t.db, ctx.t.app.wallet, student, 50);
    const base = ['coins', 'adjust', '--reason', 'x'];
    const short = await ctx.ops(
      ...base,
      '--student',
      String(student),
      '--type',
      'reduction',
      '--amount',
      '51',
    );
    expect(short).toMatchObject({
      code: 1,
      stderr: `Refused: student ${student} has 50 coins, fewer than 51`,
    });
    const empty = await createStudent(ctx.t.db);
    expect((await ctx.ops(...base, '--student', String(empty), '--type', 'clear')).stderr).toBe(
      `Refused: student ${empty} has no coins to clear`,
    );
    const nobody = await ctx.ops(...base, '--student', '99999999', '--type', 'increase', '--amount', '1');
    expect(nobody).toMatchObject({ code: 1, stderr: 'Refused: no student 99999999' });
    expect(await coinLogsOf(ctx.t.db, student)).toHaveLength(1);
    expect(await auditRows(ctx)).toEqual([]);
  });

  it('bad input (2): unknown type, amount with clear, a non-number, zero, an empty reason', async () => {
    const ctx = await setup();
    const student = String(await createStudent(ctx.t.db));
    const cases: [string[], string][] = [
      [
        ['--type', 'gift', '--amount', '1', '--reason', 'x'],
        '--type: type must be increase, reduction, clear or bonus',
      ],
      [
        ['--type', 'clear', '--amount', '1', '--reason', 'x'],
        '--amount: amount is required, except with --type clear',
      ],
      [['--type', 'increase', '--amount', '1.5', '--reason', 'x'], '--amount: amount must be a whole number'],
      [['--type', 'increase', '--amount', '0', '--reason', 'x'], '--amount: amount must be at least 1'],
      [['--type', 'increase', '--amount', '1', '--reason', '  '], '--reason: a reason is required'],
    ];
    for (const [args, error] of cases) {
      const outcome = await ctx.ops('coins', 'adjust', '--student', student, ...args);
      expect(outcome.code).toBe(2);
      expect(outcome.stderr).toContain(error);
    }
  });
});

describe('ops: cards', () => {
  it('card issue gives a card with card log 1; card adjust compensates (7) and deducts (6); each audited', async () => {
    const ctx = await setup();
    const student = await createStudent(ctx.t.db);
    const teacher = await createTeacher(ctx.t.db);
    const issued = await ctx.ops(
      'card',
      'issue',
      ...flags({
        student,
        type: '100',
        teacher,
        lessons: '10',
        days: '30',
        reason: 'gift',
      }),
    );
    expect(issued.code).toBe(0);
    const card = await ctx.t.db
      .selectFrom('lesson_card')
      .selectAll()
      .where('student_id', '=', student)
      .executeTakeFirstOrThrow();
    expect({
      type: card.type,
      teacher: card.teacher_id,
      left: card.lessons_left,
      expires: Number(card.expires_at),
    }).toEqual({
      type: 100,
      teacher,
      left: 10,
      expires: NOW + 30 * DAY,
    });
    expect(issued.stdout).toContain(`card ${card.id} issued to student ${student}`);
    expect(
      (
        await ctx.ops(
          'card',
          'adjust',
          ...flags({ card: card.id, type: 'compensation', lessons: '2', reason: 'outage' }),
        )
      ).code,
    ).toBe(0);
    expect(
      (
        await ctx.ops(
          'card',
          'adjust',
          ...flags({ card: card.id, type: 'deduction', lessons: '5', reason: 'refund by bank' }),
        )
      ).stdout,
    ).toBe(`card ${card.id}: card log 6, lessons 12 → 7`);
    expect(await cardLogsOf(ctx.t.db, card.id)).toEqual([
      { type: 1, amount: 10, lessons_after: 10, course_id: null },
      { type: 7, amount: 2, lessons_after: 12, course_id: null },
      { type: 6, amount: -5, lessons_after: 7, course_id: null },
    ]);
    const audit = await auditRows(ctx);
    expect(audit.map((a) => a.command)).toEqual(['card issue', 'card adjust', 'card adjust']);
    expect(audit[2]).toMatchObject({
      actor: 'tester',
      before: { card_id: card.id, lessons_left: 12 },
      after: { card_id: card.id, lessons_left: 7 },
    });
    expect(await ledgerViolations(ctx.t.db)).toEqual([]);
  });

  it('refuses a deduction beyond the lessons left, an unknown card, an inactive teacher; bad input is 2', async () => {
    const ctx = await setup();
    const student = await createStudent(ctx.t.db);
    expect(
      (await ctx.ops('card', 'issue', ...flags({ student, type: '200', lessons: '2', days: '10' }))).code,
    ).toBe(0);
    const card = await ctx.t.db
      .selectFrom('lesson_card')
      .select('id')
      .where('student_id', '=', student)
      .executeTakeFirstOrThrow();
    const adjust = (...args: string[]) => ctx.ops('card', 'adjust', '--reason', 'r', ...args);
    expect(await adjust('--card', String(card.id), '--type', 'deduction', '--lessons', '3')).toMatchObject({
      code: 1,
      stderr: `Refused: card ${card.id} has 2 lessons left, fewer than 3`,
    });
    expect(await adjust('--card', '99999999', '--type', 'compensation', '--lessons', '1')).toMatchObject({
      code: 1,
      stderr: 'Refused: no card 99999999',
    });
    const gone = await createTeacher(ctx.t.db, { active: false });
    const issue = (...args: string[]) =>
      ctx.ops('card', 'issue', '--student', String(student), '--lessons', '1', '--days', '1', ...args);
    expect(await issue('--type', '100', '--teacher', String(gone))).toMatchObject({
      code: 1,
      stderr: `Refused: no active teacher ${gone}`,
    });
    expect((await issue('--type', '100')).stderr).toContain('--teacher: a type 100 card needs --teacher');
    expect((await issue('--type', '300')).stderr).toContain('--type: type must be 100 or 200');
    expect((await adjust('--card', String(card.id), '--type', 'bonus', '--lessons', '1')).code).toBe(2);
    expect(await cardLogsOf(ctx.t.db, card.id)).toHaveLength(1);
    expect((await auditRows(ctx)).map((a) => a.command)).toEqual(['card issue']);
  });
});

describe('ops: classes', () => {
  it('teacher no-show abolishes a class booked over HTTP, refunds and compensates (500, 600, 700); once only', async () => {
    const ctx = await setup();
    const { student, courseId } = await bookedClass(ctx);
    const done = await ctx.ops('class', 'mark-teacher-no-show', '--class', String(courseId));
    expect(done).toMatchObject({
      code: 0,
      stdout: `class ${courseId} abolished: ${2 * PRICE} coins, 0 card lessons back (refund + compensation)`,
    });
    expect((await coinLogsOf(ctx.t.db, student.studentId)).map((l) => [l.type, l.amount])).toEqual([
      [300, 3 * PRICE],
      [500, -PRICE],
      [600, PRICE],
      [700, PRICE],
    ]);
    const again = await ctx.ops('class', 'mark-teacher-no-show', '--class', String(courseId));
    expect(again).toMatchObject({ code: 1 });
    expect(again.stderr).toMatch(/^Refused: /);
    const audit = await auditRows(ctx);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      command: 'class mark-teacher-no-show',
      before: { class_id: courseId, status: 100, coins: 2 * PRICE },
      after: { class_id: courseId, status: -100, coins: 4 * PRICE },
    });
    expect(await ledgerViolations(ctx.t.db)).toEqual([]);
  });

  it('student absent after the class; then no playback; a held class gets playback and one report', async () => {
    const ctx = await setup();
    const absent = await bookedClass(ctx);
    const held = await bookedClass(ctx);
    expect(await ctx.ops('class', 'mark-student-absent', '--class', String(absent.courseId))).toMatchObject({
      code: 1,
    });
    ctx.clock.set(NOW + 2 * DAY + 30 * MINUTE);
    await ctx.t.app.classLifecycle.advanceStatuses();
    expect((await ctx.ops('class', 'mark-student-absent', '--class', String(absent.courseId))).code).toBe(0);
    const row = await ctx.t.db
      .selectFrom('course')
      .select(['status', 'attended'])
      .where('id', '=', absent.courseId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 300, attended: 0 });

    const url = 'https://media.example.com/rec/1.mp4';
    expect(
      await ctx.ops('playback', 'attach', '--class', String(absent.courseId), '--url', url),
    ).toMatchObject({ code: 1 });
    expect(
      (await ctx.ops('playback', 'attach', '--class', String(held.courseId), '--url', 'ftp://x/y')).code,
    ).toBe(2);
    expect((await ctx.ops('playback', 'attach', '--class', String(held.courseId), '--url', url)).code).toBe(
      0,
    );
    const playback = await ctx.t.db
      .selectFrom('course')
      .select('playback_url')
      .where('id', '=', held.courseId)
      .executeTakeFirstOrThrow();
    expect(playback.playback_url).toBe(url);

    const report = (scores: string) =>
      ctx.ops(
        'report',
        'add',
        ...flags({ class: held.courseId, scores, comment: 'Well done', homework: 'Unit 3' }),
      );
    expect((await report('{"fluency":6}')).stderr).toContain('a score is 1-5');
    expect((await report('not json')).stderr).toContain('scores must be JSON');
    expect((await report('{"fluency":5,"pronunciation":4}')).code).toBe(0);
    expect(await report('{"fluency":5}')).toMatchObject({
      code: 1,
      stderr: `Refused: class ${held.courseId} already has a report`,
    });
    const stored = await ctx.t.db
      .selectFrom('teacher_report')
      .select(['scores', 'comment', 'homework'])
      .where('course_id', '=', held.courseId)
      .execute();
    expect(stored.map((r) => ({ ...r, scores: JSON.parse(r.scores) as unknown }))).toEqual([
      { scores: { fluency: 5, pronunciation: 4 }, comment: 'Well done', homework: 'Unit 3' },
    ]);
    expect((await auditRows(ctx)).map((a) => a.command)).toEqual([
      'class mark-student-absent',
      'playback attach',
      'report add',
    ]);
  });
});

describe('ops: teachers and schedules', () => {
  it('teacher add, update and deactivate, each audited; the teacher shows in the API and then does not', async () => {
    const ctx = await setup();
    const added = await ctx.ops(
      'teacher',
      'add',
      ...flags({
        name: 'Anna Smith',
        nationality: 'GBR',
        level: '200',
        languages: 'yingyu,riyu',
        'intro-en': 'Ten years of IELTS',
      }),
    );
    expect(added.code).toBe(0);
    const teacherId = Number(/teacher (\d+) added/.exec(added.stdout)?.[1]);
    const info = await ctx.t.app.teachers.getTeacherInfo(null, teacherId);
    expect({ name: info.name, nationality: info.nationality, level: info.level }).toEqual({
      name: 'Anna Smith',
      nationality: 'GBR',
      level: 200,
    });
    expect((await ctx.ops('teacher', 'update', '--teacher', String(teacherId), '--price', '150')).code).toBe(
      0,
    );
    expect((await ctx.t.app.teachers.getTeacherInfo(null, teacherId)).price_coins).toBe(150);
    expect((await ctx.ops('teacher', 'deactivate', '--teacher', String(teacherId))).code).toBe(0);
    await expect(ctx.t.app.teachers.getTeacherInfo(null, teacherId)).rejects.toMatchObject({ code: 404 });
    expect(await ctx.ops('teacher', 'deactivate', '--teacher', String(teacherId))).toMatchObject({
      code: 1,
      stderr: `Refused: teacher ${teacherId} is already inactive`,
    });
    const audit = await auditRows(ctx);
    expect(audit.map((a) => a.command)).toEqual(['teacher add', 'teacher update', 'teacher deactivate']);
    expect(audit[1]).toMatchObject({
      before: { price_coins: DEFAULT_PRICE_BY_LEVEL[200] },
      after: { price_coins: 150 },
    });

    expect(
      (
        await ctx.ops(
          'teacher',
          'add',
          ...flags({ name: 'X', nationality: 'XX', level: '100', languages: 'yingyu' }),
        )
      ).stderr,
    ).toContain('--nationality: nationality is one of');
    expect(
      (
        await ctx.ops(
          'teacher',
          'add',
          ...flags({ name: 'X', nationality: 'USA', level: '400', languages: 'yingyu' }),
        )
      ).code,
    ).toBe(2);
    expect(
      (
        await ctx.ops(
          'teacher',
          'add',
          ...flags({ name: 'X', nationality: 'USA', level: '100', languages: 'latin' }),
        )
      ).code,
    ).toBe(2);
    expect(await ctx.ops('teacher', 'update', '--teacher', '99999999', '--price', '1')).toMatchObject({
      code: 1,
      stderr: 'Refused: no teacher 99999999',
    });
  });

  it('schedule publish: the weekly template in its time zone for N weeks, again adds nothing; close leaves booked slots', async () => {
    const ctx = await setup();
    const teacher = await createTeacher(ctx.t.db, { price_coins: PRICE });
    const publish = () =>
      ctx.ops(
        'schedule',
        'publish',
        ...flags({
          teacher,
          weekly: 'mon 09:00,wed 19:30',
          length: '50',
          weeks: '2',
          tz: 'Asia/Shanghai',
        }),
      );
    const first = await publish();
    expect(first.code).toBe(0);
    const slots = await ctx.t.db
      .selectFrom('teacher_slot')
      .select(['id', 'start_at', 'end_at', 'state'])
      .where('teacher_id', '=', teacher)
      .orderBy('start_at')
      .execute();
    expect(slots.length).toBeGreaterThanOrEqual(3);
    expect(slots.length).toBeLessThanOrEqual(4);
    const shanghai = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Shanghai',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    for (const slot of slots) {
      expect(['Mon 09:00', 'Wed 19:30']).toContain(
        shanghai.format(new Date(Number(slot.start_at))).replace(',', ''),
      );
      expect(Number(slot.end_at) - Number(slot.start_at)).toBe(50 * MINUTE);
      expect(Number(slot.start_at)).toBeGreaterThan(NOW);
      expect(Number(slot.start_at)).toBeLessThan(NOW + 14 * DAY);
    }
    expect((await publish()).stdout).toBe(
      `teacher ${teacher}: 0 slot(s) published, ${slots.length} skipped (overlapping existing slots)`,
    );

    await ctx.t.db
      .updateTable('teacher_slot')
      .set({ state: 'booked' })
      .where('id', '=', slots[0]?.id ?? 0)
      .execute();
    const day = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);
    const closed = await ctx.ops(
      'schedule',
      'close',
      ...flags({ teacher, from: day(NOW), to: day(NOW + 15 * DAY) }),
    );
    expect(closed.code).toBe(0);
    expect(closed.stdout).toContain(`${slots.length - 1} free slot(s) closed`);
    expect(closed.stdout).toContain(`booked, left open: slot ${slots[0]?.id}`);
    const states = await ctx.t.db
      .selectFrom('teacher_slot')
      .select('state')
      .where('teacher_id', '=', teacher)
      .orderBy('start_at')
      .execute();
    expect(states.map((s) => s.state)).toEqual(['booked', ...Array(slots.length - 1).fill('closed')]);

    const bad = (...args: string[]) =>
      ctx.ops('schedule', 'publish', '--teacher', String(teacher), '--length', '25', '--weeks', '1', ...args);
    expect((await bad('--weekly', 'monday 9am')).stderr).toContain('is not "<mon…sun> HH:MM"');
    expect((await bad('--weekly', 'mon 09:00', '--tz', 'Mars/Base')).stderr).toContain('unknown time zone');
    expect(
      (await ctx.ops('schedule', 'close', ...flags({ teacher, from: '2026-12-02', to: '2026-12-01' }))).code,
    ).toBe(2);
  });
});

describe('ops: exports and backups', () => {
  it('export coins, cards and orders: CSV with a BOM, CRLF and RFC 4180 quoting, within the days asked', async () => {
    const ctx = await setup();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-export-'));
    try {
      const student = await createStudent(ctx.t.db, { nick: 'Zhang' });
      const adjust = ['coins', 'adjust', '--student', String(student), '--type', 'increase', '--amount', '7'];
      expect((await ctx.ops(...adjust, '--reason', '退款, "加急"\nline 2')).code).toBe(0);
      ctx.clock.set(NOW + 3 * DAY);
      expect((await ctx.ops(...adjust, '--reason', 'later')).code).toBe(0);
      expect(
        (await ctx.ops('card', 'issue', ...flags({ student, type: '200', lessons: '3', days: '9' }))).code,
      ).toBe(0);
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const out = path.join(dir, 'coins.csv');
      const done = await ctx.ops('export', 'coins', '--from', day(NOW), '--to', day(NOW), '--out', out);
      expect(done).toMatchObject({ code: 0, stdout: `1 row(s) written to ${out}` });
      const csv = fs.readFileSync(out, 'utf8');
      expect(
        csv.startsWith(
          '\uFEFFid,student_id,mobile,type,amount,balance_after,course_id,order_no,remark,created_at\r\n',
        ),
      ).toBe(true);
      expect(csv).toContain(`,100,7,7,,,"退款, ""加急""\nline 2",${new Date(NOW).toISOString()}\r\n`);
      expect(csv.trimEnd().split('\r\n')).toHaveLength(2);
      const cards = path.join(dir, 'cards.csv');
      expect(
        (await ctx.ops('export', 'cards', '--from', day(NOW), '--to', day(NOW + 3 * DAY), '--out', cards))
          .stdout,
      ).toBe(`1 row(s) written to ${cards}`);
      const { mobile } = await ctx.t.db
        .selectFrom('student')
        .select('mobile')
        .where('id', '=', student)
        .executeTakeFirstOrThrow();
      const card = await ctx.t.db.selectFrom('lesson_card').select('id').executeTakeFirstOrThrow();
      const cardRows = fs.readFileSync(cards, 'utf8').split('\r\n');
      expect(cardRows[0]).toBe(
        '\uFEFFid,card_id,card_type,student_id,mobile,type,amount,lessons_after,course_id,remark,created_at',
      );
      expect(cardRows[1]).toMatch(
        new RegExp(
          `^\\d+,${card.id},200,${student},${mobile},\\d+,3,3,,[^,]*,${new Date(NOW + 3 * DAY).toISOString()}$`,
        ),
      );
      const orders = path.join(dir, 'orders.csv');
      expect(
        (await ctx.ops('export', 'orders', '--from', day(NOW), '--to', day(NOW), '--out', orders)).code,
      ).toBe(0);
      expect(fs.readFileSync(orders, 'utf8')).toBe(
        '\uFEFForder_no,student_id,mobile,kind,amount_fen,pay_method,provider,status,transaction_id,flagged,created_at,paid_at\r\n',
      );
      const product = (await ctx.t.app.payments.getProductList(undefined)).products.find(
        (p) => p.kind === 'coin',
      )!;
      const order = await ctx.t.app.payments.createOrder({
        studentId: student,
        productId: product.id,
        payMethod: 'alipay',
        client: 'desktop',
        clientIp: '203.0.113.9',
        origin: 'http://localhost',
      });
      expect(
        (await ctx.ops('export', 'orders', '--from', day(NOW), '--to', day(NOW + 3 * DAY), '--out', orders))
          .code,
      ).toBe(0);
      expect(fs.readFileSync(orders, 'utf8').split('\r\n')[1]).toBe(
        `${order.order_no},${student},${mobile},coin,${product.price_fen},alipay,sandbox,0,,0,${new Date(NOW + 3 * DAY).toISOString()},`,
      );
      expect(
        (await ctx.ops('export', 'coins', '--from', '2026-13-01', '--to', '2026-12-01', '--out', out)).code,
      ).toBe(2);
      expect(
        (await ctx.ops('export', 'coins', '--from', '2026-12-02', '--to', '2026-12-01', '--out', out)).stderr,
      ).toContain('--to: to is on or after from');
      expect((await auditRows(ctx)).map((a) => a.command)).toEqual([
        'coins adjust',
        'coins adjust',
        'card issue',
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('db backup: an online SQLite copy that opens with the same data; PostgreSQL is told to use pg_dump', async () => {
    const ctx = await setup();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-backup-'));
    try {
      const student = await createStudent(ctx.t.db);
      await giveCoins(ctx.t.db, ctx.t.app.wallet, student, 42);
      const out = path.join(dir, 'copy', 'app.db');
      const done = await ctx.ops('db', 'backup', '--out', out);
      if (ctx.t.dialect === 'postgres') {
        expect(done).toMatchObject({ code: 1 });
        expect(done.stderr).toContain('pg_dump');
        return;
      }
      expect(done.code).toBe(0);
      expect(fs.statSync(out).mode & 0o777).toBe(0o600);
      const copy = openDatabase({ DATA_DIR: path.dirname(out), DATABASE_URL: undefined });
      try {
        expect(
          await copy.db
            .selectFrom('wallet')
            .select('coins')
            .where('student_id', '=', student)
            .executeTakeFirst(),
        ).toEqual({ coins: 42 });
      } finally {
        await copy.destroy();
      }
      expect(await ctx.ops('db', 'backup', '--out', out)).toMatchObject({
        code: 1,
        stderr: `Refused: ${out} exists; choose a new file`,
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('ops: ledger audit', () => {
  it('passes on whole data and names each violation, exiting 1', async () => {
    const ctx = await setup();
    const { student } = await bookedClass(ctx);
    expect(await ctx.ops('ledger', 'audit')).toEqual({
      code: 0,
      stdout: 'ledger audit: no violation',
      stderr: '',
    });

    // Money that appeared outside the ledger, a paid order never credited, a credit of an unpaid order.
    await ctx.t.db
      .updateTable('wallet')
      .set({ coins: 999 })
      .where('student_id', '=', student.studentId)
      .execute();
    const product = await ctx.t.db
      .selectFrom('pay_product')
      .selectAll()
      .where('kind', '=', 'coin')
      .executeTakeFirstOrThrow();
    const order = (orderNo: string, status: number) => ({
      order_no: orderNo,
      student_id: student.studentId,
      product_id: product.id,
      product: JSON.stringify({ coins: product.coins, bonus_coins: product.bonus_coins, lessons: 0 }),
      kind: 'coin' as const,
      amount_fen: product.price_fen,
      pay_method: 'wechat' as const,
      provider: 'sandbox' as const,
      pay_action: '{}',
      status,
      created_at: NOW,
      expires_at: NOW + 15 * MINUTE,
    });
    await ctx.t.db
      .insertInto('pay_order')
      .values([order('P1', 200), order('P2', 0)])
      .execute();
    await ctx.t.db
      .insertInto('coin_log')
      .values({
        student_id: student.studentId,
        type: 300,
        amount: 1,
        balance_after: 1,
        order_no: 'P2',
        created_at: NOW,
      })
      .execute();
    const audit = await ctx.ops('ledger', 'audit');
    expect(audit.code).toBe(1);
    expect(audit.stdout).toContain(`wallet ${student.studentId}: coins 999 ≠ ledger`);
    expect(audit.stdout).toContain(`order P1: paid, expected one coin log 300 of ${product.coins}, found []`);
    expect(audit.stdout).toContain('order P2: status 0 but credited');
    expect(await auditRows(ctx)).toEqual([]);
  });

  it('keeps every invariant through a random mix of commands and HTTP bookings (fast-check)', async () => {
    const ctx = await setup();
    const step = fc.oneof(
      coinAdjustmentStep(400),
      fc.record({
        kind: fc.constant('card' as const),
        type: fc.constantFrom('deduction', 'compensation'),
        lessons: fc.integer({ min: 1, max: 4 }),
      }),
      fc.record({ kind: fc.constant('book' as const), card: fc.boolean(), slot: fc.nat(5) }),
      fc.record({ kind: fc.constant('class' as const), noShow: fc.boolean(), nth: fc.nat(6) }),
      fc.record({ kind: fc.constant('time' as const), hours: fc.integer({ min: 3, max: 40 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 12 }), async (steps) => {
        // A teacher per run: the clock does not go back between runs, so slots must not collide.
        const teacher = await createTeacher(ctx.t.db, { price_coins: PRICE });
        let s = await studentSession(ctx);
        let loggedInAt = ctx.clock.now();
        expect(
          (
            await ctx.ops(
              'card',
              'issue',
              ...flags({ student: s.studentId, type: '100', teacher, lessons: '3', days: '60' }),
            )
          ).code,
        ).toBe(0);
        const card = await ctx.t.db
          .selectFrom('lesson_card')
          .select('id')
          .where('student_id', '=', s.studentId)
          .executeTakeFirstOrThrow();
        const classes: number[] = [];
        const slots = new Map<number, number>();
        for (const st of steps) {
          if (st.kind === 'coins') {
            await adjustCoins(ctx, s.studentId, st);
          } else if (st.kind === 'card') {
            const outcome = await ctx.ops(
              'card',
              'adjust',
              ...flags({ card: card.id, type: st.type, lessons: st.lessons, reason: 'random' }),
            );
            expect(outcome.code).not.toBe(2);
          } else if (st.kind === 'book') {
            if (ctx.clock.now() - loggedInAt > 20 * MINUTE) {
              s = await renewedSession(ctx, s);
              loggedInAt = ctx.clock.now();
            }
            const start = wholeMinute(ctx.clock.now()) + 2 * HOUR + st.slot * 30 * MINUTE;
            // The same start again books the same slot (taken: a refusal, nothing moves).
            const slotId =
              slots.get(start) ?? (await createSlot(ctx.t.db, teacher, { start_at: start, minutes: 25 }));
            slots.set(start, slotId);
            const reply = await bookOverHttp(ctx, s, {
              slot_id: slotId,
              pay_type: st.card ? 'card' : 'coin',
              ...(st.card ? { card_id: card.id } : {}),
            });
            expect(reply.status).toBeLessThan(500);
            if (reply.status === 200) classes.push(dataOf<CourseItem>(reply, 'book').id);
          } else if (st.kind === 'class' && classes.length > 0) {
            const courseId = String(classes[st.nth % classes.length]);
            const outcome = await ctx.ops(
              'class',
              st.noShow ? 'mark-teacher-no-show' : 'mark-student-absent',
              '--class',
              courseId,
            );
            expect(outcome.code).not.toBe(2);
          } else if (st.kind === 'time') {
            ctx.clock.advance(st.hours * HOUR);
            await ctx.t.app.classLifecycle.advanceStatuses();
          }
        }
        // Every run ends with a manual increase and a no-show of a class booked over HTTP.
        if (ctx.clock.now() - loggedInAt > 20 * MINUTE) s = await renewedSession(ctx, s);
        const give = ['--type', 'increase', '--amount', String(PRICE), '--reason', 'tail'];
        expect((await ctx.ops('coins', 'adjust', '--student', String(s.studentId), ...give)).code).toBe(0);
        const last = await createSlot(ctx.t.db, teacher, {
          start_at: wholeMinute(ctx.clock.now()) + 20 * HOUR,
        });
        const booked = dataOf<CourseItem>(
          await bookOverHttp(ctx, s, { slot_id: last, pay_type: 'coin' }),
          'book',
        );
        expect((await ctx.ops('class', 'mark-teacher-no-show', '--class', String(booked.id))).code).toBe(0);
        const audit = await ctx.ops('ledger', 'audit');
        expect(audit.stdout).toBe('ledger audit: no violation');
        expect(audit.code).toBe(0);
      }),
      { numRuns: 12 },
    );
    expect((await auditRows(ctx)).length).toBeGreaterThan(12);
  }, 120_000);
});

describe('ops: the real command line', () => {
  const execFileAsync = promisify(execFile);
  // Always a temporary SQLite database, whatever database the rest of the file runs on.
  const run = (dataDir: string, ...args: string[]) =>
    execFileAsync('npm', ['run', '--silent', 'ops', '--', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', USER: 'cli-user', NODE_ENV: 'production' },
    });

  // Three npm + tsx start-ups: about 10 s each on a loaded machine.
  it('npm run ops -- --help, and coins adjust on a temporary SQLite DATA_DIR with its audit record', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-cli-'));
    try {
      const help = await run(dataDir, '--help');
      expect(help.stdout).toContain('Usage: npm run ops -- <command>');
      const config = loadConfig({ DATA_DIR: dataDir });
      const database = openDatabase(config);
      await migrateToLatest(database.db, database.dialect);
      const student = await createStudent(database.db);
      await database.destroy();

      const done = await run(
        dataDir,
        'coins',
        'adjust',
        '--student',
        String(student),
        '--type',
        'increase',
        '--amount',
        '5',
        '--reason',
        'cli',
      );
      expect(done.stdout.trim()).toBe(`student ${student}: coin log 100, coins 0 → 5`);
      const refused = await run(
        dataDir,
        'coins',
        'adjust',
        '--student',
        String(student),
        '--type',
        'reduction',
        '--amount',
        '6',
        '--reason',
        'cli',
      ).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(refused).toMatchObject({
        code: 1,
        stderr: `Refused: student ${student} has 5 coins, fewer than 6\n`,
      });

      const after = openDatabase(config);
      const audit = await after.db.selectFrom('ops_audit').select(['actor', 'command', 'after']).execute();
      await after.destroy();
      expect(audit).toEqual([
        {
          actor: 'cli-user',
          command: 'coins adjust',
          after: JSON.stringify({ student_id: student, coins: 5 }),
        },
      ]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
