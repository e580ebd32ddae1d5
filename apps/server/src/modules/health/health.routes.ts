import { z } from 'zod';
import { CODES } from '@app/contract/codes';
import { envelopeSchema, errorEnvelopeSchema } from '@app/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import type { HealthService } from './health.service.ts';

const healthSchema = z.object({ status: z.literal('ok'), db: z.enum(['sqlite', 'postgres']) });

/** GET /health at the site root (outside /api/v1), public and outside the request limiter. */
export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, { health }) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false, session: 'none' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: envelopeSchema(healthSchema), 503: errorEnvelopeSchema },
      },
    },
    async (request) => {
      try {
        return ok(await health.check());
      } catch (err) {
        request.log.error({ err }, 'health check: database unavailable');
        throw new AppError(CODES.UNAVAILABLE, 'error.unavailable');
      }
    },
  );
};
