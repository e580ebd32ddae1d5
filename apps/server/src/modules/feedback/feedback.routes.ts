import { rateLimitedEnvelopeSchema } from '@app/contract/auth';
import { envelopeSchema, errorEnvelopeSchema } from '@app/contract/envelope';
import {
  addFeedbackBodySchema,
  addFeedbackResultSchema,
  feedbackListQuerySchema,
  feedbackPageSchema,
} from '@app/contract/feedback';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { readRoutes } from '../../http/read-route.ts';
import { studentIdOf } from '../../http/session-policy.ts';
import type { FeedbackService } from './feedback.service.ts';

const refusals = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema };

/** Complaints (SPEC.md §7): paths and field names as SPEC.md and DESIGN.md §6 spell them; login required. */
export const feedbackRoutes: FastifyPluginAsyncZod<{ feedback: FeedbackService }> = async (
  app,
  { feedback },
) => {
  app.post(
    '/user/addStudentComplaint',
    {
      schema: {
        tags: ['feedback'],
        summary:
          'File a complaint or suggestion (type, content ≤ 1000 chars, optional contact mobile); 5 per hour and 20 per day per student',
        body: addFeedbackBodySchema,
        response: {
          200: envelopeSchema(addFeedbackResultSchema),
          ...refusals,
          429: rateLimitedEnvelopeSchema,
        },
      },
    },
    async (request) => ok(await feedback.add(studentIdOf(request), request.body), 'feedback.submitted'),
  );

  readRoutes(app, 'feedback')(
    '/user/other/getFeedbackList',
    {
      summary: "The student's own complaints, newest first, with state (0/1/2) and the school's reply",
      querystring: feedbackListQuerySchema,
      data: feedbackPageSchema,
      failures: refusals,
    },
    (request) => feedback.list(studentIdOf(request), request.query),
  );
};
