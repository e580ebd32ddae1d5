import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import { teachersRoutes } from './teachers.routes.ts';
import type { TeachersService } from './teachers.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Teachers and favourites (modules/teachers). */
    teachers: TeachersService;
  }
}

export async function teachersPlugin(app: App): Promise<void> {
  const { teachers } = app.services;
  app.decorate('teachers', teachers);
  await registerApiRoutes(app, teachersRoutes, { teachers });
}
