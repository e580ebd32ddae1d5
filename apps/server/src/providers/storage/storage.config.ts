import path from 'node:path';
import { z } from 'zod';
import { flag, optionalString } from '../../env-fields.ts';
import { createDirectoryStorage } from './directory-storage.ts';
import { createS3Storage, type S3StorageOptions } from './s3-storage.ts';
import { isValidStorageKey, type StorageProvider } from './storage-provider.ts';

/**
 * The file store's environment variables (README "Configuration"), merged into the server's
 * environment schema by config.ts. FILE_STORE is a directory (default DATA_DIR/files; a directory
 * shared by every instance when scaled out) or an S3-compatible bucket, `s3://BUCKET/optional/prefix`,
 * reached with the S3_* settings below (docs/operations.md, "Object storage").
 */
export const storageEnvSchema = z.object({
  FILE_STORE: optionalString,
  /** The store's API origin (`https://oss-cn-shanghai.aliyuncs.com`, `http://127.0.0.1:9000`); unset: AWS S3. */
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** The bucket in the URL's path instead of its host name (MinIO and other local servers). */
  S3_FORCE_PATH_STYLE: optionalString.pipe(flag.optional()),
  /**
   * Downloads answer with a redirect to a short-lived presigned URL of the store (default), or pass
   * through this server (0: a store only this server can reach).
   */
  S3_PRESIGN: optionalString.pipe(flag.optional()),
});

type StorageEnv = z.output<typeof storageEnvSchema>;
/** The file store's settings in the config: FILE_STORE resolved (resolveFileStore). */
export type StorageSettings = Omit<StorageEnv, 'FILE_STORE'> & { FILE_STORE: string };

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PRESIGN',
] as const satisfies readonly (keyof StorageEnv)[];
const S3_REQUIRED = ['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** FILE_STORE as configured: an absolute directory, or a store URL left as written. */
export function resolveFileStore(fileStore: string | undefined, dataDir: string): string {
  if (!fileStore) return path.join(dataDir, 'files');
  return isStoreUrl(fileStore) ? fileStore : path.resolve(process.cwd(), fileStore);
}

/** A URL (s3://…) names a remote store; anything else is a directory. */
function isStoreUrl(fileStore: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(fileStore);
}

/** S3's bucket naming rule (OSS, COS and MinIO share it): 3–63 of a-z 0-9 . -, alphanumeric at both ends. */
const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

const STORE_URL_FORM = 's3://BUCKET or s3://BUCKET/prefix';

/** The bucket and prefix of `s3://bucket/prefix`, or why FILE_STORE is not one. */
export function parseStoreUrl(fileStore: string): { bucket: string; prefix: string } | { problem: string } {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(fileStore)?.[1]?.toLowerCase();
  if (scheme !== 's3') {
    return { problem: `expected a directory or ${STORE_URL_FORM} (the only remote store is s3://)` };
  }
  const rest = fileStore.slice('s3://'.length);
  const slash = rest.indexOf('/');
  const bucket = slash === -1 ? rest : rest.slice(0, slash);
  const prefix = (slash === -1 ? '' : rest.slice(slash + 1)).replace(/\/+$/, '');
  if (!BUCKET_PATTERN.test(bucket) || bucket.includes('..')) {
    return {
      problem: `"${bucket.slice(0, 80)}" is not a bucket name (3–63 lower-case letters, digits, dots and hyphens); expected ${STORE_URL_FORM}`,
    };
  }
  if (prefix !== '' && !isValidStorageKey(prefix)) {
    return {
      problem: `the prefix "${prefix.slice(0, 80)}" is not a path of letters, digits, ".", "_" and "-" segments; expected ${STORE_URL_FORM}`,
    };
  }
  return { bucket, prefix };
}

/**
 * The settings the chosen store needs but lacks or has wrong (config.ts refuses to start with any):
 * a FILE_STORE URL that is not `s3://bucket/prefix`, an S3 store without its region or keys, and S3_*
 * settings given while FILE_STORE is a directory (the files would silently stay on this disk).
 */
export function missingStorageSettings(settings: StorageSettings): { key: string; message: string }[] {
  if (!isStoreUrl(settings.FILE_STORE)) {
    return S3_VARIABLES.filter((key) => settings[key] !== undefined).map((key) => ({
      key,
      message: `set, but FILE_STORE is not ${STORE_URL_FORM}, so the files would stay in the directory ${settings.FILE_STORE}; set FILE_STORE=s3://… or remove ${key}`,
    }));
  }
  const parsed = parseStoreUrl(settings.FILE_STORE);
  if ('problem' in parsed) return [{ key: 'FILE_STORE', message: parsed.problem }];
  const problems: { key: string; message: string }[] = S3_REQUIRED.filter((key) => !settings[key]).map(
    (key) => ({
      key,
      message: `required when FILE_STORE is s3:// (${settings.FILE_STORE})`,
    }),
  );
  if (settings.S3_ENDPOINT) {
    const endpoint = new URL(settings.S3_ENDPOINT);
    if (endpoint.pathname !== '/' || endpoint.search || endpoint.hash || endpoint.username) {
      problems.push({
        key: 'S3_ENDPOINT',
        message:
          "expected the store's origin only (https://host[:port]), without a path: the bucket goes in FILE_STORE",
      });
    }
  }
  return problems;
}

/** The S3 driver's options from the config, or undefined when FILE_STORE is a directory. */
export function s3OptionsOf(settings: StorageSettings): S3StorageOptions | undefined {
  if (!isStoreUrl(settings.FILE_STORE)) return undefined;
  const parsed = parseStoreUrl(settings.FILE_STORE);
  // loadConfig has refused these already; a config built by hand gets the same message.
  const problems = missingStorageSettings(settings);
  if ('problem' in parsed || problems.length > 0) {
    throw new Error(`Invalid configuration: ${problems.map((p) => `${p.key}: ${p.message}`).join('; ')}`);
  }
  return {
    bucket: parsed.bucket,
    prefix: parsed.prefix,
    endpoint: settings.S3_ENDPOINT?.replace(/\/+$/, ''),
    region: settings.S3_REGION!,
    accessKeyId: settings.S3_ACCESS_KEY_ID!,
    secretAccessKey: settings.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE ?? false,
    presign: settings.S3_PRESIGN ?? true,
  };
}

/**
 * The origin browsers download from when downloads are presigned (the CSP's media-src, connect-src
 * and img-src allow it); undefined when every byte passes through this server. The host the SDK
 * signs for: the endpoint itself in path style, `bucket.` before its host otherwise.
 */
export function storePublicOrigin(settings: StorageSettings): string | undefined {
  const s3 = s3OptionsOf(settings);
  if (!s3?.presign) return undefined;
  const endpoint = new URL(s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`);
  return s3.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${s3.bucket}.${endpoint.host}`;
}

/** The store FILE_STORE names (resolved by resolveFileStore); no request is made yet. */
export function createStorageProviderFromConfig(settings: StorageSettings): StorageProvider {
  const s3 = s3OptionsOf(settings);
  return s3 ? createS3Storage(s3) : createDirectoryStorage({ root: settings.FILE_STORE });
}

/**
 * The store, checked before the app serves anything (S3: HeadBucket; a directory: writable), so a
 * wrong bucket or key stops the start-up with one line instead of failing the first upload.
 */
export async function openStorageProviderFromConfig(settings: StorageSettings): Promise<StorageProvider> {
  const storage = createStorageProviderFromConfig(settings);
  try {
    await storage.verify();
  } catch (error) {
    storage.close();
    throw error;
  }
  return storage;
}
