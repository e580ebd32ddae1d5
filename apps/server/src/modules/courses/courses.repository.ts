import type { CourseOutcomeCounts as OutcomeCounts } from '@app/contract/courses';
import type { Page, PageQuery } from '@app/contract/paging';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { countRows, pageLimit } from '../../db/paging.ts';
import {
  prepared,
  preparedForStudents,
  preparedForStudentsPage,
  preparedPage,
  type Arg,
} from '../../db/prepared.ts';
import { liveRoomPath } from '../../providers/classroom/live-classroom-provider.ts';
import { LIVE_STATUSES, OPEN_STATUSES } from './booking.rules.ts';

/** The live classroom's room links (`/classroom/{id}`): those classes start by attendance. */
const LIVE_ROOM_PREFIX = liveRoomPath(0).replace(/0$/, '');

/**
 * All SQL of classes: slots taken and given back, classes and their lifecycle, reviews and teachers'
 * reports. Every method accepts a transaction as `db`. The state changes are conditional updates
 * whose affected-row count tells the service whether this request made the change (STYLE.md §6).
 */

export type BookableSlotRow = {
  id: number;
  teacher_id: number;
  start_at: number;
  end_at: number;
  state: 'free' | 'booked' | 'closed';
  teacher_name: string;
  teacher_avatar: string;
  teacher_nationality: string;
  teacher_price_coins: number;
  teacher_active: number;
  refuses_frequent_cancellers: number;
};

export type CourseRow = {
  id: number;
  student_id: number;
  teacher_id: number;
  slot_id: number;
  start_at: number;
  end_at: number;
  status: number;
  pay_type: 'coin' | 'card';
  price_coins: number;
  card_id: number | null;
  card_type: number | null;
  cancel_reason: string | null;
  cancel_remark: string | null;
  cancelled_at: number | null;
  late_cancel: number;
  attended: number | null;
  classroom_url: string | null;
  playback_url: string | null;
  playback_ready_at: number | null;
  created_at: number;
  teacher_name: string;
  teacher_avatar: string;
  teacher_nationality: string;
};

export type ReportRow = {
  id: number;
  course_id: number;
  teacher_id: number;
  scores: string;
  comment: string;
  homework: string;
  created_at: number;
  read_at: number | null;
  course_start: number;
  teacher_name: string;
  teacher_avatar: string;
  teacher_nationality: string;
};

/** The teacher of a class or report, as its lists and pages show them (joined as `t`). */
export const TEACHER_COLUMNS = [
  't.name as teacher_name',
  't.avatar as teacher_avatar',
  't.nationality as teacher_nationality',
] as const;

function courses(db: Db) {
  return db
    .selectFrom('course as c')
    .innerJoin('teacher as t', 't.id', 'c.teacher_id')
    .leftJoin('lesson_card as k', 'k.id', 'c.card_id')
    .selectAll('c')
    .select(['k.type as card_type', ...TEACHER_COLUMNS]);
}

/**
 * Still to come or running: stored as not started or in class and not yet ended (the derived status).
 * The statuses are written into the SQL, not bound: a planner uses the partial index of open classes
 * (course_student_open_idx, migration 0013) only when the query's condition is visibly its own.
 */
function recent(db: Db, studentId: number, now: number) {
  return courses(db)
    .where('c.student_id', '=', studentId)
    .where(
      'c.status',
      'in',
      OPEN_STATUSES.map((status) => sql.lit(status)),
    )
    .where('c.end_at', '>', now);
}

function finished(db: Db, studentId: number, now: number) {
  return courses(db)
    .where('c.student_id', '=', studentId)
    .where((eb) => eb.or([eb('c.status', 'not in', [...OPEN_STATUSES]), eb('c.end_at', '<=', now)]));
}

function reports(db: Db) {
  return db
    .selectFrom('teacher_report as r')
    .innerJoin('course as c', 'c.id', 'r.course_id')
    .innerJoin('teacher as t', 't.id', 'r.teacher_id')
    .selectAll('r')
    .select(['c.start_at as course_start', ...TEACHER_COLUMNS]);
}

// ---- the booking's statements, prepared (db/prepared.ts): built and compiled once ----------------

const slotForBooking = prepared((db, arg: Arg<{ slotId: number }>) =>
  db
    .selectFrom('teacher_slot as s')
    .innerJoin('teacher as t', 't.id', 's.teacher_id')
    .select([
      's.id',
      's.teacher_id',
      's.start_at',
      's.end_at',
      's.state',
      ...TEACHER_COLUMNS,
      't.price_coins as teacher_price_coins',
      't.active as teacher_active',
      't.refuses_frequent_cancellers',
    ])
    .where('s.id', '=', arg('slotId')),
);

const takeFreeSlot = prepared((db, arg: Arg<{ slotId: number }>) =>
  db
    .updateTable('teacher_slot')
    .set({ state: 'booked' })
    .where('id', '=', arg('slotId'))
    .where('state', '=', 'free'),
);

const bookingState = prepared(
  (db, arg: Arg<{ studentId: number; start: number; end: number; now: number }>) =>
    db.selectNoFrom((eb) => [
      eb
        .exists(
          eb
            .selectFrom('course')
            .select('id')
            .where('student_id', '=', arg('studentId'))
            .where('status', 'in', [...LIVE_STATUSES])
            .where('start_at', '<', arg('end'))
            .where('end_at', '>', arg('start')),
        )
        .as('overlap'),
      eb
        .selectFrom('course')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('student_id', '=', arg('studentId'))
        .where('start_at', '>', arg('now'))
        // `+status`: compared, not searched, so SQLite walks this student's classes by
        // (student_id, start_at) rather than every student's upcoming ones by (status, start_at).
        .where(sql<number>`+${sql.ref('status')}`, '=', 100)
        .as('upcoming'),
    ]),
);

// ---- the student's reads (issue 36), prepared: lists and counts whose cost does not grow with the
// student's history (migration 0013's indexes) -----------------------------------------------------

type StudentNow = { studentId: number; now: number };
type PageArgs = { offset: number };

/**
 * Counted on `course` alone: every class has its teacher (a foreign key, enforced on both
 * databases) and the card is a left join, so the joins of the lists never add or drop a row. The
 * recent count seeks the student's open classes by (student_id, status, end_at): its cost does not
 * grow with the classes over.
 */
function recentCountOf(db: Db, arg: Arg<StudentNow>) {
  return db
    .selectFrom('course')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('student_id', '=', arg('studentId'))
    .where('status', 'in', [...OPEN_STATUSES])
    .where('end_at', '>', arg('now'));
}

/**
 * A class's outcome as `course_outcome_tally` files it, in SQL over `course`'s columns: a live class
 * (100, 200, 300) is attended unless reported absent (`attended` 0), whether over or still to come;
 * -200 cancelled, -100 called off; null for none. Migration 0021 keeps its own copy (a migration
 * never changes); the ledger audit and the bench's grown school use this one.
 */
export const COURSE_OUTCOME = sql<OutcomeName | null>`case when status in (100, 200, 300) then (case when attended = 0 then 'missed' else 'attended' end)
    when status = -200 then 'cancelled' when status = -100 then 'called_off' end`;

/**
 * The student's classes over, by what happened (issue 33 §3): over is stored as over, or stored as
 * open and already ended (the derived status, booking.rules.ts); attended unless reported absent
 * (`attended` 0: null is a class nobody reported on, which keeps its playback and review too).
 * Missed, cancelled and called off are counted apart; the four are the finished list exactly (every
 * class not still to come).
 *
 * Read from the tally the triggers keep (migration 0021), which counts every live class by whether
 * it was reported absent, those to come included: the student's open classes still to come (the
 * recent count, a seek on course_student_open_idx) are taken away (`outcomesOf`). Its cost does not
 * grow with the classes over: four tally rows and the classes to come.
 */
function outcomeCountsOf(db: Db, arg: Arg<StudentNow>) {
  return db
    .selectFrom('course_outcome_tally')
    .where('student_id', '=', arg('studentId'))
    .select((eb) => {
      const kept = (outcome: OutcomeName) =>
        eb.fn.coalesce(eb.fn.sum<number>('entries').filterWhere('outcome', '=', outcome), eb.lit(0));
      return [
        kept('attended').as('kept_attended'),
        kept('missed').as('kept_missed'),
        kept('cancelled').as('cancelled'),
        kept('called_off').as('called_off'),
        recentCountOf(db, arg).as('upcoming'),
        recentCountOf(db, arg).where('attended', '=', 0).as('upcoming_missed'),
      ];
    });
}

type OutcomeName = keyof OutcomeCounts;

type OutcomeCountsRow = {
  kept_attended: unknown;
  kept_missed: unknown;
  cancelled: unknown;
  called_off: unknown;
  upcoming: unknown;
  upcoming_missed: unknown;
};

function outcomesOf(row: OutcomeCountsRow): OutcomeCounts {
  const [upcoming, upcomingMissed] = [Number(row.upcoming), Number(row.upcoming_missed)];
  return {
    attended: Number(row.kept_attended) - (upcoming - upcomingMissed),
    missed: Number(row.kept_missed) - upcomingMissed,
    cancelled: Number(row.cancelled),
    called_off: Number(row.called_off),
  };
}

const recentCount = prepared((db, arg: Arg<StudentNow>) => recentCountOf(db, arg));

const outcomeCounts = prepared((db, arg: Arg<StudentNow>) => outcomeCountsOf(db, arg));

/** The home page's counts in one statement: classes to come, classes over by outcome, unread reports. */
function homeCountsOf(db: Db, arg: Arg<StudentNow>) {
  return outcomeCountsOf(db, arg).select((eb) => [
    eb
      .selectFrom('teacher_report')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('student_id', '=', arg('studentId'))
      .where('read_at', 'is', null)
      .as('unread'),
  ]);
}

const homeCounts = preparedForStudents(homeCountsOf);

/** Still to come or running, soonest first: the student's open classes (course_student_open_idx). */
function recentPage(db: Db, arg: Arg<StudentNow & PageArgs>, limit: number) {
  return recent(db, arg('studentId'), arg('now'))
    .orderBy('c.start_at')
    .orderBy('c.id')
    .limit(pageLimit(limit))
    .offset(arg('offset'));
}

const recentRows = preparedPage(recentPage);
const recentRowsForStudents = preparedForStudentsPage(recentPage);

/** Over, cancelled or abolished, latest first: walks the student's classes back from the newest. */
const finishedRows = preparedPage((db, arg: Arg<StudentNow & PageArgs>, limit) =>
  finished(db, arg('studentId'), arg('now'))
    .orderBy('c.start_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(pageLimit(limit))
    .offset(arg('offset')),
);

const rowsInRange = prepared((db, arg: Arg<{ studentId: number; from: number; to: number }>) =>
  courses(db)
    .where('c.student_id', '=', arg('studentId'))
    .where('c.start_at', '>=', arg('from'))
    .where('c.start_at', '<', arg('to'))
    .where('c.status', '<>', -200)
    .orderBy('c.start_at')
    .orderBy('c.id'),
);

const courseOfStudent = prepared((db, arg: Arg<{ studentId: number; courseId: number }>) =>
  courses(db).where('c.id', '=', arg('courseId')).where('c.student_id', '=', arg('studentId')),
);

const reviewOfCourse = prepared((db, arg: Arg<{ courseId: number }>) =>
  db
    .selectFrom('course_review')
    .select(['rating', 'tags', 'content', 'created_at'])
    .where('course_id', '=', arg('courseId')),
);

const reportOfCourse = prepared((db, arg: Arg<{ courseId: number }>) =>
  reports(db).where('r.course_id', '=', arg('courseId')),
);

function latestReportPage(db: Db, arg: Arg<{ studentId: number } & PageArgs>, limit: number) {
  return reports(db)
    .where('r.student_id', '=', arg('studentId'))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(pageLimit(limit))
    .offset(arg('offset'));
}

const latestReportRows = preparedPage(latestReportPage);
const latestReportRowsForStudents = preparedForStudentsPage(latestReportPage);

const reportCount = prepared((db, arg: Arg<{ studentId: number }>) =>
  db
    .selectFrom('teacher_report')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('student_id', '=', arg('studentId')),
);

const unreadReportCount = prepared((db, arg: Arg<{ studentId: number }>) =>
  db
    .selectFrom('teacher_report')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('student_id', '=', arg('studentId'))
    .where('read_at', 'is', null),
);

export type HomeOverviewRows = {
  upcoming: number;
  outcomes: OutcomeCounts;
  unread: number;
  next: CourseRow[];
  latestReports: ReportRow[];
};

function pageArgs({ current, size }: PageQuery): PageArgs {
  return { offset: (current - 1) * size };
}

type NewCourse = {
  student_id: number;
  teacher_id: number;
  slot_id: number;
  start_at: number;
  end_at: number;
  pay_type: 'coin' | 'card';
  price_coins: number;
  card_id: number | null;
  created_at: number;
};

const insertLiveCourse = prepared((db, arg: Arg<NewCourse>) =>
  db
    .insertInto('course')
    .values({
      student_id: arg('student_id'),
      teacher_id: arg('teacher_id'),
      slot_id: arg('slot_id'),
      start_at: arg('start_at'),
      end_at: arg('end_at'),
      pay_type: arg('pay_type'),
      price_coins: arg('price_coins'),
      card_id: arg('card_id'),
      created_at: arg('created_at'),
      status: 100,
      late_cancel: 0,
    })
    .returning('id'),
);

export const coursesRepository = {
  // ---- booking ---------------------------------------------------------------------------------

  async findSlotForBooking(db: Db, slotId: number): Promise<BookableSlotRow | undefined> {
    return (await slotForBooking(db, { slotId })).rows[0];
  },

  /** Takes a free slot; false when another booking took it first (the database decides the race). */
  async takeSlot(db: Db, slotId: number): Promise<boolean> {
    const result = await takeFreeSlot(db, { slotId });
    return Number(result.numAffectedRows ?? 0) > 0;
  },

  async freeSlot(db: Db, slotId: number): Promise<void> {
    await db
      .updateTable('teacher_slot')
      .set({ state: 'free' })
      .where('id', '=', slotId)
      .where('state', '=', 'booked')
      .execute();
  },

  /**
   * The student's side of a booking's rules in one statement: whether a live class of theirs overlaps
   * [start, end), and how many of their classes have not started (status 100, start after now).
   */
  async studentBookingState(
    db: Db,
    studentId: number,
    start: number,
    end: number,
    now: number,
  ): Promise<{ overlap: boolean; upcoming: number }> {
    const row = (await bookingState(db, { studentId, start, end, now })).rows[0]!;
    // SQLite answers 0/1 for exists, PostgreSQL a boolean.
    return { overlap: Boolean(row.overlap), upcoming: Number(row.upcoming) };
  },

  /** Late cancellations of the student since `since` (teachers may refuse frequent cancellers). */
  countLateCancels(db: Db, studentId: number, since: number): Promise<number> {
    return countRows(
      db
        .selectFrom('course')
        .where('student_id', '=', studentId)
        .where('late_cancel', '=', 1)
        .where('cancelled_at', '>=', since),
    );
  },

  async insertCourse(db: Db, course: NewCourse): Promise<number> {
    return (await insertLiveCourse(db, course)).rows[0]!.id;
  },

  // ---- one class -------------------------------------------------------------------------------

  findCourse(db: Db, courseId: number): Promise<CourseRow | undefined> {
    return courses(db).where('c.id', '=', courseId).executeTakeFirst();
  },

  /** The student's class, or undefined when it does not exist or belongs to someone else. */
  async findCourseOf(db: Db, studentId: number, courseId: number): Promise<CourseRow | undefined> {
    return (await courseOfStudent(db, { studentId, courseId })).rows[0];
  },

  /** Cancels a class that has not started and is not cancelled yet; false when it already was (or started). */
  async cancel(
    db: Db,
    courseId: number,
    change: { reason: string; remark: string | null; now: number; late: boolean },
  ): Promise<boolean> {
    const result = await db
      .updateTable('course')
      .set({
        status: -200,
        cancel_reason: change.reason,
        cancel_remark: change.remark,
        cancelled_at: change.now,
        late_cancel: change.late ? 1 : 0,
      })
      .where('id', '=', courseId)
      .where('status', '=', 100)
      .where('start_at', '>', change.now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /**
   * Abolishes a live class (teacher no-show): `open` when it had not ended (100, 200), `ended` when it
   * was over (300: its lesson was counted), undefined when it was already cancelled or abolished. The
   * open statuses are tried first: a class that is not open then can no longer become open.
   */
  async abolish(db: Db, courseId: number): Promise<'open' | 'ended' | undefined> {
    const change = { status: -100, playback_url: null, playback_ready_at: null };
    const open = await db
      .updateTable('course')
      .set(change)
      .where('id', '=', courseId)
      .where('status', 'in', [...OPEN_STATUSES])
      .executeTakeFirst();
    if (Number(open.numUpdatedRows) > 0) return 'open';
    const ended = await db
      .updateTable('course')
      .set(change)
      .where('id', '=', courseId)
      .where('status', '=', 300)
      .executeTakeFirst();
    return Number(ended.numUpdatedRows) > 0 ? 'ended' : undefined;
  },

  /**
   * Marks a started live class over with the student absent (no playback): `ended` when this ended it
   * (it was 100 or 200), `over` when it had already ended (300), undefined otherwise (not started,
   * cancelled, abolished). The open statuses are tried first, as in `abolish`.
   */
  async markAbsent(db: Db, courseId: number, now: number): Promise<'ended' | 'over' | undefined> {
    const change = { status: 300, attended: 0, playback_url: null, playback_ready_at: null };
    const open = await db
      .updateTable('course')
      .set(change)
      .where('id', '=', courseId)
      .where('status', 'in', [...OPEN_STATUSES])
      .where('start_at', '<=', now)
      .executeTakeFirst();
    if (Number(open.numUpdatedRows) > 0) return 'ended';
    const over = await db
      .updateTable('course')
      .set(change)
      .where('id', '=', courseId)
      .where('status', '=', 300)
      .executeTakeFirst();
    return Number(over.numUpdatedRows) > 0 ? 'over' : undefined;
  },

  /** Stores the recording of a held class the student attended (or was not reported absent from). */
  async setPlayback(db: Db, courseId: number, url: string, now: number): Promise<boolean> {
    const result = await db
      .updateTable('course')
      .set({ playback_url: url, playback_ready_at: now })
      .where('id', '=', courseId)
      .where('status', 'in', [...LIVE_STATUSES])
      .where('end_at', '<=', now)
      .where((eb) => eb.or([eb('attended', 'is', null), eb('attended', '=', 1)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /**
   * The lifecycle (100 → 200 at the start → 300 at the end) as two idempotent conditional updates:
   * running them again, or on every instance at once, changes nothing more. The teachers of the
   * classes this call ended, one entry per class (their lesson counts follow in the same transaction).
   */
  async advanceStatuses(db: Db, now: number): Promise<{ started: number; endedTeachers: number[] }> {
    const ended = await db
      .updateTable('course')
      .set({ status: 300 })
      .where('status', 'in', [...OPEN_STATUSES])
      .where('end_at', '<=', now)
      .returning('teacher_id')
      .execute();
    const started = await db
      .updateTable('course')
      .set({ status: 200 })
      .where('status', '=', 100)
      .where('start_at', '<=', now)
      .where('end_at', '>', now)
      // A class in the live classroom starts when both seats are there (markStarted), not by the clock.
      .where((eb) =>
        eb.or([eb('classroom_url', 'is', null), eb('classroom_url', 'not like', `${LIVE_ROOM_PREFIX}%`)]),
      )
      .executeTakeFirst();
    return { started: Number(started.numUpdatedRows), endedTeachers: ended.map((r) => r.teacher_id) };
  },

  /** 100 → 200 for a class under way (the live classroom: both seats are there). True when this call did it. */
  async markStarted(db: Db, courseId: number, now: number): Promise<boolean> {
    const result = await db
      .updateTable('course')
      .set({ status: 200 })
      .where('id', '=', courseId)
      .where('status', '=', 100)
      .where('start_at', '<=', now)
      .where('end_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  // ---- lists -----------------------------------------------------------------------------------

  /** The student's classes starting in [from, to), except cancelled ones, in time order. */
  async listInRange(db: Db, studentId: number, from: number, to: number): Promise<CourseRow[]> {
    return (await rowsInRange(db, { studentId, from, to })).rows;
  },

  /** Still to come or running, soonest first. */
  async recentPage(db: Db, studentId: number, now: number, page: PageQuery): Promise<Page<CourseRow>> {
    const [total, records] = await Promise.all([
      recentCount(db, { studentId, now }),
      recentRows(db, page.size, { studentId, now, ...pageArgs(page) }),
    ]);
    return { records: records.rows, total: Number(total.rows[0]!.n), current: page.current, size: page.size };
  },

  /** Over, cancelled or abolished, latest first, with the classes over by outcome (their total). */
  async finishedPage(
    db: Db,
    studentId: number,
    now: number,
    page: PageQuery,
  ): Promise<Page<CourseRow> & { outcomes: OutcomeCounts }> {
    const [counts, records] = await Promise.all([
      outcomeCounts(db, { studentId, now }),
      finishedRows(db, page.size, { studentId, now, ...pageArgs(page) }),
    ]);
    const outcomes = outcomesOf(counts.rows[0]!);
    return {
      records: records.rows,
      total: outcomes.attended + outcomes.missed + outcomes.cancelled + outcomes.called_off,
      current: page.current,
      size: page.size,
      outcomes,
    };
  },

  /**
   * The home page's classes and reports (issue 36): its counts in one statement (classes to come,
   * classes over by outcome, unread reports), the next `size` classes and the latest `size` reports.
   */
  /**
   * The home page's part of the classes for each of `studentIds`: three statements for them all
   * (db/prepared.ts, `preparedForStudents`).
   */
  async homeOverviews(
    db: Db,
    studentIds: readonly number[],
    now: number,
    size: number,
  ): Promise<Map<number, HomeOverviewRows>> {
    const [counts, next, latest] = await Promise.all([
      homeCounts(db, studentIds, { now }),
      recentRowsForStudents(db, size, studentIds, { now, offset: 0 }),
      latestReportRowsForStudents(db, size, studentIds, { offset: 0 }),
    ]);
    const overviews = new Map<number, HomeOverviewRows>();
    for (const id of studentIds) {
      const row = counts.get(id)![0]!;
      overviews.set(id, {
        upcoming: Number(row.upcoming),
        outcomes: outcomesOf(row),
        unread: Number(row.unread),
        next: next.get(id)!,
        latestReports: latest.get(id)!,
      });
    }
    return overviews;
  },

  // ---- reviews ---------------------------------------------------------------------------------

  async findReview(db: Db, courseId: number) {
    return (await reviewOfCourse(db, { courseId })).rows[0];
  },

  /** Adds the class's review unless it has one (the unique course_id decides); whether it was added. */
  async insertReview(
    db: Db,
    review: {
      course_id: number;
      student_id: number;
      teacher_id: number;
      rating: number;
      tags: string;
      content: string;
      created_at: number;
    },
  ): Promise<boolean> {
    const result = await db
      .insertInto('course_review')
      .values(review)
      .onConflict((oc) => oc.column('course_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  /** The same review on the teacher's profile, under the student's nick (masked when shown). */
  async insertTeacherReview(
    db: Db,
    review: {
      teacher_id: number;
      student_id: number;
      student_nick: string;
      rating: number;
      tags: string;
      content: string;
      created_at: number;
    },
  ): Promise<void> {
    await db.insertInto('teacher_review').values(review).execute();
  },

  async studentNick(db: Db, studentId: number): Promise<string> {
    const row = await db.selectFrom('student').select('nick').where('id', '=', studentId).executeTakeFirst();
    return row?.nick ?? '';
  },

  // ---- teachers' reports -----------------------------------------------------------------------

  async findReportOfCourse(db: Db, courseId: number): Promise<ReportRow | undefined> {
    return (await reportOfCourse(db, { courseId })).rows[0];
  },

  findReportOf(
    db: Db,
    studentId: number,
    reportId: number,
    courseId: number,
  ): Promise<ReportRow | undefined> {
    return reports(db)
      .where('r.id', '=', reportId)
      .where('r.course_id', '=', courseId)
      .where('r.student_id', '=', studentId)
      .executeTakeFirst();
  },

  async countUnreadReports(db: Db, studentId: number): Promise<number> {
    return Number((await unreadReportCount(db, { studentId })).rows[0]!.n);
  },

  /**
   * A page of the student's reports, newest first. Counted on teacher_report alone: every report's
   * class and teacher exist (foreign keys), so the joins never drop one.
   */
  async reportPage(db: Db, studentId: number, page: PageQuery): Promise<Page<ReportRow>> {
    const [total, records] = await Promise.all([
      reportCount(db, { studentId }),
      latestReportRows(db, page.size, { studentId, ...pageArgs(page) }),
    ]);
    return { records: records.rows, total: Number(total.rows[0]!.n), current: page.current, size: page.size };
  },

  /** A teacher's report of a class (one per class: the unique course_id decides); its id, or undefined. */
  async insertReport(
    db: Db,
    report: {
      course_id: number;
      student_id: number;
      teacher_id: number;
      scores: string;
      comment: string;
      homework: string;
      created_at: number;
    },
  ): Promise<number | undefined> {
    const row = await db
      .insertInto('teacher_report')
      .values(report)
      .onConflict((oc) => oc.column('course_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  },

  async markReportRead(db: Db, reportId: number, now: number): Promise<void> {
    await db
      .updateTable('teacher_report')
      .set({ read_at: now })
      .where('id', '=', reportId)
      .where('read_at', 'is', null)
      .execute();
  },
};
