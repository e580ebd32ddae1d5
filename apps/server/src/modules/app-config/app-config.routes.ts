import { appConfigSchema } from '@app/contract/app-config';
import { envelopeSchema } from '@app/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { revalidate } from '../../http/http-cache.ts';
import { appConfigService } from './app-config.service.ts';

export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/app/config',
    {
      config: revalidate,
      schema: {
        tags: ['app'],
        summary: 'Public settings of the web app shell',
        response: { 200: envelopeSchema(appConfigSchema) },
      },
    },
    async () => ok(await appConfigService.getAppConfig({ db: app.db, config: app.config })),
  );
};
