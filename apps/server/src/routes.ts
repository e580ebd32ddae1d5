import { API_BASE } from '@app/contract/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { App } from './http/fastify-types.ts';
import { appConfigRoutes } from './modules/app-config/app-config.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { dictRoutes } from './modules/dict/dict.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { ieltsRoutes } from './modules/ielts/ielts.routes.ts';
import { teachersRoutes } from './modules/teachers/teachers.routes.ts';

/**
 * The route modules of the API, registered under /api/v1 in this order. A new area adds its
 * `<area>.routes.ts` plugin here; modules never import each other's routes.
 */
export const API_MODULES: readonly FastifyPluginAsyncZod[] = [
  dictRoutes,
  appConfigRoutes,
  ieltsRoutes,
  authRoutes,
  teachersRoutes,
];

export async function registerRoutes(app: App): Promise<void> {
  await app.register(healthRoutes);
  for (const module of API_MODULES) {
    await app.register(module, { prefix: API_BASE });
  }
}
