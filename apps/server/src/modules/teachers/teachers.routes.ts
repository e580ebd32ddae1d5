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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { CACHE_TAGS, cachedPersonalisedRead, cachedPublicRead } from '../../http/public-cache.ts';
import { readRoutes } from '../../http/read-route.ts';
import { optionalStudentIdOf, studentIdOf } from '../../http/session-policy.ts';
import type { TeachersService } from './teachers.service.ts';

const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/**
 * Public teacher calls (DESIGN.md §6) and favourites (SPEC.md §7, under /user: they need a session).
 * The list, the profile and the schedule read an optional login (`personalisedRead`): a logged-in
 * student sees `liked` teachers and the slots of their own classes as `mine`; visitors share
 * revalidated replies. Reviews are the same for everyone (`publicRead`).
 */
export const teachersRoutes: FastifyPluginAsyncZod<{ teachers: TeachersService }> = async (
  app,
  { teachers },
) => {
  const read = readRoutes(app, 'teachers');

  read(
    '/teacher/getTeacherList',
    {
      summary:
        'Active teachers, paged; filters nationality, language, level, keyword, free slot on a date / in a time range (tz), favourites_only; sort rating|lessons|price, order asc|desc',
      querystring: teacherListQuerySchema,
      data: pageSchema(teacherCardSchema),
      failures,
      config: cachedPersonalisedRead(CACHE_TAGS.teachers),
    },
    (request) => teachers.getTeacherList(optionalStudentIdOf(request), request.query),
  );

  read(
    '/teacher/getTeacherInfo',
    {
      summary: 'A teacher profile: intro, video, radar, accepted card types, rating, liked',
      querystring: teacherIdQuerySchema,
      data: teacherInfoSchema,
      failures,
      config: cachedPersonalisedRead(CACHE_TAGS.teachers),
    },
    (request) => teachers.getTeacherInfo(optionalStudentIdOf(request), request.query.teacher_id),
  );

  read(
    '/teacher/getTeacherSchedule',
    {
      summary:
        "Slots starting in [from, to) (ISO, at most 31 days): free, booked or closed; mine (the logged-in student's own class)",
      querystring: teacherScheduleQuerySchema,
      data: teacherScheduleSchema,
      failures,
      config: cachedPersonalisedRead(CACHE_TAGS.teachers),
    },
    (request) => teachers.getTeacherSchedule(optionalStudentIdOf(request), request.query),
  );

  read(
    '/teacher/getTeacherReviews',
    {
      summary: "Students' lesson reviews of a teacher, newest first, nicks masked",
      querystring: teacherReviewsQuerySchema,
      data: pageSchema(teacherReviewSchema),
      failures,
      config: cachedPublicRead(CACHE_TAGS.teachers),
    },
    (request) => teachers.getTeacherReviews(request.query),
  );

  read(
    '/user/getUserLikeTeachersIds',
    {
      summary: "Ids of the student's favourite teachers, most recently liked first",
      data: likedTeacherIdsSchema,
      failures,
      config: { studentCache: true },
    },
    (request) => teachers.likedTeacherIds(studentIdOf(request)),
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
      const result = await teachers.likeTeacher(studentIdOf(request), teacherId, like);
      return ok(result, 'teacher.likeDone');
    },
  );

  read(
    '/user/getLikeTeacherList',
    {
      summary: "The student's favourite teachers as teacher cards, paged (size default 10)",
      querystring: likeTeacherListQuerySchema,
      data: pageSchema(teacherCardSchema),
      failures,
    },
    (request) => {
      const { current, size } = request.query;
      return teachers.likedTeacherList(studentIdOf(request), current, size);
    },
  );
};
