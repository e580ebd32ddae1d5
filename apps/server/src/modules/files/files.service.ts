import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { CODES } from '@app/contract/codes';
import { API_BASE } from '@app/contract/constants';
import {
  DOWNLOAD_URL_TTL_SECONDS,
  FILE_KIND_VALUES,
  type Breadcrumb,
  type DownloadQuery,
  type DownloadUrl,
  type FileItem,
  type FileKind,
  type MyFileList,
} from '@app/contract/files';
import { ZipFile } from 'yazl';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { iso } from '../../db/time.ts';
import { AppError } from '../../http/app-error.ts';
import {
  parseByteRange,
  StorageKeyError,
  StorageNotFoundError,
  type ByteRange,
  type StorageProvider,
} from '../../providers/storage/storage-provider.ts';
import { contentDisposition, extensionOf, kindOf, safeSegment, uniqueNames } from './courseware-names.ts';
import { filesRepository as repo, type CoursewareRow } from './files.repository.ts';

export type FilesServiceDeps = {
  db: Db;
  clock: Clock;
  storage: StorageProvider;
  /**
   * The key of the download links' HMAC: a server secret in app_setting shared by every instance,
   * read when first needed (an installation nobody downloads from stores none).
   */
  secret: () => Promise<string>;
};

/** Folders nest at most this deep (a guard against a broken tree; teachers' folders are shallow). */
const MAX_DEPTH = 32;
/** A zip holds at most this many files (20 selected folders of teachers' materials stay far below). */
const MAX_ZIP_FILES = 2000;

/** Where the signed download link points (the route in files.routes.ts). */
export const DOWNLOAD_PATH = `${API_BASE}/file/download`;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const byFolderThenName = (a: CoursewareRow, b: CoursewareRow) =>
  b.is_folder - a.is_folder || collator.compare(a.name, b.name) || a.id - b.id;

function toItem(row: CoursewareRow): FileItem {
  return {
    id: row.id,
    parent_id: row.parent_id,
    name: row.name,
    is_folder: row.is_folder === 1,
    kind: (FILE_KIND_VALUES as readonly string[]).includes(row.kind) ? (row.kind as FileKind) : 'other',
    size_bytes: Number(row.size_bytes),
    mime: row.mime,
    course_id: row.course_id,
    created_at: iso(Number(row.created_at)),
  };
}

/** Objects looked up at once while sizing a zip (the store's connections are shared with every request). */
const STAT_CONCURRENCY = 16;

/**
 * What the download route sends: a redirect to the store (a presigned URL), one file as itself (or
 * the range of it the browser asked for, `range` set), or a zip.
 */
export type Download =
  | { redirect: string }
  | { zip: false; name: string; mime: string; size: number; range?: Required<ByteRange>; stream: Readable }
  | { zip: true; name: string; size: number | undefined; stream: Readable };

type ZipEntry = { path: string; key: string; size: number } | { path: string; folder: true };

export function createFilesService(deps: FilesServiceDeps) {
  const { db, clock, storage, secret } = deps;

  let key: Promise<string> | undefined;
  // A failed read (database down) is retried on the next call rather than remembered.
  const keyOf = () =>
    (key ??= secret().catch((error: unknown) => {
      key = undefined;
      throw error;
    }));
  const signatureOf = async (studentId: number, ids: string, expiresAt: number) =>
    createHmac('sha256', await keyOf())
      .update(`courseware-download\n${studentId}\n${ids}\n${expiresAt}`)
      .digest('base64url');

  async function signatureMatches(query: DownloadQuery): Promise<boolean> {
    const expected = Buffer.from(await signatureOf(query.s, query.ids, query.e));
    const given = Buffer.from(query.sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** The student's items `ids`, in that order; a 404 when any is missing or another student's. */
  async function ownedItems(studentId: number, ids: readonly number[]): Promise<CoursewareRow[]> {
    const rows = await repo.findManyOf(db, studentId, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const items = ids.map((id) => byId.get(id));
    if (items.some((r) => r === undefined)) throw AppError.notFound('files.notFound');
    return items as CoursewareRow[];
  }

  /**
   * The entries of a zip of `items`: each file at the top, each folder with everything under it,
   * names made safe and unique per folder; empty folders stay as folders.
   */
  async function zipEntries(studentId: number, items: CoursewareRow[]): Promise<ZipEntry[]> {
    const entries: ZipEntry[] = [];
    const unique = uniqueNames();
    let files = 0;
    const add = (dir: string, row: CoursewareRow): string => {
      const path = (dir ? `${dir}/` : '') + unique(dir, safeSegment(row.name));
      if (row.is_folder === 1) entries.push({ path, folder: true });
      else {
        if (++files > MAX_ZIP_FILES) throw AppError.badRequest('error.badRequest');
        entries.push({ path, key: row.storage_key ?? '', size: Number(row.size_bytes) });
      }
      return path;
    };
    let level = new Map<number, string>();
    for (const row of items) {
      const path = add('', row);
      if (row.is_folder === 1) level.set(row.id, path);
    }
    const seen = new Set(level.keys());
    for (let depth = 0; level.size > 0 && depth < MAX_DEPTH; depth++) {
      const next = new Map<number, string>();
      const children = (await repo.listChildren(db, studentId, [...level.keys()])).sort(byFolderThenName);
      for (const child of children) {
        const path = add(level.get(child.parent_id) ?? '', child);
        if (child.is_folder === 1 && !seen.has(child.id)) {
          seen.add(child.id);
          next.set(child.id, path);
        }
      }
      level = next;
    }
    return entries;
  }

  /**
   * Sizes as stored (the truth for Content-Length); a missing object is a clear refusal, not a broken
   * zip. A store that cannot be reached is a 503 (StorageUnavailableError), not a missing file.
   */
  async function sizeOnStore(key: string): Promise<number> {
    const stat = key ? await storage.stat(key).catch(notFoundAsUndefined) : undefined;
    if (!stat) throw AppError.notFound('files.fileMissing');
    return stat.size;
  }

  async function zipOf(name: string, entries: ZipEntry[]): Promise<Download> {
    const sized: ZipEntry[] = [];
    for (let i = 0; i < entries.length; i += STAT_CONCURRENCY) {
      sized.push(
        ...(await Promise.all(
          entries
            .slice(i, i + STAT_CONCURRENCY)
            .map(async (e) => ('folder' in e ? e : { ...e, size: await sizeOnStore(e.key) })),
        )),
      );
    }
    const zip = new ZipFile();
    const mtime = new Date(clock.now());
    for (const entry of sized) {
      if ('folder' in entry) {
        zip.addEmptyDirectory(entry.path, { mtime });
        continue;
      }
      // Stored, not deflated: courseware is mostly media and office files, compressed already, so
      // deflate would cost CPU for nothing; stored entries also make the zip's length known up front.
      zip.addReadStreamLazy(entry.path, { mtime, compress: false, size: entry.size }, (cb) => {
        storage.get(entry.key).then(
          (stream) => cb(null, stream),
          (error: unknown) =>
            cb(error instanceof Error ? error : new Error(String(error)), undefined as never),
        );
      });
    }
    // @types/yazl leaves out the callback's argument: the total size (known here: every entry is
    // stored with its size), or -1 when it cannot be known.
    const end = zip.end.bind(zip) as (options: object, done: (total: number) => void) => void;
    const size = await new Promise<number>((resolve) => end({}, resolve));
    return { zip: true, name, size: size >= 0 ? size : undefined, stream: zip.outputStream as Readable };
  }

  return {
    /** A folder's children (0: the root) with the path to it; another student's folder is a 404. */
    async listFolder(studentId: number, folderId: number): Promise<MyFileList> {
      const breadcrumbs: Breadcrumb[] = [];
      for (let id = folderId, depth = 0; id !== 0; depth++) {
        const folder = depth < MAX_DEPTH ? await repo.findOf(db, studentId, id) : undefined;
        if (!folder || folder.is_folder !== 1) throw AppError.notFound('files.notFound');
        breadcrumbs.unshift({ id: folder.id, name: folder.name });
        id = folder.parent_id;
      }
      const rows = (await repo.listChildren(db, studentId, [folderId])).sort(byFolderThenName);
      return { file_pid: folderId, breadcrumbs, records: rows.map(toItem) };
    },

    /**
     * A link to download the student's items (≤ 20, checked by the contract), valid 5 minutes: an
     * HMAC over the student, the ids and the expiry, so the browser opens it without a session
     * (DESIGN.md §6). Nothing is signed unless every id is the student's.
     */
    async createDownloadUrl(studentId: number, ids: readonly number[]): Promise<DownloadUrl> {
      const unique = [...new Set(ids)];
      const items = await ownedItems(studentId, unique);
      const expiresAt = clock.now() + DOWNLOAD_URL_TTL_SECONDS * 1000;
      const list = unique.join(',');
      const query = new URLSearchParams({
        ids: list,
        s: String(studentId),
        e: String(expiresAt),
        sig: await signatureOf(studentId, list, expiresAt),
      });
      const single = items.length === 1 ? items[0] : undefined;
      const zip = !single || single.is_folder === 1;
      return {
        url: `${DOWNLOAD_PATH}?${query.toString()}`,
        expires_at: iso(expiresAt),
        file_name: downloadName(items),
        zip,
      };
    },

    /**
     * Opens a signed link: 403 when the signature does not match or the link expired; the items are
     * checked again (one deleted since, or moved to another student, is a 404). Only then does one
     * file leave the store: as a redirect to a presigned URL of the store that expires with the link
     * (S3 with S3_PRESIGN), or as a stream through this server, whole or the `range` asked for (a
     * Range header; an unsatisfiable or multiple one is ignored and the whole file sent, as RFC 9110
     * allows). A zip always streams through this server, entry by entry from the store.
     */
    async openDownload(query: DownloadQuery, options: { range?: string } = {}): Promise<Download> {
      if (!(await signatureMatches(query))) throw new AppError(CODES.FORBIDDEN, 'files.linkInvalid');
      if (clock.now() > query.e) throw new AppError(CODES.FORBIDDEN, 'files.linkExpired');
      const ids = query.ids.split(',').map(Number);
      const items = await ownedItems(query.s, ids);
      const single = items.length === 1 ? items[0] : undefined;
      if (single && single.is_folder === 0) {
        const key = single.storage_key ?? '';
        const size = await sizeOnStore(key);
        const mime = single.mime || kindOf(single.name).mime;
        const presigned = await storage.presignedUrl(key, {
          expiresInSeconds: (query.e - clock.now()) / 1000,
          contentDisposition: contentDisposition(single.name),
          contentType: mime,
        });
        if (presigned) return { redirect: presigned };
        const asked = options.range === undefined ? 'ignore' : parseByteRange(options.range, size);
        const range =
          asked === 'ignore' || asked === undefined
            ? undefined
            : { start: asked.start, end: asked.end ?? size - 1 };
        const stream = await storage.get(key, range ? { range } : {}).catch((error: unknown) => {
          if (isMissingObject(error)) throw AppError.notFound('files.fileMissing');
          throw error;
        });
        return { zip: false, name: single.name, mime, size, ...(range ? { range } : {}), stream };
      }
      return zipOf(downloadName(items), await zipEntries(query.s, items));
    },

    /** The student's courseware attached to one of their classes (the class page). */
    async listForCourse(studentId: number, courseId: number): Promise<FileItem[]> {
      return (await repo.listForCourse(db, studentId, courseId)).map(toItem);
    },

    /** Creates a folder for a student (teachers' materials; the demo seed). */
    async createFolder(studentId: number, input: { parentId?: number; name: string }): Promise<number> {
      return repo.insert(db, {
        studentId,
        parentId: input.parentId ?? 0,
        isFolder: true,
        name: input.name,
        kind: 'folder',
        sizeBytes: 0,
        mime: '',
        storageKey: null,
        courseId: null,
        createdAt: clock.now(),
      });
    },

    /**
     * Stores a file for a student: the bytes go to the file store under a random key (never the
     * name, which is only metadata), then the row; kind and Content-Type come from the extension.
     */
    async addFile(
      studentId: number,
      input: { parentId?: number; name: string; bytes: Buffer; courseId?: number | null },
    ): Promise<number> {
      return (await storeFile(studentId, { ...input, body: input.bytes })).id;
    },

    /**
     * The folder at `names` under the student's folder `parentId` (0: the root): each folder reused
     * when one of that name is there, created otherwise. Undefined when `parentId` is not one of the
     * student's folders.
     */
    async ensureFolderPath(
      studentId: number,
      parentId: number,
      names: readonly string[],
    ): Promise<{ folderId: number; created: number[] } | undefined> {
      if (parentId !== 0) {
        const parent = await repo.findOf(db, studentId, parentId);
        if (!parent || parent.is_folder !== 1) return undefined;
      }
      const created: number[] = [];
      let folderId = parentId;
      for (const name of names) {
        const existing = await repo.findFolderByName(db, studentId, folderId, name);
        if (existing) folderId = existing.id;
        else {
          folderId = await repo.insert(db, {
            studentId,
            parentId: folderId,
            isFolder: true,
            name,
            kind: 'folder',
            sizeBytes: 0,
            mime: '',
            storageKey: null,
            courseId: null,
            createdAt: clock.now(),
          });
          created.push(folderId);
        }
      }
      return { folderId, created };
    },

    /**
     * Stores a file from a stream or bytes (the operations CLI copies local files with it) and adds
     * its row, as `addFile` does; also returns the storage key, so a caller whose transaction rolls
     * back afterwards can remove the stored object.
     */
    storeFile,

    /** Removes a stored object whose row went away with a rolled-back transaction (absent is fine). */
    discardStored(key: string): Promise<void> {
      return storage.delete(key);
    },
  };

  async function storeFile(
    studentId: number,
    input: { parentId?: number; name: string; body: Buffer | Readable; courseId?: number | null },
  ): Promise<{ id: number; key: string; size: number; kind: FileKind }> {
    const ext = extensionOf(input.name);
    const key = `courseware/${studentId}/${randomBytes(12).toString('hex')}${/^[a-z0-9]{1,8}$/.test(ext) ? `.${ext}` : ''}`;
    const { size } = await storage.put(key, input.body);
    const { kind, mime } = kindOf(input.name);
    try {
      const id = await repo.insert(db, {
        studentId,
        parentId: input.parentId ?? 0,
        isFolder: false,
        name: input.name,
        kind,
        sizeBytes: size,
        mime,
        storageKey: key,
        courseId: input.courseId ?? null,
        createdAt: clock.now(),
      });
      return { id, key, size, kind };
    } catch (error) {
      await storage.delete(key);
      throw error;
    }
  }
}

/** The object is not there (a key the store refuses names none either); other failures stay errors. */
const isMissingObject = (error: unknown) =>
  error instanceof StorageNotFoundError || error instanceof StorageKeyError;

function notFoundAsUndefined(error: unknown): undefined {
  if (isMissingObject(error)) return undefined;
  throw error;
}

/** The saved name: a single file's own; a single folder's name as .zip; several items `courseware.zip`. */
function downloadName(items: CoursewareRow[]): string {
  const [first] = items;
  if (items.length === 1 && first)
    return first.is_folder === 1 ? `${safeSegment(first.name)}.zip` : first.name;
  return 'courseware.zip';
}

export type FilesService = ReturnType<typeof createFilesService>;
