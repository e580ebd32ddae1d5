import { REVIEW_WINDOW_DAYS } from '@app/contract/booking';
import type {
  AddCourseReviewBody,
  FeedbackInfoQuery,
  FeedbackListQuery,
  TeacherReport,
  TeacherReportItem,
} from '@app/contract/courses';
import type { Page } from '@app/contract/paging';
import type { Clock } from '../../clock.ts';
import type { Db, DbDialect } from '../../db/database.ts';
import { lockKeys } from '../../db/locks.ts';
import { mapPage } from '../../db/paging.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { StudentQuotas } from '../students/students.service.ts';
import type { TeachersService } from '../teachers/teachers.service.ts';
import { deriveStatus, reviewDeadline } from './booking.rules.ts';
import { times, toReportItem, unprocessable } from './class-replies.ts';
import { coursesRepository as repo } from './courses.repository.ts';

export type ClassReviewsServiceDeps = {
  db: Db;
  dialect: DbDialect;
  clock: Clock;
  /** Per-student limits (issue 32 §4: reviews). */
  quotas: Pick<StudentQuotas, 'take'>;
  /** A review moves its teacher's rating, in the review's transaction. */
  teachers: Pick<TeachersService, 'refreshRating'>;
};

/**
 * What is said about a class after it: the student's review of the teacher (DESIGN.md §7 "Reviews")
 * and the teacher's report to the student (from the classroom provider or the operations CLI),
 * with the report list and unread count of the user centre.
 */
export function createClassReviewsService(deps: ClassReviewsServiceDeps) {
  const { db, dialect, clock, quotas, teachers } = deps;

  return {
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
        await teachers.refreshRating(trx, row.teacher_id);
        return { id: row.id };
      });
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

export type ClassReviewsService = ReturnType<typeof createClassReviewsService>;
