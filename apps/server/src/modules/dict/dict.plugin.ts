import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import type { DictService } from './dict.service.ts';
import { dictRoutes } from './dict.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Dictionaries of the contract's enumerations (modules/dict). */
    dict: DictService;
  }
}

export async function dictPlugin(app: App): Promise<void> {
  const { dict } = app.services;
  app.decorate('dict', dict);
  await registerApiRoutes(app, dictRoutes, { dict });
}
