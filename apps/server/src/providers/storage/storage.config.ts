import path from 'node:path';
import { z } from 'zod';
import { optionalString } from '../../env-fields.ts';
import { createDirectoryStorage } from './directory-storage.ts';
import type { StorageProvider } from './storage-provider.ts';

/**
 * The file store's environment variables (README "Configuration"), merged into the server's
 * environment schema by config.ts. FILE_STORE is a directory (default DATA_DIR/files; a directory
 * shared by every instance when scaled out) or the URL of an S3-compatible store (`s3://bucket/prefix`),
 * whose driver is not built yet: the server then refuses to start (createStorageProviderFromConfig).
 */
export const storageEnvSchema = z.object({
  FILE_STORE: optionalString,
});

/** FILE_STORE as configured: an absolute directory, or a store URL left as written. */
export function resolveFileStore(fileStore: string | undefined, dataDir: string): string {
  if (!fileStore) return path.join(dataDir, 'files');
  return isStoreUrl(fileStore) ? fileStore : path.resolve(process.cwd(), fileStore);
}

/** A URL (s3://…) names a remote store; anything else is a directory. */
function isStoreUrl(fileStore: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(fileStore);
}

/** The store FILE_STORE names (resolved by resolveFileStore). */
export function createStorageProviderFromConfig(config: { FILE_STORE: string }): StorageProvider {
  if (isStoreUrl(config.FILE_STORE)) {
    throw new Error(
      `FILE_STORE=${config.FILE_STORE}: no driver for remote stores is built yet; set FILE_STORE to a directory (shared by every instance when scaled out)`,
    );
  }
  return createDirectoryStorage({ root: config.FILE_STORE });
}
