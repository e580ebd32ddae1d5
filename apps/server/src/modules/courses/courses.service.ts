import {
  LATE_CANCEL_LIMIT,
  LATE_CANCEL_WINDOW_DAYS,
  MAX_UPCOMING_CLASSES,
  acceptedCardTypesOf,
  cardPaysFor,
  type PayType,
} from '@app/contract/booking';
import type {
  CancelCourseResult,
  CourseInfo,
  CourseItem,
  CourseListPage,
  CourseListQuery,
  TeacherReportItem,
  Timetable,
  TimetableQuery,
} from '@app/contract/courses';
import type { CancelReason } from '@app/contract/enums';
import type { Clock } from '../../clock.ts';
import type { Db, DbDialect } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { mapPage } from '../../db/paging.ts';
import { requestHashOf, type Idempotency } from '../../db/idempotency.ts';
import { parseJson } from '../../db/json-column.ts';
import { iso } from '../../db/time.ts';
import { withTransaction, type Trx } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { FilesService } from '../files/files.service.ts';
import type { CardRow, WalletService } from '../wallet/wallet.service.ts';
import { checkBookable, classroomOpen, isLateCancel, playbackOf, reviewDeadline } from './booking.rules.ts';
import { teacherOf, times, toItem, toReportItem, unprocessable } from './class-replies.ts';
import { refundClass } from './class-refunds.ts';
import { coursesRepository as repo, type BookableSlotRow } from './courses.repository.ts';

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
  /** Shared with other calls that accept an Idempotency-Key. */
  idempotency: Idempotency;
  /** The class page's courseware (modules/files). */
  files: Pick<FilesService, 'listForCourse'>;
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

/** The classes' part of a student's home page (GET /user/getUserHome). */
export type HomeOverview = {
  next_classes: CourseItem[];
  upcoming_classes: number;
  finished_classes: number;
  attended_classes: number;
  missed_classes: number;
  cancelled_classes: number;
  called_off_classes: number;
  unread_reports: number;
  latest_reports: TeacherReportItem[];
};

/**
 * Classes (DESIGN.md §7 "Booking", "Cancelling"): booking, cancelling and the student's class
 * pages. Booking and cancelling each run in one transaction that first locks the student's wallet
 * row (through the wallet service), so a student's rules (overlap, 20 upcoming, balance) hold under
 * concurrent requests on PostgreSQL; the slot is taken with a conditional update backed by a partial
 * unique index, so a slot never holds two live classes. Money moves only through the wallet service.
 * What happens to a class later is class-lifecycle.service.ts; reviews and reports are
 * class-reviews.service.ts.
 */
export function createCoursesService(deps: CoursesServiceDeps) {
  const { db, dialect, clock, settings, wallet, idempotency, files } = deps;

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
        const back = late ? { coins: 0, lessons: 0 } : await refundClass(wallet, trx, course, false);
        return {
          id: course.id,
          status: -200,
          late_cancel: late,
          refunded_coins: back.coins,
          refunded_card_lessons: back.lessons,
        };
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

    /** A page of a list; the finished one also counts its classes by outcome (issue 33 §3). */
    async getCourseList(studentId: number, query: CourseListQuery): Promise<CourseListPage> {
      const now = clock.now();
      if (query.scope === 'recent') {
        return mapPage(await repo.recentPage(db, studentId, now, query), (r) => toItem(r, now));
      }
      const { outcomes, ...page } = await repo.finishedPage(db, studentId, now, query);
      return { ...mapPage(page, (r) => toItem(r, now)), outcomes };
    },

    /**
     * The user centre home's classes and reports (issue 36), in three statements where the lists
     * took seven: the counts of classes to come, classes over by outcome and unread reports in one,
     * the next `size` classes, the latest `size` reports. "Finished" (已上) on the home is the
     * classes attended; cancelled, called-off and missed ones are counted apart (issue 33 §3).
     */
    /** The home page's part of the classes for each of `studentIds` (three statements for them all). */
    async getHomeOverviews(studentIds: readonly number[], size: number): Promise<Map<number, HomeOverview>> {
      const now = clock.now();
      const rows = await repo.homeOverviews(db, studentIds, now, size);
      const overviews = new Map<number, HomeOverview>();
      for (const [id, overview] of rows) {
        const { attended, missed, cancelled, called_off } = overview.outcomes;
        overviews.set(id, {
          next_classes: overview.next.map((r) => toItem(r, now)),
          upcoming_classes: overview.upcoming,
          finished_classes: attended + missed + cancelled + called_off,
          attended_classes: attended,
          missed_classes: missed,
          cancelled_classes: cancelled,
          called_off_classes: called_off,
          unread_reports: overview.unread,
          latest_reports: overview.latestReports.map(toReportItem),
        });
      }
      return overviews;
    },

    async getCourseInfo(studentId: number, courseId: number): Promise<CourseInfo> {
      const now = clock.now();
      const row = await repo.findCourseOf(db, studentId, courseId);
      if (!row) throw AppError.notFound('course.notFound');
      const [review, report, courseware] = await Promise.all([
        repo.findReview(db, row.id),
        repo.findReportOfCourse(db, row.id),
        files.listForCourse(studentId, row.id),
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
  };
}

export type CoursesService = ReturnType<typeof createCoursesService>;
