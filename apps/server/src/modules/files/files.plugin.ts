import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import { filesRoutes } from './files.routes.ts';
import type { FilesService } from './files.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Courseware: folders and files assigned to students, signed downloads (modules/files). */
    files: FilesService;
  }
}

/**
 * Courseware, on the file store FILE_STORE names (providers/storage; opened and checked by the app
 * at start). The class page lists the class's courseware through this service.
 */
export async function filesPlugin(app: App): Promise<void> {
  const { files } = app.services;
  app.decorate('files', files);
  await registerApiRoutes(app, filesRoutes, { files });
}
