import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import { progressRoutes } from './progress.routes.ts';
import type { ProgressService } from './progress.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** "My progress" (modules/progress). */
    progress: ProgressService;
  }
}

/** The student's progress over a period (issue 37), read on /user/progress. */
export async function progressPlugin(app: App): Promise<void> {
  const { progress } = app.services;
  app.decorate('progress', progress);
  await registerApiRoutes(app, progressRoutes, { progress });
}
