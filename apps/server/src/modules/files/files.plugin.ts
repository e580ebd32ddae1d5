import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import { openStorageProviderFromConfig } from '../../providers/storage/storage.config.ts';
import { resolveSecret } from '../auth/auth.secrets.ts';
import { filesRoutes } from './files.routes.ts';
import { createFilesService, type FilesService } from './files.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Courseware: folders and files assigned to students, signed downloads (modules/files). */
    files: FilesService;
  }
}

/** app_setting key of the generated secret that signs courseware download links. */
export const FILES_LINK_SECRET_SETTING = 'files_link_secret';

/**
 * Courseware, on the file store FILE_STORE names (providers/storage). Registered before courses in
 * the route table: the class page lists the class's courseware through this service.
 */
export async function filesPlugin(app: App): Promise<void> {
  // Checked now (S3: HeadBucket), so a store that cannot be reached stops the start, not an upload.
  const storage = await openStorageProviderFromConfig(app.config);
  app.addHook('onClose', () => storage.close());
  const files = createFilesService({
    db: app.db,
    clock: app.clock,
    storage,
    // Generated on first use only, shared by every instance on the database.
    secret: () => resolveSecret(app.db, undefined, FILES_LINK_SECRET_SETTING, app.clock.now()),
  });
  app.decorate('files', files);
  await registerApiRoutes(app, filesRoutes, { files });
}
