import { Transform, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  isValidStorageKey,
  StorageKeyError,
  StorageNotFoundError,
  StorageUnavailableError,
  type StorageProvider,
} from './storage-provider.ts';

export type S3StorageOptions = {
  bucket: string;
  /** Keys live under `prefix/` in the bucket (FILE_STORE=s3://bucket/prefix); '' for the bucket's root. */
  prefix: string;
  /** The store's API origin (S3_ENDPOINT); undefined: AWS S3 of the region. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (`endpoint/bucket/key`: MinIO, local servers) instead of the host name. */
  forcePathStyle: boolean;
  /** Downloads are presigned URLs straight from the store (S3_PRESIGN); off: through this server. */
  presign: boolean;
  /** Parts of a multipart upload (≥ 5 MiB, S3's minimum); a smaller body is one PutObject. */
  partSize?: number;
  /** Parts in flight at once: memory of an upload stays near partSize × queueSize. */
  queueSize?: number;
  /** Milliseconds to wait for a connection to the store before failing the request. */
  connectTimeoutMs?: number;
};

/**
 * 5 MiB parts (S3's minimum), one in flight. lib-storage copies the stream's chunks into each part
 * (Buffer.concat), and V8 frees those copies only at its next collection, which external memory
 * triggers after about 64 MB: larger parts or more of them in flight measured 66–94 MB of RSS growth
 * for a 100 MB upload, these 57 MB (storage-s3.test.ts). An upload from a browser or a recording is
 * slower than one part's round trip anyway.
 */
export const DEFAULT_PART_SIZE = 5 * 1024 * 1024;
const DEFAULT_QUEUE_SIZE = 1;

const statusOf = (error: unknown): number | undefined =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

const isNotFound = (error: unknown) =>
  statusOf(error) === 404 ||
  (error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound'));

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  const status = statusOf(error);
  // The SDK's messages of an HTTP failure without a body are `UnknownError`; say what came back.
  const text = error.message && error.message !== 'UnknownError' ? error.message : error.name;
  return [status ? `HTTP ${status}` : undefined, code && !text.includes(code) ? code : undefined, text]
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ');
}

/**
 * The `s3` store: objects in a bucket of an S3-compatible store through the official SDK
 * (@aws-sdk/client-s3; multipart uploads by @aws-sdk/lib-storage; presigned URLs by
 * @aws-sdk/s3-request-presigner), so no request is signed by hand.
 *
 * - put streams: a body smaller than one part is one PutObject, a larger one a multipart upload of
 *   `partSize` parts with `queueSize` in flight, so a 1 GB recording holds a few parts in memory.
 *   A failed upload is aborted (no parts left behind) and nothing replaces the previous object.
 * - Checksums are computed only where the API requires them (`WHEN_REQUIRED`): since SDK 3.729 the
 *   default adds CRC32 trailers (aws-chunked bodies) that several S3-compatible stores (older OSS,
 *   COS, MinIO releases, s3rver) store as garbage or refuse.
 * - Every failure but "no such object" is a `StorageUnavailableError` (503 to a request) naming the
 *   store and the reason; the key rule is the directory driver's (storage-provider.ts).
 */
export function createS3Storage(options: S3StorageOptions): StorageProvider {
  // The SDK warns (several lines on stderr, once) that its releases after January 2027 need Node 22.
  // The lockfile pins a release that runs on Node 20.19, and engine-strict refuses an install of one
  // that does not, so the warning would only break the start-up's one-line messages.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { bucket, prefix } = options;
  const location = `s3://${bucket}${prefix ? `/${prefix}` : ''}`;
  const where = `${location}${options.endpoint ? ` at ${options.endpoint}` : ` (AWS ${options.region})`}`;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: options.connectTimeoutMs ?? 5000 },
  });

  function objectKey(key: string): string {
    if (!isValidStorageKey(key)) throw new StorageKeyError(key);
    return prefix ? `${prefix}/${key}` : key;
  }

  const unavailable = (what: string, error: unknown) =>
    new StorageUnavailableError(`file store ${where}: ${what} failed: ${reasonOf(error)}`, {
      cause: error,
    });

  return {
    driver: 's3',
    location,

    async put(key, body, putOptions) {
      const Key = objectKey(key);
      let size = 0;
      let Body: Buffer | Uint8Array | Readable;
      if (body instanceof Uint8Array) {
        Body = body;
        size = body.length;
      } else {
        // Counted on the way through; the source's error ends the upload (aborted, not stored).
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            done(null, chunk);
          },
        });
        body.once('error', (error) => counter.destroy(error));
        Body = body.pipe(counter);
      }
      const upload = new Upload({
        client,
        params: {
          Bucket: bucket,
          Key,
          Body,
          ...(putOptions?.contentType ? { ContentType: putOptions.contentType } : {}),
          ...(putOptions?.sha256 ? { Metadata: { sha256: putOptions.sha256 } } : {}),
        },
        partSize: options.partSize ?? DEFAULT_PART_SIZE,
        queueSize: options.queueSize ?? DEFAULT_QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        if (Body !== body) (Body as Readable).destroy();
        if (error instanceof StorageUnavailableError) throw error;
        // The body's own failure (a client that went away) is not the store's.
        if (!(error instanceof S3ServiceException) && !isNetworkError(error)) throw error;
        throw unavailable(`storing ${key}`, error);
      }
      return { size };
    },

    async get(key, getOptions) {
      const range = getOptions?.range;
      try {
        const reply = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end ?? ''}` } : {}),
          }),
        );
        return reply.Body as Readable;
      } catch (error) {
        if (error instanceof StorageKeyError) throw error;
        if (isNotFound(error)) throw new StorageNotFoundError(key);
        throw unavailable(`reading ${key}`, error);
      }
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        const sha256 = head.Metadata?.sha256;
        return { size: Number(head.ContentLength ?? 0), ...(sha256 ? { sha256 } : {}) };
      } catch (error) {
        if (error instanceof StorageKeyError) throw error;
        if (isNotFound(error)) return undefined;
        throw unavailable(`looking up ${key}`, error);
      }
    },

    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      } catch (error) {
        if (error instanceof StorageKeyError) throw error;
        if (isNotFound(error)) return;
        throw unavailable(`deleting ${key}`, error);
      }
    },

    async *list() {
      const start = prefix ? `${prefix}/` : '';
      try {
        for await (const page of paginateListObjectsV2(
          { client, pageSize: 1000 },
          { Bucket: bucket, ...(start ? { Prefix: start } : {}) },
        )) {
          for (const object of page.Contents ?? []) {
            if (object.Key) yield { key: object.Key.slice(start.length), size: Number(object.Size ?? 0) };
          }
        }
      } catch (error) {
        throw unavailable('listing the objects', error);
      }
    },

    async presignedUrl(key, presign) {
      if (!options.presign) return undefined;
      const command = new GetObjectCommand({
        Bucket: bucket,
        Key: objectKey(key),
        ResponseContentDisposition: presign.contentDisposition,
        ResponseContentType: presign.contentType,
        ResponseCacheControl: 'private, no-store',
      });
      // Signed locally (no request to the store); the store checks the expiry when it is opened.
      return getSignedUrl(client, command, { expiresIn: Math.max(1, Math.ceil(presign.expiresInSeconds)) });
    },

    async verify() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const status = statusOf(error);
        const why =
          status === 404
            ? 'the bucket does not exist'
            : status === 403 || status === 401
              ? 'access denied (check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the bucket policy)'
              : status === 301 || status === 400
                ? `the store refused the request (${reasonOf(error)}; check S3_REGION and S3_FORCE_PATH_STYLE)`
                : `cannot be reached (${reasonOf(error)}; check S3_ENDPOINT)`;
        throw new StorageUnavailableError(
          `Invalid configuration: FILE_STORE: bucket "${bucket}"${options.endpoint ? ` at ${options.endpoint}` : ''}: ${why}`,
          { cause: error },
        );
      }
    },

    close() {
      client.destroy();
    },
  };
}

/** A failure to talk to the store at all (refused, reset, timed out, unknown host). */
function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error ? String(error.code) : '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'].includes(
      code,
    ) ||
    error.name === 'TimeoutError' ||
    ('$metadata' in error && error.$metadata !== undefined)
  );
}
