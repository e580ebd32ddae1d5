import { errorEnvelopeSchema } from '@app/contract/envelope';
import { progressQuerySchema, progressSchema } from '@app/contract/progress';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readRoutes } from '../../http/read-route.ts';
import { studentIdOf } from '../../http/session-policy.ts';
import type { ProgressService } from './progress.service.ts';

const refusals = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema };

/** "My progress" (issue 37): the student's own figures over a period; login required. */
export const progressRoutes: FastifyPluginAsyncZod<{ progress: ProgressService }> = async (
  app,
  { progress },
) => {
  readRoutes(app, 'progress')(
    '/user/getProgress',
    {
      summary:
        "The student's progress over Beijing days from..to (default this month, at most two years): attended classes, minutes, teachers, attendance (absences and late cancellations apart), the streak of weeks, classes per week, per-skill scores of the teacher reports, the latest comment and homework",
      querystring: progressQuerySchema,
      data: progressSchema,
      failures: refusals,
    },
    (request) => progress.getProgress(studentIdOf(request), request.query),
  );
};
