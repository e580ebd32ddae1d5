import { DEFAULT_PRICE_BY_LEVEL } from '@app/contract/teachers';
import { NATIONALITIES, TEACHER_LANGUAGES } from '@app/contract/enums';
import { z } from 'zod';
import type { Trx } from '../../db/transaction.ts';
import {
  addDays,
  canonicalTimeZone,
  localDateOf,
  parseLocalDate,
  weekdayOf,
  zonedInstant,
} from '../../modules/teachers/time-zone.ts';
import { defineCommand, OpsRefusal } from '../command.ts';
import { count, id } from './fields.ts';

const NATIONALITY_VALUES = NATIONALITIES.map((n) => n.value) as string[];
const LANGUAGE_VALUES = TEACHER_LANGUAGES.map((l) => l.value) as string[];

const nationality = z
  .string()
  .refine((v) => NATIONALITY_VALUES.includes(v), `nationality is one of ${NATIONALITY_VALUES.join(', ')}`);
const level = z.enum(['100', '200', '300'], { error: 'level is 100, 200 or 300' }).transform(Number);
const languages = z
  .string()
  .transform((v) => [
    ...new Set(
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ])
  .refine((list) => list.length > 0 && list.every((l) => LANGUAGE_VALUES.includes(l)), {
    message: `languages: a comma-separated list of ${LANGUAGE_VALUES.join(', ')}`,
  });
const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`);
const flag = z.enum(['0', '1'], { error: 'give 0 or 1' }).transform((v) => (v === '1' ? 1 : 0) as 0 | 1);

const TEACHER_OPTIONS = {
  name: 'display name',
  nationality: 'nationality code (USA, GBR, PH, …)',
  level: '100 professional | 200 senior | 300 super tutor',
  price: 'coins per lesson (default: the level price)',
  languages: 'comma-separated: yingyu, riyu, hanyu, eyu',
  'intro-zh': 'introduction in Chinese',
  'intro-en': 'introduction in English',
  'refuses-cancellers': '1: refuse students with 3+ late cancellations in 30 days',
};

const teacherFields = {
  'intro-zh': text(2000).optional(),
  'intro-en': text(2000).optional(),
  'refuses-cancellers': flag.optional(),
};

async function teacherState(db: Trx, teacherId: number) {
  const row = await db
    .selectFrom('teacher')
    .select(['id', 'name', 'nationality', 'level', 'price_coins', 'active', 'refuses_frequent_cancellers'])
    .where('id', '=', teacherId)
    .executeTakeFirst();
  if (!row) throw new OpsRefusal(`no teacher ${teacherId}`);
  return row;
}

export const teacherAdd = defineCommand({
  name: 'teacher add',
  summary: 'Add a teacher (active, with a generated avatar); publish slots after with schedule publish',
  options: TEACHER_OPTIONS,
  example:
    'teacher add --name "Anna Smith" --nationality GBR --level 200 --languages yingyu --intro-en "Ten years of IELTS"',
  schema: z.object({
    name: text(60).min(1, 'a name is required'),
    nationality,
    level,
    price: count('price', 10_000).optional(),
    languages,
    ...teacherFields,
  }),
  async run({ db, services: { teachers } }, input) {
    const teacherId = await teachers.addTeacher(db, {
      name: input.name,
      nationality: input.nationality,
      level: input.level,
      price_coins: input.price ?? DEFAULT_PRICE_BY_LEVEL[input.level as 100 | 200 | 300],
      languages: input.languages,
      ...(input['intro-zh'] !== undefined ? { intro_zh: input['intro-zh'] } : {}),
      ...(input['intro-en'] !== undefined ? { intro_en: input['intro-en'] } : {}),
      ...(input['refuses-cancellers'] !== undefined
        ? { refuses_frequent_cancellers: input['refuses-cancellers'] }
        : {}),
    });
    const after = await teacherState(db, teacherId);
    return { before: null, after, output: `teacher ${teacherId} added: ${input.name}` };
  },
});

export const teacherUpdate = defineCommand({
  name: 'teacher update',
  summary: "Change a teacher's fields (only those given); --active 1 brings a deactivated teacher back",
  options: { teacher: 'teacher id', ...TEACHER_OPTIONS, active: '0 or 1' },
  example: 'teacher update --teacher 3 --price 120 --languages yingyu,riyu',
  schema: z.object({
    teacher: id('teacher'),
    name: text(60).min(1).optional(),
    nationality: nationality.optional(),
    level: level.optional(),
    price: count('price', 10_000).optional(),
    languages: languages.optional(),
    active: flag.optional(),
    ...teacherFields,
  }),
  async run({ db, services: { teachers } }, input) {
    const before = await teacherState(db, input.teacher);
    const patch = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.nationality !== undefined ? { nationality: input.nationality } : {}),
      ...(input.level !== undefined ? { level: input.level } : {}),
      ...(input.price !== undefined ? { price_coins: input.price } : {}),
      ...(input.languages !== undefined ? { languages: input.languages } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      ...(input['intro-zh'] !== undefined ? { intro_zh: input['intro-zh'] } : {}),
      ...(input['intro-en'] !== undefined ? { intro_en: input['intro-en'] } : {}),
      ...(input['refuses-cancellers'] !== undefined
        ? { refuses_frequent_cancellers: input['refuses-cancellers'] }
        : {}),
    };
    if (Object.keys(patch).length === 0) throw new OpsRefusal('nothing to change: give at least one field');
    await teachers.updateTeacher(db, input.teacher, patch);
    const after = await teacherState(db, input.teacher);
    return { before, after, output: `teacher ${input.teacher} updated` };
  },
});

export const teacherDeactivate = defineCommand({
  name: 'teacher deactivate',
  summary:
    'Hide a teacher and close their free future slots; booked classes stay (listed) for the staff to handle',
  options: { teacher: 'teacher id' },
  example: 'teacher deactivate --teacher 3',
  schema: z.object({ teacher: id('teacher') }),
  async run({ db, clock, services: { teachers } }, input) {
    const before = await teacherState(db, input.teacher);
    if (before.active !== 1) throw new OpsRefusal(`teacher ${input.teacher} is already inactive`);
    await teachers.updateTeacher(db, input.teacher, { active: 0 });
    const { closed, booked } = await teachers.closeFreeSlots(
      db,
      input.teacher,
      clock.now(),
      Number.MAX_SAFE_INTEGER,
    );
    const after = { ...(await teacherState(db, input.teacher)), closed_slots: closed };
    const lines = [`teacher ${input.teacher} deactivated; ${closed} free slot(s) closed`];
    if (booked.length > 0) {
      lines.push(`${booked.length} booked slot(s) left as they are (cancel or mark them):`);
      for (const b of booked) lines.push(`  slot ${b.id} at ${new Date(Number(b.start_at)).toISOString()}`);
    }
    return { before, after, output: lines.join('\n') };
  },
});

const DAYS: Record<string, number> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };

const weekly = z
  .string({ error: 'the weekly template is required, e.g. --weekly "mon 09:00,wed 19:30"' })
  .transform((v, ctx) => {
    const entries: { weekday: number; minutes: number }[] = [];
    for (const part of v
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean)) {
      const m = /^(sun|mon|tue|wed|thu|fri|sat)\s+([01]\d|2[0-3]):([0-5]\d)$/.exec(part);
      if (!m) {
        ctx.addIssue({ code: 'custom', message: `"${part}" is not "<mon…sun> HH:MM"` });
        return z.NEVER;
      }
      entries.push({ weekday: DAYS[m[1] ?? ''] ?? 0, minutes: Number(m[2]) * 60 + Number(m[3]) });
    }
    if (entries.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'give at least one "<day> HH:MM"' });
      return z.NEVER;
    }
    return entries;
  });

const timeZone = z
  .string()
  .default('Asia/Shanghai')
  .transform((v, ctx) => {
    try {
      return canonicalTimeZone(v);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: `unknown time zone "${v}" (an IANA name, e.g. Asia/Shanghai)`,
      });
      return z.NEVER;
    }
  });

export const schedulePublish = defineCommand({
  name: 'schedule publish',
  summary:
    "Publish a teacher's weekly template for N weeks from today, in a time zone; overlapping slots are skipped",
  options: {
    teacher: 'teacher id',
    weekly: 'comma-separated "<day> HH:MM" (mon … sun), e.g. "mon 09:00,wed 19:30"',
    length: 'lesson length: 25 or 50 minutes',
    weeks: 'how many weeks (1-12)',
    tz: 'time zone of the template (default Asia/Shanghai)',
  },
  example:
    'schedule publish --teacher 3 --weekly "mon 09:00,wed 19:30" --length 25 --weeks 4 --tz Asia/Shanghai',
  schema: z.object({
    teacher: id('teacher'),
    weekly,
    length: z.enum(['25', '50'], { error: 'length is 25 or 50' }).transform(Number),
    weeks: count('weeks', 12),
    tz: timeZone,
  }),
  async run({ db, clock, services: { teachers } }, input) {
    const teacher = await teacherState(db, input.teacher);
    if (teacher.active !== 1) throw new OpsRefusal(`teacher ${input.teacher} is inactive`);
    const now = clock.now();
    const today = localDateOf(now, input.tz);
    const slots: { start: number; end: number }[] = [];
    for (let day = 0; day < input.weeks * 7; day++) {
      const date = addDays(today, day);
      for (const entry of input.weekly) {
        if (weekdayOf(date) !== entry.weekday) continue;
        const start = zonedInstant(date, entry.minutes, input.tz);
        if (start > now) slots.push({ start, end: start + input.length * 60_000 });
      }
    }
    const { created, skipped } = await teachers.publishSlots(db, input.teacher, slots);
    return {
      before: null,
      after: { teacher_id: input.teacher, created, skipped: skipped.length },
      output: `teacher ${input.teacher}: ${created} slot(s) published, ${skipped.length} skipped (overlapping existing slots)`,
    };
  },
});

const instant = (what: string) =>
  z
    .string({ error: `${what} is required (YYYY-MM-DD, in --tz)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${what} is a date, YYYY-MM-DD`);

export const scheduleClose = defineCommand({
  name: 'schedule close',
  summary:
    "Close a teacher's free slots from one date to another (inclusive); booked slots are listed, not touched",
  options: {
    teacher: 'teacher id',
    from: 'first day, YYYY-MM-DD',
    to: 'last day, YYYY-MM-DD',
    tz: 'time zone of the dates (default Asia/Shanghai)',
  },
  example: 'schedule close --teacher 3 --from 2026-12-24 --to 2026-12-26',
  schema: z
    .object({ teacher: id('teacher'), from: instant('from'), to: instant('to'), tz: timeZone })
    .refine((v) => v.from <= v.to, { path: ['to'], message: 'to is on or after from' }),
  async run({ db, services: { teachers } }, input) {
    await teacherState(db, input.teacher);
    const from = zonedInstant(parseLocalDate(input.from), 0, input.tz);
    const to = zonedInstant(addDays(parseLocalDate(input.to), 1), 0, input.tz);
    const { closed, booked } = await teachers.closeFreeSlots(db, input.teacher, from, to);
    const lines = [`teacher ${input.teacher}: ${closed} free slot(s) closed`];
    for (const b of booked)
      lines.push(`  booked, left open: slot ${b.id} at ${new Date(Number(b.start_at)).toISOString()}`);
    return {
      before: null,
      after: { teacher_id: input.teacher, closed, booked: booked.map((b) => b.id) },
      output: lines.join('\n'),
    };
  },
});
