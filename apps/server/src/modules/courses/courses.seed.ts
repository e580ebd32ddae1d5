import type { ReviewTag } from '@app/contract/enums';
import { chinaDayStart } from '../../clock.ts';
import { appSettingRepository } from '../../db/app-setting.repository.ts';
import type { SeedRun } from '../../db/seed/seed-run.ts';
import { withTransaction } from '../../db/transaction.ts';
import { DEMO_RECORDING_URL } from '../../providers/classroom/demo-classroom-provider.ts';

/** app_setting marker: the demo student's classes and wallet are seeded (once per database). */
export const DEMO_COURSES_SETTING = 'demo_courses_seeded';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The class that opens at once (issue 35): it starts this many minutes after seeding, so its room
 * (open from 10 minutes before the start) opens within a minute of `npm start`.
 */
export const SOON_CLASS_MINUTES = 11;

/**
 * The demo teachers whose past classes have recordings, each with a clip of its own
 * (apps/web/public/media/recordings/<slug>.mp4, made by scripts/dev/make-recording-clips.sh).
 */
export const RECORDING_CLIP_SLUGS = ['emily-carter', 'james-whitfield', 'olivia-bennett', 'grace-santos'];

/** `Liam O'Connor` → `liam-o-connor`. */
export const teacherSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The recording of a demo class: its teacher's clip, or the shared one for a teacher without a clip. */
export function demoRecordingUrlOf(teacherName: string): string {
  const slug = teacherSlug(teacherName);
  return RECORDING_CLIP_SLUGS.includes(slug) ? `/media/recordings/${slug}.mp4` : DEMO_RECORDING_URL;
}

type DemoTeacher = { id: number; name: string; nationality: string; minutes: number };

const REPORTS: { scores: Record<string, number>; comment: string; homework: string }[] = [
  {
    scores: { pronunciation: 4, vocabulary: 3, grammar: 4, fluency: 3, comprehension: 4 },
    comment:
      'Leo described his weekend clearly and asked good follow-up questions. Watch the -ed endings: "walked", "played". 小明这节课表达很积极。',
    homework: 'Write five sentences about last weekend using the past tense, and read them aloud twice.',
  },
  {
    scores: { pronunciation: 4, vocabulary: 4, grammar: 3, fluency: 4, comprehension: 5 },
    comment:
      'Great energy today! We practised ordering food; Leo used "Could I have…" naturally. Next time: countable vs. uncountable nouns.',
    homework: 'Role-play ordering at a café with a family member; note three new food words.',
  },
  {
    scores: { pronunciation: 5, vocabulary: 4, grammar: 4, fluency: 4, comprehension: 4 },
    comment:
      'We talked about school subjects and future plans. Fluency is improving; try linking ideas with "because" and "so".',
    homework: 'Prepare a one-minute talk: "My favourite subject and why". Record it on your phone.',
  },
];

/**
 * The weekly classes of the months before (issue 37: "My progress" shows a trend on a fresh start):
 * the teacher's comments, and each skill's score rising from where it starts by one step every few
 * classes, so each line climbs in its own way.
 */
const HISTORY_COMMENTS: { comment: string; homework: string }[] = [
  {
    comment:
      'First steps: Leo introduced himself and his family. Speak a little slower and finish each sentence.',
    homework: 'Learn ten family words and say one sentence about each person at home.',
  },
  {
    comment:
      'We practised numbers, times and days of the week. Good listening; the "th" sound needs practice.',
    homework: 'Say the time out loud five times a day this week ("It is half past seven").',
  },
  {
    comment: '今天练习了描述房间和位置介词（in, on, under）。Leo asked for help in English, well done!',
    homework: 'Draw your room and write six sentences with in, on, under and next to.',
  },
  {
    comment: 'Hobbies and free time: more complete answers today. Keep using "I like … because …".',
    homework: 'Record a one-minute voice message about your favourite hobby.',
  },
];

/** Where each skill starts (1-5) and how many classes each step up takes. */
const HISTORY_TREND: Record<string, { start: number; every: number }> = {
  pronunciation: { start: 2, every: 4 },
  vocabulary: { start: 2, every: 3 },
  grammar: { start: 2, every: 5 },
  fluency: { start: 1, every: 3 },
  comprehension: { start: 3, every: 4 },
};

/** Weekly classes 110 to 47 days before today, and two more between the classes below. */
const HISTORY_DAYS_AGO = [110, 103, 96, 89, 82, 75, 68, 61, 54, 47, 33, 19];

function historyScores(index: number): Record<string, number> {
  return Object.fromEntries(
    Object.entries(HISTORY_TREND).map(([skill, { start, every }]) => [
      skill,
      Math.min(5, start + Math.floor(index / every)),
    ]),
  );
}

const REVIEWS: { rating: number; tags: ReviewTag[]; content: string }[] = [
  { rating: 5, tags: ['patient', 'clear'], content: '老师很有耐心，讲解很清楚。' },
  { rating: 4, tags: ['fun', 'encouraging'], content: 'Fun class, lots of speaking practice.' },
];

/**
 * The demo student's classes and wallet (DESIGN.md §10): coins (recharge 300 + bonus 800, a booking
 * 500 and a refund 600), one card of each type (100 bound to a teacher, 200 for PH teachers; card
 * logs 1 and 2), past classes with playback (one ended more than 30 days ago: expired), a missed
 * class, a class cancelled in time, reviews, teachers' reports (weekly over the months before, so
 * "My progress" shows a trend), and three upcoming classes. All of
 * it goes through the wallet and courses services on a clock moved through the past weeks, so the
 * ledgers are whole (balance = sum of entries) exactly as if the student had done it. The past
 * classes' slots are inserted here (the demo schedules only roll forward). Once per database (a
 * marker in app_setting, taken before seeding so racing instances seed once).
 */
export async function seedDemoCourses(
  seed: SeedRun,
  studentId: number,
  now: number,
  /** The wallet bought at the clock's time: coins and an exclusive card bound to `teacherId` (its id). */
  buyWallet: (teacherId: number) => Promise<{ cardId: number }>,
): Promise<boolean> {
  const { db, clock } = seed;
  const { wallet, courses, classLifecycle, classReviews } = seed.services;
  const teachers = await db
    .selectFrom('teacher as t')
    .innerJoin('teacher_slot as s', 's.teacher_id', 't.id')
    .select(['t.id', 't.name', 't.nationality', 's.start_at', 's.end_at'])
    .where('t.is_demo', '=', 1)
    .where('t.active', '=', 1)
    .where('s.state', '=', 'free')
    .where('s.start_at', '>', now + DAY)
    .orderBy('t.id')
    .orderBy('s.start_at')
    .execute();
  const byTeacher = new Map<number, DemoTeacher>();
  for (const row of teachers) {
    if (!byTeacher.has(row.id)) {
      const minutes = Math.round((Number(row.end_at) - Number(row.start_at)) / MINUTE);
      byTeacher.set(row.id, { id: row.id, name: row.name, nationality: row.nationality, minutes });
    }
  }
  const all = [...byTeacher.values()];
  const ph = all.find((t) => t.nationality === 'PH');
  const others = all.filter((t) => t.nationality !== 'PH');
  const [bound, second, third] = others;
  if (!ph || !bound || !second || !third) return false;
  if (!(await appSettingRepository.insertIfAbsent(db, DEMO_COURSES_SETTING, String(now), now))) return false;

  /** 19:00 Beijing time, `daysAgo` days before today (Beijing date), plus `hours`. */
  const beijingToday = chinaDayStart(now);
  const evening = (daysAgo: number, hours = 0) => beijingToday - daysAgo * DAY + (19 + hours) * HOUR;
  const base = beijingToday;

  /** A past slot of the teacher (booked by the class made on it next). */
  async function pastSlot(teacher: DemoTeacher, startAt: number): Promise<number> {
    const row = await db
      .insertInto('teacher_slot')
      .values({
        teacher_id: teacher.id,
        start_at: startAt,
        end_at: startAt + teacher.minutes * MINUTE,
        state: 'free',
      })
      .onConflict((oc) => oc.columns(['teacher_id', 'start_at']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) return row.id;
    const existing = await db
      .selectFrom('teacher_slot')
      .select(['id', 'state'])
      .where('teacher_id', '=', teacher.id)
      .where('start_at', '=', startAt)
      .executeTakeFirstOrThrow();
    return existing.id;
  }

  /**
   * A slot at `start` for the class that opens at once: of the first teacher with nothing but free
   * slots over its time (the demo schedules), whose free slots it overlaps are closed; undefined when
   * every teacher is taken then.
   */
  async function slotForSoonClass(candidates: DemoTeacher[], start: number) {
    for (const teacher of candidates) {
      const end = start + teacher.minutes * MINUTE;
      const overlapping = await db
        .selectFrom('teacher_slot')
        .select(['id', 'start_at', 'state'])
        .where('teacher_id', '=', teacher.id)
        .where('start_at', '<', end)
        .where('end_at', '>', start)
        .execute();
      if (overlapping.some((slot) => slot.state !== 'free')) continue;
      const same = overlapping.find((slot) => Number(slot.start_at) === start);
      const others = overlapping.filter((slot) => slot !== same).map((slot) => slot.id);
      if (others.length > 0) {
        await db.updateTable('teacher_slot').set({ state: 'closed' }).where('id', 'in', others).execute();
      }
      return { teacher, slotId: same ? same.id : await pastSlot(teacher, start) };
    }
    return undefined;
  }

  /** Books a slot two days before it starts, as the student would have. */
  async function bookAt(slotId: number, startAt: number, payType: 'coin' | 'card', cardId?: number) {
    clock.set(startAt - 2 * DAY);
    return courses.book({
      studentId,
      slotId,
      payType,
      ...(cardId === undefined ? {} : { cardId }),
    });
  }

  // A card for Filipino teachers, 120 days ago (the weekly classes of the months before pay with
  // it); then the wallet, 50 days ago: a coin package with its bonus and an exclusive card, bought
  // at the sandbox cashier (payments.seed.ts).
  clock.set(base - 120 * DAY);
  const phCard = await withTransaction(db, (trx) =>
    wallet.issueCard(trx, {
      studentId,
      type: 200,
      teacherId: null,
      lessons: 20,
      expiresAt: base + 365 * DAY,
    }),
  );
  clock.set(base - 50 * DAY);
  const { cardId: exclusiveCard } = await buyWallet(bound.id);

  // The weekly classes with the Filipino teacher over the months before, each with its report.
  for (const [index, daysAgo] of HISTORY_DAYS_AGO.entries()) {
    const start = evening(daysAgo);
    const course = await bookAt(await pastSlot(ph, start), start, 'card', phCard);
    const end = start + ph.minutes * MINUTE;
    clock.set(end + HOUR);
    await classLifecycle.advanceStatuses(end + HOUR);
    await classLifecycle.recordPlayback(course.id, demoRecordingUrlOf(ph.name));
    await classReviews.recordTeacherReport(course.id, {
      scores: historyScores(index),
      ...HISTORY_COMMENTS[index % HISTORY_COMMENTS.length]!,
    });
  }

  // Past classes: [teacher, start, how it was paid, what happened after it].
  const past = [
    { teacher: bound, start: evening(40), pay: 'card', card: exclusiveCard, review: 0 },
    { teacher: second, start: evening(25, 1), pay: 'coin', cancelled: true },
    { teacher: ph, start: evening(10), pay: 'card', card: phCard, review: 1 },
    { teacher: second, start: evening(5, 1), pay: 'coin' },
    { teacher: third, start: evening(3), pay: 'coin', missed: true },
  ] as const;
  let report = 0;
  for (const entry of past) {
    const slotId = await pastSlot(entry.teacher, entry.start);
    const course = await bookAt(slotId, entry.start, entry.pay, 'card' in entry ? entry.card : undefined);
    const end = entry.start + entry.teacher.minutes * MINUTE;
    if ('cancelled' in entry) {
      // Cancelled two days ahead: refunded in full (coin log 600), the slot free again.
      clock.set(entry.start - 47 * HOUR);
      await courses.cancel({ studentId, courseId: course.id, reason: 'scheduleConflict' });
      continue;
    }
    if ('missed' in entry) {
      clock.set(entry.start + 15 * MINUTE);
      await classLifecycle.markStudentAbsent(course.id);
      continue;
    }
    // Held: the recording arrives an hour after the end, the report the same evening.
    clock.set(end + HOUR);
    await classLifecycle.advanceStatuses(end + HOUR);
    await classLifecycle.recordPlayback(course.id, demoRecordingUrlOf(entry.teacher.name));
    await classReviews.recordTeacherReport(course.id, REPORTS[report++ % REPORTS.length]!);
    if ('review' in entry) {
      clock.set(end + 3 * HOUR);
      await classReviews.addCourseReview(studentId, { id: course.id, ...REVIEWS[entry.review]! });
    }
  }

  // The class that opens at once, with coins (issue 35): its room opens within a minute of start-up,
  // so a new user sees the device check and waits there for the teacher, whose link the ops CLI
  // prints (`class teacher-link`). Booked two days before, as the others were.
  const soonStart = Math.ceil((now + SOON_CLASS_MINUTES * MINUTE) / MINUTE) * MINUTE;
  const soonSlot = await slotForSoonClass([second, ...others.filter((t) => t !== second)], soonStart);
  const soon = soonSlot ? await bookAt(soonSlot.slotId, soonStart, 'coin') : undefined;

  // Upcoming classes, booked now on the demo schedules: the exclusive card, the PH card (and coins,
  // should no teacher be free for the class above).
  clock.set(now);
  const upcoming = [
    ...(soon ? [] : [{ teacher: second, payType: 'coin' as const, cardId: undefined }]),
    { teacher: bound, payType: 'card' as const, cardId: exclusiveCard },
    { teacher: ph, payType: 'card' as const, cardId: phCard },
  ];
  let after = now + DAY;
  for (const { teacher, payType, cardId } of upcoming) {
    const slot = await db
      .selectFrom('teacher_slot')
      .select(['id', 'start_at', 'end_at'])
      .where('teacher_id', '=', teacher.id)
      .where('state', '=', 'free')
      .where('start_at', '>', after)
      .where('start_at', '<', now + 10 * DAY)
      .orderBy('start_at')
      .executeTakeFirst();
    if (!slot) continue;
    await courses.book({ studentId, slotId: slot.id, payType, ...(cardId === undefined ? {} : { cardId }) });
    after = Number(slot.end_at) + DAY;
  }
  await classLifecycle.advanceStatuses(now);
  if (soon && soonSlot) {
    seed.log.info(
      {
        course_id: soon.id,
        teacher: soonSlot.teacher.name,
        start: new Date(soonStart).toISOString(),
        teacher_link: `npm run ops -- class teacher-link --class ${soon.id}`,
      },
      "demo class: its live room opens within a minute; to take the teacher's seat in a second browser, run teacher_link",
    );
  }
  return true;
}
