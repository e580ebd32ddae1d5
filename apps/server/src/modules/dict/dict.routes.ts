import { z } from 'zod';
import { dictItemSchema } from '@app/contract/dict';
import { errorEnvelopeSchema } from '@app/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { langOf } from '../../http/envelope.ts';
import { CACHE_TAGS, cachedPublicRead } from '../../http/public-cache.ts';
import { readRoutes } from '../../http/read-route.ts';
import type { DictService } from './dict.service.ts';

/**
 * Any string is accepted as the name (not the contract's enum) so an unknown dictionary is a 404,
 * like any missing resource, rather than a validation error.
 */
const paramsSchema = z.object({ name: z.string().min(1).max(100) });

export const dictRoutes: FastifyPluginAsyncZod<{ dict: DictService }> = async (app, { dict }) => {
  readRoutes(app, 'dict')(
    '/dict/:name',
    {
      config: cachedPublicRead(CACHE_TAGS.dict),
      summary: 'Items of a dictionary, labels in the api-language',
      params: paramsSchema,
      data: z.array(dictItemSchema),
      failures: { 404: errorEnvelopeSchema },
    },
    (request) => dict.getDictionary(request.params.name, langOf(request)),
  );
};
