import type { App } from '../../http/fastify-types.ts';
import { healthRoutes } from './health.routes.ts';

/** The load balancers' check; at the site root, so registered without the /api/v1 prefix. */
export async function healthPlugin(app: App): Promise<void> {
  await app.register(healthRoutes, { health: app.services.health });
}
