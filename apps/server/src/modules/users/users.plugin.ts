import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import { createStorageProviderFromConfig } from '../../providers/storage/storage.config.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService, type UsersService } from './users.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The user centre: overview, profile, avatars (modules/users). */
    users: UsersService;
  }
}

/**
 * The user centre's routes, composed from the services of students, wallet, courses and teachers
 * (all wired before it in the route table); avatars live in the file store (FILE_STORE).
 */
export async function usersPlugin(app: App): Promise<void> {
  const users = createUsersService({
    students: app.students,
    wallet: app.wallet,
    courses: app.courses,
    teachers: app.teachers,
    storage: createStorageProviderFromConfig(app.config),
    quotas: app.studentQuotas,
  });
  app.decorate('users', users);
  await registerApiRoutes(app, usersRoutes, { users });
}
