import { CODES } from '@app/contract/codes';
import { envelopeSchema, errorEnvelopeSchema } from '@app/contract/envelope';
import { pageSchema } from '@app/contract/paging';
import {
  likedTeacherIdsSchema,
  likeTeacherBodySchema,
  likeTeacherListQuerySchema,
  likeTeacherResultSchema,
  teacherCardSchema,
  teacherIdQuerySchema,
  teacherInfoSchema,
  teacherListQuerySchema,
  teacherReviewSchema,
  teacherReviewsQuerySchema,
  teacherScheduleQuerySchema,
  teacherScheduleSchema,
} from '@app/contract/teachers';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { ifNoneMatchHits, revalidate, strongEtag } from '../../http/http-cache.ts';
import { studentIdOf } from '../auth/session-guard.ts';
import { teachersService, type TeachersContext } from './teachers.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'revalidateForVisitors': a public reply that carries per-student data (`liked`) when the
     * caller is logged in: ETag + no-cache for visitors, no-store for students (DESIGN.md §5).
     */
    teacherCache?: 'revalidateForVisitors';
  }
}

const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/** Requests answered with the caller's own data (never cached by a shared cache, never ETagged). */
const personalised = new WeakSet<FastifyRequest>();

/**
 * Public teacher calls (DESIGN.md §6) and favourites (SPEC.md §7, under /user: the session guard
 * requires a login there). Public calls read the token when one is sent, so a logged-in student sees
 * `liked`; a missing, invalid or revoked token reads as a visitor (a public page never answers 401),
 * an expired one is 66666 so the web app refreshes it and retries.
 */
export const teachersRoutes: FastifyPluginAsyncZod = async (app) => {
  async function optionalStudentId(request: FastifyRequest): Promise<number | null> {
    if (!request.headers.authorization) return null;
    try {
      const student = await app.auth.sessions.authenticate(request.headers.authorization);
      personalised.add(request);
      return student.studentId;
    } catch (err) {
      if (isAppError(err) && err.code === CODES.TOKEN_EXPIRED) throw err;
      return null;
    }
  }

  const context = (studentId: number | null): TeachersContext => ({
    db: app.db,
    now: app.clock.now(),
    minNoticeMinutes: app.config.BOOKING_MIN_NOTICE_MINUTES,
    studentId,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config?.teacherCache !== 'revalidateForVisitors') return payload;
    if (personalised.has(request) || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = strongEtag(payload);
    reply
      .header('etag', etag)
      .header('cache-control', 'no-cache')
      .header('vary', 'api-language, authorization');
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) {
      reply.code(304).removeHeader('content-type').removeHeader('content-length');
      return '';
    }
    return payload;
  });

  app.get(
    '/teacher/getTeacherList',
    {
      config: { teacherCache: 'revalidateForVisitors' },
      schema: {
        tags: ['teachers'],
        summary:
          'Active teachers, paged; filters nationality, language, level, keyword, free slot on a date / in a time range (tz), favourites_only; sort rating|lessons|price, order asc|desc',
        querystring: teacherListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(teacherCardSchema)), ...failures },
      },
    },
    async (request) =>
      ok(await teachersService.getTeacherList(context(await optionalStudentId(request)), request.query)),
  );

  app.get(
    '/teacher/getTeacherInfo',
    {
      config: { teacherCache: 'revalidateForVisitors' },
      schema: {
        tags: ['teachers'],
        summary: 'A teacher profile: intro, video, radar, accepted card types, rating, liked',
        querystring: teacherIdQuerySchema,
        response: { 200: envelopeSchema(teacherInfoSchema), ...failures },
      },
    },
    async (request) =>
      ok(
        await teachersService.getTeacherInfo(
          context(await optionalStudentId(request)),
          request.query.teacher_id,
        ),
      ),
  );

  app.get(
    '/teacher/getTeacherSchedule',
    {
      config: revalidate,
      schema: {
        tags: ['teachers'],
        summary: 'Slots starting in [from, to) (ISO, at most 31 days): free, booked or closed',
        querystring: teacherScheduleQuerySchema,
        response: { 200: envelopeSchema(teacherScheduleSchema), ...failures },
      },
    },
    async (request) => ok(await teachersService.getTeacherSchedule(context(null), request.query)),
  );

  app.get(
    '/teacher/getTeacherReviews',
    {
      config: revalidate,
      schema: {
        tags: ['teachers'],
        summary: "Students' lesson reviews of a teacher, newest first, nicks masked",
        querystring: teacherReviewsQuerySchema,
        response: { 200: envelopeSchema(pageSchema(teacherReviewSchema)), ...failures },
      },
    },
    async (request) => ok(await teachersService.getTeacherReviews(context(null), request.query)),
  );

  app.get(
    '/user/getUserLikeTeachersIds',
    {
      schema: {
        tags: ['teachers'],
        summary: "Ids of the student's favourite teachers, most recently liked first",
        response: { 200: envelopeSchema(likedTeacherIdsSchema), ...failures },
      },
    },
    async (request) => ok(await teachersService.likedTeacherIds(app.db, studentIdOf(request))),
  );

  app.post(
    '/user/UserLikeTeacher',
    {
      schema: {
        tags: ['teachers'],
        summary: 'Toggles a favourite teacher (or sets it with `like`); replies { liked }',
        body: likeTeacherBodySchema,
        response: { 200: envelopeSchema(likeTeacherResultSchema), ...failures },
      },
    },
    async (request) => {
      const { teacher_id: teacherId, like } = request.body;
      const result = await teachersService.likeTeacher(
        app.db,
        studentIdOf(request),
        teacherId,
        app.clock.now(),
        like,
      );
      return ok(result, 'teacher.likeDone');
    },
  );

  app.get(
    '/user/getLikeTeacherList',
    {
      schema: {
        tags: ['teachers'],
        summary: "The student's favourite teachers as teacher cards, paged (size default 10)",
        querystring: likeTeacherListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(teacherCardSchema)), ...failures },
      },
    },
    async (request) => {
      const studentId = studentIdOf(request);
      const { current, size } = request.query;
      return ok(await teachersService.likedTeacherList({ ...context(studentId), studentId }, current, size));
    },
  );
};
