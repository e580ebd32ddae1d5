import { z } from 'zod';
import { dictItemSchema } from '@app/contract/dict';
import { envelopeSchema, errorEnvelopeSchema } from '@app/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, langOf } from '../../http/envelope.ts';
import { revalidate } from '../../http/http-cache.ts';
import { dictService } from './dict.service.ts';

/**
 * Any string is accepted as the name (not the contract's enum) so an unknown dictionary is a 404,
 * like any missing resource, rather than a validation error.
 */
const paramsSchema = z.object({ name: z.string().min(1).max(100) });

export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dict/:name',
    {
      config: revalidate,
      schema: {
        tags: ['dict'],
        summary: 'Items of a dictionary, labels in the api-language',
        params: paramsSchema,
        response: { 200: envelopeSchema(z.array(dictItemSchema)), 404: errorEnvelopeSchema },
      },
    },
    async (request) => ok(dictService.getDictionary(request.params.name, langOf(request))),
  );
};
