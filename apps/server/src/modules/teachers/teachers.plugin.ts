import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import { teachersRoutes } from './teachers.routes.ts';
import { createTeachersService, type TeachersService } from './teachers.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Teachers and favourites (modules/teachers). */
    teachers: TeachersService;
  }
}

export async function teachersPlugin(app: App): Promise<void> {
  const teachers = createTeachersService({
    db: app.db,
    clock: app.clock,
    settings: { minNoticeMinutes: app.config.BOOKING_MIN_NOTICE_MINUTES },
  });
  app.decorate('teachers', teachers);
  await registerApiRoutes(app, teachersRoutes, { teachers });
}
