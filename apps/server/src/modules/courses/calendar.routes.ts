import { calendarFeedQuerySchema, calendarFeedUrlsSchema } from '@app/contract/courses';
import { envelopeSchema, errorEnvelopeSchema } from '@app/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { publicOrigin } from '../../http/seo-files.ts';
import { studentIdOf } from '../../http/session-policy.ts';
import type { CalendarService } from './calendar.service.ts';

const failures = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/**
 * The calendar feed (DESIGN.md §6): the .ics itself is read by calendar apps, which send no
 * Authorization header, so it declares session `none` and the token in its query is the credential;
 * its reply is iCalendar text, not an envelope (DESIGN.md §5), while failures stay envelopes like
 * every other /api failure (an unknown or reset token: 404). The token calls need a session.
 */
export const calendarRoutes: FastifyPluginAsyncZod<{
  calendar: CalendarService;
  config: Pick<Config, 'PUBLIC_URL' | 'PUBLIC_URL_CONFIGURED'>;
}> = async (app, { calendar, config }) => {
  app.get(
    '/course/getCalendar.ics',
    {
      config: { session: 'none' },
      schema: {
        tags: ['courses'],
        summary:
          "The student's upcoming classes as iCalendar (text/calendar; UTC times, a reminder 60 min before); token from getCalendarToken",
        querystring: calendarFeedQuerySchema,
        // iCalendar text (sent as text/calendar, so no JSON serializer touches it).
        response: { 200: z.string(), 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const ics = await calendar.feed(request.query.token, publicOrigin(request, config));
      if (ics === undefined) throw AppError.notFound();
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="classes.ics"')
        .send(ics);
    },
  );

  app.post(
    '/course/getCalendarToken',
    {
      schema: {
        tags: ['courses'],
        summary: "The student's calendar feed URL (made on first use; the same URL until reset)",
        response: { 200: envelopeSchema(calendarFeedUrlsSchema), ...failures },
      },
    },
    async (request) => ok(await calendar.getFeedUrls(studentIdOf(request), publicOrigin(request, config))),
  );

  app.post(
    '/course/resetCalendarToken',
    {
      schema: {
        tags: ['courses'],
        summary: 'A new calendar feed URL; the old one answers 404 from now on',
        response: { 200: envelopeSchema(calendarFeedUrlsSchema), ...failures },
      },
    },
    async (request) => ok(await calendar.resetFeedUrls(studentIdOf(request), publicOrigin(request, config))),
  );
};
