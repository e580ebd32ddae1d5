import { appConfigSchema } from '@app/contract/app-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CACHE_TAGS, cachedPublicRead } from '../../http/public-cache.ts';
import { readRoutes } from '../../http/read-route.ts';
import type { AppConfigService } from './app-config.service.ts';

export const appConfigRoutes: FastifyPluginAsyncZod<{ appConfig: AppConfigService }> = async (
  app,
  { appConfig },
) => {
  readRoutes(app, 'app')(
    '/app/config',
    {
      config: cachedPublicRead(CACHE_TAGS.appConfig),
      summary: 'Public settings of the web app shell',
      data: appConfigSchema,
      failures: {},
    },
    () => appConfig.getAppConfig(),
  );
};
