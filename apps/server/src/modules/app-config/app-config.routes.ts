import { appConfigSchema } from '@app/contract/app-config';
import { envelopeSchema } from '@app/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { CACHE_TAGS, cachedPublicRead } from '../../http/public-cache.ts';
import type { AppConfigService } from './app-config.service.ts';

export const appConfigRoutes: FastifyPluginAsyncZod<{ appConfig: AppConfigService }> = async (
  app,
  { appConfig },
) => {
  app.get(
    '/app/config',
    {
      config: cachedPublicRead(CACHE_TAGS.appConfig),
      schema: {
        tags: ['app'],
        summary: 'Public settings of the web app shell',
        response: { 200: envelopeSchema(appConfigSchema) },
      },
    },
    async () => ok(await appConfig.getAppConfig()),
  );
};
