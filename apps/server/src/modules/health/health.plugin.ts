import type { App } from '../../http/fastify-types.ts';
import { healthRoutes } from './health.routes.ts';
import { createHealthService } from './health.service.ts';

/** The load balancers' check; at the site root, so registered without the /api/v1 prefix. */
export async function healthPlugin(app: App): Promise<void> {
  const health = createHealthService({ db: app.db, dialect: app.dbDialect, opsToken: app.config.OPS_TOKEN });
  await app.register(healthRoutes, { health });
}
