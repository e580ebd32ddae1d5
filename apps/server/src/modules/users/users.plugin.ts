import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import { usersRoutes } from './users.routes.ts';
import type { UsersService } from './users.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The user centre: overview, profile, avatars (modules/users). */
    users: UsersService;
  }
}

/**
 * The user centre's routes; its service is composed from the services of students, wallet, courses
 * and teachers (src/services.ts); avatars live in the file store (FILE_STORE).
 */
export async function usersPlugin(app: App): Promise<void> {
  const { users } = app.services;
  app.decorate('users', users);
  await registerApiRoutes(app, usersRoutes, { users });
}
