import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import { ieltsRoutes } from './ielts.routes.ts';
import type { IeltsService } from './ielts.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** IELTS speaking material (modules/ielts). */
    ielts: IeltsService;
  }
}

export async function ieltsPlugin(app: App): Promise<void> {
  const { ielts } = app.services;
  app.decorate('ielts', ielts);
  await registerApiRoutes(app, ieltsRoutes, { ielts });
}
