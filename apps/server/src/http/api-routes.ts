import { API_BASE } from '@app/contract/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { App } from './fastify-types.ts';

/**
 * Registers an area's routes under /api/v1 (called by each `<area>.plugin.ts`). A route that declares
 * no session policy gets `required` (DESIGN.md §11): a new route is private until it says otherwise,
 * whatever its path prefix. `options` carries the area's service to its routes.
 */
export async function registerApiRoutes<Options extends Record<string, unknown>>(
  app: App,
  routes: FastifyPluginAsyncZod<Options>,
  options: Options,
): Promise<void> {
  const scope: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, session: route.config?.session ?? 'required' };
    });
    await scope.register(named(routes, routes.name), options);
  };
  await app.register(named(scope, `api ${routes.name}`), { prefix: API_BASE });
}

/**
 * A plugin with its name given: Fastify otherwise looks for a plugin's name among every loaded
 * CommonJS module's exports (require.cache), twice per registration, which was a third of building
 * the app in the API tests.
 */
function named<Plugin extends object>(plugin: Plugin, name: string): Plugin {
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: name });
}
