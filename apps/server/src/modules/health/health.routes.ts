import { z } from 'zod';
import { CODES } from '@app/contract/codes';
import { envelopeSchema, errorEnvelopeSchema } from '@app/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/connection.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';

const healthSchema = z.object({ status: z.literal('ok'), db: z.enum(['sqlite', 'postgres']) });

/** GET /health at the site root, for load balancers: the process answers and the database too. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: envelopeSchema(healthSchema), 503: errorEnvelopeSchema },
      },
    },
    async (request) => {
      try {
        await pingDatabase(app.db);
      } catch (err) {
        request.log.error({ err }, 'health check: database unavailable');
        throw new AppError(CODES.UNAVAILABLE, 'error.unavailable');
      }
      return ok({ status: 'ok' as const, db: app.dbDialect });
    },
  );
};
