import { z } from 'zod';
import { CODES } from '@app/contract/codes';
import { envelopeSchema, errorEnvelopeSchema } from '@app/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import type { HealthService } from './health.service.ts';

const healthSchema = z.object({ status: z.literal('ok'), db: z.enum(['sqlite', 'postgres']) });

/** The last hourly ledger audit (ops/ledger-audit.ts), null before the first. */
const ledgerAuditSchema = z
  .object({ at: z.string(), ok: z.boolean(), violations: z.number().int(), summary: z.array(z.string()) })
  .nullable();

/** The details only with ?details=1: the plain reply is the load balancers' one, byte for byte. */
const healthReplySchema = healthSchema.extend({ ledger_audit: ledgerAuditSchema.optional() });

/**
 * GET /health at the site root (outside /api/v1), public and outside the request limiter: the load
 * balancers' check, unchanged by the details. `?details=1` with the operators' token (x-ops-token,
 * OPS_TOKEN) adds what operators watch (issue 32 §6); without the token it is a 403.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, { health }) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false, session: 'none' },
      schema: {
        tags: ['system'],
        summary:
          'Liveness and database check; ?details=1 with x-ops-token: the last ledger audit (operators)',
        querystring: z.object({ details: z.enum(['0', '1']).optional() }),
        headers: z.object({ 'x-ops-token': z.string().max(256).optional() }),
        response: {
          200: envelopeSchema(healthReplySchema),
          403: errorEnvelopeSchema,
          503: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const wantsDetails = request.query.details === '1';
      const token = request.headers['x-ops-token'];
      if (wantsDetails && !health.isOperator(token)) throw new AppError(CODES.FORBIDDEN, 'error.forbidden');
      try {
        return ok(wantsDetails ? await health.details(token) : await health.check());
      } catch (err) {
        if (isAppError(err)) throw err;
        request.log.error({ err }, 'health check: database unavailable');
        throw new AppError(CODES.UNAVAILABLE, 'error.unavailable');
      }
    },
  );
};
