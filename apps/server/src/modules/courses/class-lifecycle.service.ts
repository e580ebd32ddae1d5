import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { withTransaction, type Trx } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { TeachersService } from '../teachers/teachers.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { unprocessable } from './class-replies.ts';
import { refundClass } from './class-refunds.ts';
import { coursesRepository as repo } from './courses.repository.ts';

export type ClassLifecycleServiceDeps = {
  db: Db;
  clock: Clock;
  wallet: Pick<WalletService, 'lock' | 'creditCoins' | 'creditCardLessons'>;
  /** The teacher's lesson count moves with its classes, in the class's transaction. */
  teachers: Pick<TeachersService, 'addLessons'>;
};

/** How many times each id occurs. */
function tally(ids: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/**
 * A class after it was booked (DESIGN.md §7 "Class lifecycle"): statuses that follow the clock (the
 * job), the teacher's no-show and the student's absence (the operations CLI), the recording (the
 * classroom provider). Whatever ends a class or stops it counting moves its teacher's lessons in the
 * same transaction, through the teachers service.
 */
export function createClassLifecycleService(deps: ClassLifecycleServiceDeps) {
  const { db, clock, wallet, teachers } = deps;

  /**
   * `work` in a transaction of its own, or in the one the service was built on (the operations CLI
   * builds its services on the transaction that also writes its audit record).
   */
  function inTransaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return db.isTransaction ? work(db as Trx) : withTransaction(db, work);
  }

  return {
    /**
     * Stores 100 → 200 → 300 for classes whose time has come, and counts each ended class in its
     * teacher's lessons, in one transaction; idempotent, safe on every instance.
     */
    advanceStatuses(now = clock.now()): Promise<{ started: number; ended: number }> {
      return inTransaction(async (trx) => {
        const { started, endedTeachers } = await repo.advanceStatuses(trx, now);
        await teachers.addLessons(trx, tally(endedTeachers));
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
        if (abolished === 'ended') await teachers.addLessons(trx, new Map([[found.teacher_id, -1]]));
        const back = await refundClass(wallet, trx, found, true);
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
        if (marked === 'ended') await teachers.addLessons(trx, new Map([[found.teacher_id, 1]]));
        if (marked === undefined) {
          if (found.status === -200) throw AppError.conflict('course.alreadyCancelled');
          if (found.status === -100) throw AppError.conflict('course.abolished');
          throw unprocessable('course.notStarted');
        }
      });
    },

    /**
     * The live classroom's start (DESIGN.md §12): 100 → 200 once both seats are in the room, at or
     * after the start (the clock's job leaves live-room classes to this). Idempotent: true for the
     * one call that started it.
     */
    markStarted(courseId: number): Promise<boolean> {
      return repo.markStarted(db, courseId, clock.now());
    },

    /** The classroom provider delivered the recording of a held class. */
    async recordPlayback(courseId: number, url: string): Promise<boolean> {
      return repo.setPlayback(db, courseId, url, clock.now());
    },
  };
}

export type ClassLifecycleService = ReturnType<typeof createClassLifecycleService>;
