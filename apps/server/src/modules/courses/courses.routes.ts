import {
  addCourseReviewBodySchema,
  bookCourseBodySchema,
  cancelCourseBodySchema,
  cancelCourseResultSchema,
  courseIdQuerySchema,
  courseInfoSchema,
  courseItemSchema,
  courseListPageSchema,
  courseListQuerySchema,
  feedbackInfoQuerySchema,
  feedbackListQuerySchema,
  teacherReportItemSchema,
  teacherReportSchema,
  timetableQuerySchema,
  timetableSchema,
} from '@app/contract/courses';
import { envelopeSchema, errorEnvelopeSchema } from '@app/contract/envelope';
import { pageSchema } from '@app/contract/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { idempotencyHeadersSchema, idempotencyOf } from '../../http/idempotency-header.ts';
import { CACHE_TAGS } from '../../http/public-cache.ts';
import { readRoutes } from '../../http/read-route.ts';
import { studentIdOf } from '../../http/session-policy.ts';
import type { ClassReviewsService } from './class-reviews.service.ts';
import type { CoursesService } from './courses.service.ts';

const failure = errorEnvelopeSchema;
/** Every /course route: bad input, no session; reads of one record add 404. */
const readFailures = { 400: failure, 401: failure };
const recordFailures = { ...readFailures, 404: failure };
/** Writes: the record is missing or another student's (404), the state forbids it (409), a rule refuses it (422). */
const writeFailures = { ...recordFailures, 409: failure, 422: failure };

/**
 * Classes (DESIGN.md §6 /course/*): booking and cancelling, the timetable and lists, a class's page,
 * the student's review and the teachers' reports. Every route needs a session (the default) and
 * reads only the caller's classes: another student's is a 404, like one that does not exist.
 * Refusals come from the service as AppErrors, sent in the request's language.
 */
export const coursesRoutes: FastifyPluginAsyncZod<{
  courses: CoursesService;
  reviews: ClassReviewsService;
}> = async (app, { courses, reviews }) => {
  const read = readRoutes(app, 'courses');

  app.post(
    '/course/bookCourse',
    {
      // A booked slot is no longer free: schedules and the list's next free slot change.
      config: { invalidates: [CACHE_TAGS.teachers] },
      schema: {
        tags: ['courses'],
        summary:
          'Books a free slot, paid with coins (the teacher price) or one lesson of a card; the class (status 100). Optional Idempotency-Key header',
        headers: idempotencyHeadersSchema,
        body: bookCourseBodySchema,
        response: { 200: envelopeSchema(courseItemSchema), ...writeFailures },
      },
    },
    async (request) => {
      const idempotency = idempotencyOf(request);
      const { slot_id: slotId, pay_type: payType, card_id: cardId } = request.body;
      const course = await courses.book({
        studentId: studentIdOf(request),
        slotId,
        payType,
        ...(cardId === undefined ? {} : { cardId }),
        ...idempotency,
      });
      return ok(course);
    },
  );

  app.post(
    '/course/cancelCourse',
    {
      // The slot is free again.
      config: { invalidates: [CACHE_TAGS.teachers] },
      schema: {
        tags: ['courses'],
        summary:
          'Cancels a class before its start: 24 h or more before, a full refund; later, none (a late cancellation). The slot is free again',
        body: cancelCourseBodySchema,
        response: { 200: envelopeSchema(cancelCourseResultSchema), ...writeFailures },
      },
    },
    async (request) => {
      const { id, reason, remark } = request.body;
      return ok(
        await courses.cancel({
          studentId: studentIdOf(request),
          courseId: id,
          reason,
          ...(remark === undefined ? {} : { remark }),
        }),
      );
    },
  );

  read(
    '/course/getTimetable',
    {
      summary: "The student's classes starting in [from, to) (ISO, at most 42 days), cancelled ones included",
      querystring: timetableQuerySchema,
      data: timetableSchema,
      failures: readFailures,
      config: { studentCache: true },
    },
    (request) => courses.getTimetable(studentIdOf(request), request.query),
  );

  read(
    '/course/getCourseList',
    {
      summary:
        'Classes, paged: scope `recent` (not started or in class, soonest first) or `finished` (over, cancelled or abolished, latest first, with `outcomes`: the classes attended, missed, cancelled and called off)',
      querystring: courseListQuerySchema,
      data: courseListPageSchema,
      failures: readFailures,
      config: { studentCache: true },
    },
    (request) => courses.getCourseList(studentIdOf(request), request.query),
  );

  read(
    '/course/getCourseInfo',
    {
      summary:
        'One class: status, classroom link when open, playback or why there is none, whether it can be cancelled or reviewed, review and report',
      querystring: courseIdQuerySchema,
      data: courseInfoSchema,
      failures: recordFailures,
      config: { studentCache: true },
    },
    (request) => courses.getCourseInfo(studentIdOf(request), request.query.id),
  );

  app.post(
    '/course/addCourseReview',
    {
      // A profile's review count and the reviews list change.
      config: { invalidates: [CACHE_TAGS.teachers] },
      schema: {
        tags: ['courses'],
        summary:
          'Reviews a class the student attended, once, within 7 days of its end (rating 1-5, tags, text)',
        body: addCourseReviewBodySchema,
        response: { 200: envelopeSchema(z.object({ id: z.number().int() })), ...writeFailures },
      },
    },
    async (request) => ok(await reviews.addCourseReview(studentIdOf(request), request.body)),
  );

  read(
    '/course/getFeedbackList',
    {
      summary: "Teachers' post-lesson reports, newest first, paged (without the comment and homework)",
      querystring: feedbackListQuerySchema,
      data: pageSchema(teacherReportItemSchema),
      failures: readFailures,
    },
    (request) => reviews.getFeedbackList(studentIdOf(request), request.query),
  );

  read(
    '/course/getFeedbackInfo',
    {
      summary: 'One post-lesson report (`ec_id` the class, `id` the report); reading it marks it read',
      querystring: feedbackInfoQuerySchema,
      data: teacherReportSchema,
      failures: recordFailures,
    },
    (request) => reviews.getFeedbackInfo(studentIdOf(request), request.query),
  );
};
