import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import { appConfigRoutes } from './app-config.routes.ts';
import type { AppConfigService } from './app-config.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public settings of the web app shell (modules/app-config). */
    appConfig: AppConfigService;
  }
}

export async function appConfigPlugin(app: App): Promise<void> {
  const { appConfig } = app.services;
  app.decorate('appConfig', appConfig);
  await registerApiRoutes(app, appConfigRoutes, { appConfig });
}
