import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import { dictService, type DictService } from './dict.service.ts';
import { dictRoutes } from './dict.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Dictionaries of the contract's enumerations (modules/dict). */
    dict: DictService;
  }
}

export async function dictPlugin(app: App): Promise<void> {
  app.decorate('dict', dictService);
  await registerApiRoutes(app, dictRoutes, { dict: dictService });
}
