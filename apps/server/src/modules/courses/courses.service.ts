import {
  LATE_CANCEL_LIMIT,
  LATE_CANCEL_WINDOW_DAYS,
  MAX_UPCOMING_CLASSES,
  REVIEW_WINDOW_DAYS,
  acceptedCardTypesOf,
  cardPaysFor,
  type PayType,
} from '@app/contract/booking';
import { CODES } from '@app/contract/codes';
import type {
  AddCourseReviewBody,
  CancelCourseResult,
  CourseInfo,
  CourseItem,
  CourseListQuery,
  FeedbackInfoQuery,
  FeedbackListQuery,
  TeacherReport,
  TeacherReportItem,
  Timetable,
  TimetableQuery,
} from '@app/contract/courses';
import type { CancelReason, Nationality } from '@app/contract/enums';
import type { MessageKey } from '@app/contract/messages';
import type { Page } from '@app/contract/paging';
import type { Clock } from '../../clock.ts';
import type { Db, DbDialect } from '../../db/database.ts';
import { mapPage } from '../../db/paging.ts';
import { createIdempotency, requestHashOf, type Idempotency } from '../../db/idempotency.ts';
import { lockKeys } from '../../db/locks.ts';
import { withTransaction, type Trx } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { teacherFiguresRepository as figures } from '../teachers/teachers.repository.ts';
import type { CardRow } from '../wallet/wallet.repository.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import {
  checkBookable,
  classroomOpen,
  deriveStatus,
  isLateCancel,
  playbackOf,
  reviewDeadline,
} from './booking.rules.ts';
import type { FilesService } from '../files/files.service.ts';
import { createStudentQuotas, type StudentQuotas } from '../students/student-quotas.ts';
import {
  coursesRepository as repo,
  type BookableSlotRow,
  type CourseRow,
  type ReportRow,
} from './courses.repository.ts';

export type CoursesSettings = {
  /** BOOKING_MIN_NOTICE_MINUTES (DESIGN.md §7 "Booking"). */
  minNoticeMinutes: number;
};

export type CoursesServiceDeps = {
  db: Db;
  dialect: DbDialect;
  clock: Clock;
  settings: CoursesSettings;
  wallet: WalletService;
  /** Shared with other calls that accept an Idempotency-Key; one is made from db and clock when absent. */
  idempotency?: Idempotency;
  /**
   * The class page's courseware (modules/files, registered before courses). Absent where no page is
   * shown (the demo seed, jobs): the class then lists none.
   */
  files?: Pick<FilesService, 'listForCourse'>;
  /** Per-student limits (issue 32 §4: reviews); made from db, dialect and clock when absent. */
  quotas?: Pick<StudentQuotas, 'take'>;
};

export type BookInput = {
  studentId: number;
  slotId: number;
  payType: PayType;
  cardId?: number;
  /** The Idempotency-Key header, when sent. */
  idempotencyKey?: string;
  /** Hash of the request body; computed from the fields above when absent. */
  requestHash?: string;
};

export type CancelInput = {
  studentId: number;
  courseId: number;
  reason: CancelReason;
  remark?: string;
};

const DAY_MS = 86_400_000;
const BOOK_SCOPE = 'course.book';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(Number(ms)));
const unprocessable = (key: MessageKey, params?: Record<string, number>) =>
  new AppError(CODES.UNPROCESSABLE, key, params);

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** A unique-index violation on either engine (the partial unique index of a slot's live class). */
function isUniqueViolation(error: unknown, dialect: DbDialect): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return dialect === 'postgres' ? code === '23505' : code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function teacherOf(row: {
  teacher_id: number;
  teacher_name: string;
  teacher_avatar: string;
  teacher_nationality: string;
}) {
  return {
    id: row.teacher_id,
    name: row.teacher_name,
    avatar: row.teacher_avatar,
    nationality: row.teacher_nationality as Nationality,
  };
}

function toItem(row: CourseRow, now: number): CourseItem {
  const start = Number(row.start_at);
  const end = Number(row.end_at);
  return {
    id: row.id,
    teacher: teacherOf(row),
    slot_id: row.slot_id,
    start: iso(start),
    end: iso(end),
    minutes: Math.round((end - start) / 60_000),
    status: deriveStatus({ status: row.status, start_at: start, end_at: end }, now),
    pay_type: row.pay_type,
    price_coins: row.price_coins,
    card_id: row.card_id,
    card_type: row.card_type,
    late_cancel: row.late_cancel === 1,
    cancel_reason: row.cancel_reason as CancelReason | null,
    cancelled_at: isoOrNull(row.cancelled_at),
    attended: row.attended === null ? null : row.attended === 1,
    created_at: iso(Number(row.created_at)),
  };
}

function toReportItem(row: ReportRow): TeacherReportItem {
  return {
    id: row.id,
    course_id: row.course_id,
    teacher: teacherOf(row),
    course_start: iso(Number(row.course_start)),
    scores: parseJson<Record<string, number>>(row.scores, {}),
    created_at: iso(Number(row.created_at)),
    read: row.read_at !== null,
  };
}

/** How many times each id occurs. */
function tally(ids: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/** A row's times as numbers (bigint columns come back as numbers, but keep the rules exact). */
function times(row: CourseRow) {
  return { status: row.status, start_at: Number(row.start_at), end_at: Number(row.end_at) };
}

/**
 * Classes (DESIGN.md §7 "Booking", "Cancelling", "Class lifecycle"). Booking, cancelling and the
 * no-show handling each run in one transaction that first locks the student's wallet row (through
 * the wallet service), so a student's rules (overlap, 20 upcoming, balance) hold under concurrent
 * requests on PostgreSQL; the slot is taken with a conditional update backed by a partial unique
 * index, so a slot never holds two live classes. Money moves only through the wallet service.
 */
export function createCoursesService(deps: CoursesServiceDeps) {
  const { db, dialect, clock, settings, wallet } = deps;
  const idempotency = deps.idempotency ?? createIdempotency({ db, clock });
  const quotas = deps.quotas ?? createStudentQuotas({ db, dialect, clock });

  /**
   * `work` in a transaction of its own, or in the one the service was built on (the operations CLI
   * builds its services on the transaction that also writes its audit record).
   */
  function inTransaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return db.isTransaction ? work(db as Trx) : withTransaction(db, work);
  }

  /**
   * The card that is to pay for a class of `slot`'s teacher: the one asked for, checked, or the
   * student's usable card that expires first. The lesson is taken later, once the class exists.
   */
  async function cardFor(
    trx: Trx,
    studentId: number,
    slot: BookableSlotRow,
    cardId: number | undefined,
  ): Promise<CardRow> {
    const teacher = { id: slot.teacher_id, nationality: slot.teacher_nationality };
    if (cardId !== undefined) {
      const card = await wallet.findCard(trx, studentId, cardId);
      if (!card) throw AppError.notFound('wallet.cardNotFound');
      if (!cardPaysFor(card, teacher)) throw unprocessable('booking.cardNotAccepted');
      if (Number(card.expires_at) <= clock.now()) throw unprocessable('booking.cardExpired');
      if (card.lessons_left <= 0) throw unprocessable('booking.cardEmpty');
      return card;
    }
    const usable = await wallet.usableCards(
      trx,
      studentId,
      acceptedCardTypesOf(teacher.nationality),
      teacher.id,
    );
    if (usable[0] === undefined) throw unprocessable('booking.noUsableCard');
    return usable[0];
  }

  /**
   * One booking, in the caller's transaction: the wallet lock (once: the debit below needs no other),
   * the slot with its teacher, the student's rules in one statement, the slot taken, the class, the
   * payment with its ledger entry. Seven statements for a booking with coins.
   */
  async function book(input: BookInput, trx: Trx): Promise<CourseItem> {
    const { studentId } = input;
    await wallet.lock(trx, studentId);
    const now = clock.now();
    const slot = await repo.findSlotForBooking(trx, input.slotId);
    if (!slot || slot.teacher_active !== 1) throw AppError.notFound('booking.slotNotFound');
    if (slot.state !== 'free') throw AppError.conflict('booking.slotTaken');
    const start = Number(slot.start_at);
    const end = Number(slot.end_at);
    checkBookable(start, now, settings.minNoticeMinutes);
    const student = await repo.studentBookingState(trx, studentId, start, end, now);
    if (student.overlap) throw unprocessable('booking.overlap');
    if (student.upcoming >= MAX_UPCOMING_CLASSES) {
      throw unprocessable('booking.tooManyUpcoming', { max: MAX_UPCOMING_CLASSES });
    }
    if (slot.refuses_frequent_cancellers === 1) {
      const count = await repo.countLateCancels(trx, studentId, now - LATE_CANCEL_WINDOW_DAYS * DAY_MS);
      if (count >= LATE_CANCEL_LIMIT) {
        throw unprocessable('booking.lateCancellerRefused', {
          count,
          limit: LATE_CANCEL_LIMIT,
          days: LATE_CANCEL_WINDOW_DAYS,
        });
      }
    }
    // The race for the slot is decided here: one transaction updates the free row, the others 0 rows.
    if (!(await repo.takeSlot(trx, slot.id))) throw AppError.conflict('booking.slotTaken');
    const card = input.payType === 'card' ? await cardFor(trx, studentId, slot, input.cardId) : undefined;
    const price = input.payType === 'coin' ? slot.teacher_price_coins : 0;
    let courseId: number;
    try {
      courseId = await repo.insertCourse(trx, {
        student_id: studentId,
        teacher_id: slot.teacher_id,
        slot_id: slot.id,
        start_at: start,
        end_at: end,
        pay_type: input.payType,
        price_coins: price,
        card_id: card?.id ?? null,
        created_at: now,
      });
    } catch (error) {
      // A live class already holds the slot (its state was out of step): the same refusal.
      if (isUniqueViolation(error, dialect)) throw AppError.conflict('booking.slotTaken');
      throw error;
    }
    if (card === undefined) {
      const paid = await wallet.debitCoins(trx, 500, { studentId, amount: price, courseId });
      if (!paid.debited) {
        throw unprocessable('booking.notEnoughCoins', { balance: paid.balance, price });
      }
    } else if ((await wallet.takeCardLesson(trx, studentId, card.id, courseId)) === undefined) {
      // The conditional update decides: lessons left and not expired at this instant.
      throw unprocessable('booking.noUsableCard');
    }
    return {
      id: courseId,
      teacher: teacherOf(slot),
      slot_id: slot.id,
      start: iso(start),
      end: iso(end),
      minutes: Math.round((end - start) / 60_000),
      status: 100,
      pay_type: input.payType,
      price_coins: price,
      card_id: card?.id ?? null,
      card_type: card?.type ?? null,
      late_cancel: false,
      cancel_reason: null,
      cancelled_at: null,
      attended: null,
      created_at: iso(now),
    };
  }

  /** Gives back what a class cost: coin log 600 or card log 3, plus (teacher no-show) 700 or 7 of the same amount. */
  async function refund(trx: Trx, course: CourseRow, compensate: boolean) {
    const studentId = course.student_id;
    if (course.pay_type === 'coin') {
      if (course.price_coins <= 0) return { coins: 0, lessons: 0 };
      const amount = course.price_coins;
      await wallet.creditCoins(trx, 600, { studentId, amount, courseId: course.id });
      if (compensate) await wallet.creditCoins(trx, 700, { studentId, amount, courseId: course.id });
      return { coins: compensate ? 2 * amount : amount, lessons: 0 };
    }
    if (course.card_id === null) return { coins: 0, lessons: 0 };
    const entry = { studentId, cardId: course.card_id, amount: 1, courseId: course.id };
    await wallet.creditCardLessons(trx, 3, entry);
    if (compensate) await wallet.creditCardLessons(trx, 7, entry);
    return { coins: 0, lessons: compensate ? 2 : 1 };
  }

  return {
    /**
     * POST /course/bookCourse: in one transaction, takes the slot, pays (coins at the teacher's
     * price, or one lesson of a card) and creates the class (status 100). With an Idempotency-Key
     * the reply, or the refusal, is stored with the effect and returned again for a retry.
     */
    book(input: BookInput): Promise<CourseItem> {
      const request =
        input.idempotencyKey === undefined
          ? undefined
          : {
              studentId: input.studentId,
              scope: BOOK_SCOPE,
              key: input.idempotencyKey,
              requestHash:
                input.requestHash ??
                requestHashOf({ slot_id: input.slotId, pay_type: input.payType, card_id: input.cardId }),
            };
      return idempotency.run(request, (trx) => book(input, trx));
    },

    /**
     * POST /course/cancelCourse, the 24-hour rule (SPEC.md §9, DESIGN.md §7 "Cancelling"): 24 h or
     * more before the start refunds in full (coin log 600 / card log 3); later, until the start, it
     * refunds nothing and counts as a late cancellation. Either way the slot is free again. After
     * the start it is refused; a class is cancelled once (a conditional update on status 100).
     */
    async cancel(input: CancelInput): Promise<CancelCourseResult> {
      return withTransaction(db, async (trx) => {
        await wallet.lock(trx, input.studentId);
        const now = clock.now();
        const course = await repo.findCourseOf(trx, input.studentId, input.courseId);
        if (!course) throw AppError.notFound('course.notFound');
        if (course.status === -200) throw AppError.conflict('course.alreadyCancelled');
        if (course.status === -100) throw AppError.conflict('course.abolished');
        if (now >= Number(course.start_at) || course.status !== 100) {
          throw unprocessable('course.cancelAfterStart');
        }
        const late = isLateCancel(Number(course.start_at), now);
        const remark = input.remark?.trim() ? input.remark.trim() : null;
        if (!(await repo.cancel(trx, course.id, { reason: input.reason, remark, now, late }))) {
          throw AppError.conflict('course.alreadyCancelled');
        }
        await repo.freeSlot(trx, course.slot_id);
        const back = late ? { coins: 0, lessons: 0 } : await refund(trx, course, false);
        return {
          id: course.id,
          status: -200,
          late_cancel: late,
          refunded_coins: back.coins,
          refunded_card_lessons: back.lessons,
        };
      });
    },

    // ---- lifecycle (the job, the classroom provider, the operations CLI) -------------------------

    /**
     * Stores 100 → 200 → 300 for classes whose time has come, and counts each ended class in its
     * teacher's lessons, in one transaction; idempotent, safe on every instance.
     */
    advanceStatuses(now = clock.now()): Promise<{ started: number; ended: number }> {
      return inTransaction(async (trx) => {
        const { started, endedTeachers } = await repo.advanceStatuses(trx, now);
        await figures.addLessons(trx, tally(endedTeachers));
        return { started, ended: endedTeachers.length };
      });
    },

    /**
     * Teacher no-show (DESIGN.md §7 "Class lifecycle"): the class is abolished (-100), the price is
     * refunded in full and the same amount again given as compensation (coin log 600 + 700, or card
     * log 3 + 7); a class that had ended no longer counts in the teacher's lessons. Once only: a
     * second report is a 409 and moves nothing. In the caller's transaction when given one (the
     * operations CLI: the change and its audit record commit together).
     */
    async markTeacherNoShow(
      courseId: number,
      outer?: Trx,
    ): Promise<{ refunded_coins: number; refunded_card_lessons: number }> {
      const work = async (trx: Trx) => {
        const found = await repo.findCourse(trx, courseId);
        if (!found) throw AppError.notFound('course.notFound');
        await wallet.lock(trx, found.student_id);
        const abolished = await repo.abolish(trx, courseId);
        if (abolished === undefined) {
          throw AppError.conflict(found.status === -200 ? 'course.alreadyCancelled' : 'course.abolished');
        }
        if (abolished === 'ended') await figures.addLessons(trx, new Map([[found.teacher_id, -1]]));
        const back = await refund(trx, found, true);
        return { refunded_coins: back.coins, refunded_card_lessons: back.lessons };
      };
      return outer ? work(outer) : withTransaction(db, work);
    },

    /**
     * Student absent: the class is over (300) with attended = 0 and has no playback; ending it counts
     * in the teacher's lessons as the lifecycle would have (the teacher came). Idempotent.
     */
    async markStudentAbsent(courseId: number): Promise<void> {
      await inTransaction(async (trx) => {
        const found = await repo.findCourse(trx, courseId);
        if (!found) throw AppError.notFound('course.notFound');
        const marked = await repo.markAbsent(trx, courseId, clock.now());
        if (marked === 'ended') await figures.addLessons(trx, new Map([[found.teacher_id, 1]]));
        if (marked === undefined) {
          if (found.status === -200) throw AppError.conflict('course.alreadyCancelled');
          if (found.status === -100) throw AppError.conflict('course.abolished');
          throw unprocessable('course.notStarted');
        }
      });
    },

    /** The classroom provider delivered the recording of a held class. */
    async recordPlayback(courseId: number, url: string): Promise<boolean> {
      return repo.setPlayback(db, courseId, url, clock.now());
    },

    /** A teacher's post-lesson report (from the classroom provider or the operations CLI); its id, or undefined when the class has one. */
    async recordTeacherReport(
      courseId: number,
      report: { scores: Record<string, number>; comment: string; homework: string },
    ): Promise<number | undefined> {
      const course = await repo.findCourse(db, courseId);
      if (!course) throw AppError.notFound('course.notFound');
      return repo.insertReport(db, {
        course_id: course.id,
        student_id: course.student_id,
        teacher_id: course.teacher_id,
        scores: JSON.stringify(report.scores),
        comment: report.comment,
        homework: report.homework,
        created_at: clock.now(),
      });
    },

    // ---- reads -----------------------------------------------------------------------------------

    async getTimetable(studentId: number, query: TimetableQuery): Promise<Timetable> {
      const now = clock.now();
      const from = Date.parse(query.from);
      const to = Date.parse(query.to);
      const rows = await repo.listInRange(db, studentId, from, to);
      return { from: iso(from), to: iso(to), records: rows.map((r) => toItem(r, now)) };
    },

    async getCourseList(studentId: number, query: CourseListQuery): Promise<Page<CourseItem>> {
      const now = clock.now();
      const page =
        query.scope === 'recent'
          ? await repo.recentPage(db, studentId, now, query)
          : await repo.finishedPage(db, studentId, now, query);
      return mapPage(page, (r) => toItem(r, now));
    },

    async getCourseInfo(studentId: number, courseId: number): Promise<CourseInfo> {
      const now = clock.now();
      const row = await repo.findCourseOf(db, studentId, courseId);
      if (!row) throw AppError.notFound('course.notFound');
      const [review, report, courseware] = await Promise.all([
        repo.findReview(db, row.id),
        repo.findReportOfCourse(db, row.id),
        deps.files?.listForCourse(studentId, row.id) ?? [],
      ]);
      const t = times(row);
      const item = toItem(row, now);
      const cancellable = row.status === 100 && now < t.start_at;
      const reviewable =
        item.status === 300 &&
        t.status !== -100 &&
        row.attended !== 0 &&
        review === undefined &&
        now <= reviewDeadline(t.end_at);
      return {
        ...item,
        cancel_remark: row.cancel_remark,
        classroom_url: classroomOpen({ ...t, attended: row.attended }, now) ? row.classroom_url : null,
        playback: playbackOf({ ...t, attended: row.attended, playback_url: row.playback_url }, now),
        cancellable,
        cancel_refunds: cancellable && !isLateCancel(t.start_at, now),
        review: review
          ? {
              rating: review.rating,
              tags: parseJson<string[]>(review.tags, []),
              content: review.content,
              created_at: iso(Number(review.created_at)),
            }
          : null,
        reviewable,
        review_until: item.status === 300 && row.attended !== 0 ? iso(reviewDeadline(t.end_at)) : null,
        report: report ? toReportItem(report) : null,
        courseware,
      };
    },

    /**
     * POST /course/addCourseReview: a class that is over and that the student attended, within 7
     * days of its end, once (the unique course_id decides under concurrency). The review also
     * appears on the teacher's profile, and the teacher's rating becomes the mean of its reviews in
     * the same transaction.
     */
    async addCourseReview(studentId: number, body: AddCourseReviewBody): Promise<{ id: number }> {
      // 20 attempts an hour per student (students/student-quotas.ts), counted before the work.
      await quotas.take(studentId, 'review');
      return withTransaction(db, async (trx) => {
        const now = clock.now();
        const row = await repo.findCourseOf(trx, studentId, body.id);
        if (!row) throw AppError.notFound('course.notFound');
        const t = times(row);
        if (t.status === -200 || t.status === -100) throw unprocessable('course.reviewNotHeld');
        if (deriveStatus(t, now) !== 300) throw unprocessable('course.reviewNotFinished');
        if (row.attended === 0) throw unprocessable('course.reviewMissed');
        if (now > reviewDeadline(t.end_at)) {
          throw unprocessable('course.reviewWindowClosed', { days: REVIEW_WINDOW_DAYS });
        }
        const review = {
          student_id: studentId,
          teacher_id: row.teacher_id,
          rating: body.rating,
          tags: JSON.stringify(body.tags),
          content: body.content,
          created_at: now,
        };
        // Reviews of one teacher one at a time (PostgreSQL), so each average counts the others'.
        await lockKeys(trx, dialect, [`teacher-rating:${row.teacher_id}`]);
        if (!(await repo.insertReview(trx, { course_id: row.id, ...review }))) {
          throw AppError.conflict('course.alreadyReviewed');
        }
        await repo.insertTeacherReview(trx, {
          ...review,
          student_nick: await repo.studentNick(trx, studentId),
        });
        await figures.refreshRating(trx, row.teacher_id);
        return { id: row.id };
      });
    },

    async getFeedbackList(studentId: number, query: FeedbackListQuery): Promise<Page<TeacherReportItem>> {
      return mapPage(await repo.reportPage(db, studentId, query), toReportItem);
    },

    /** Teacher reports the student has not opened yet (the user centre's home). */
    countUnreadReports(studentId: number): Promise<number> {
      return repo.countUnreadReports(db, studentId);
    },

    /** One report of the student's (another student's is a 404); reading it marks it read. */
    async getFeedbackInfo(studentId: number, query: FeedbackInfoQuery): Promise<TeacherReport> {
      const row = await repo.findReportOf(db, studentId, query.id, query.ec_id);
      if (!row) throw AppError.notFound('course.feedbackNotFound');
      await repo.markReportRead(db, row.id, clock.now());
      return { ...toReportItem(row), read: true, comment: row.comment, homework: row.homework };
    },
  };
}

export type CoursesService = ReturnType<typeof createCoursesService>;
