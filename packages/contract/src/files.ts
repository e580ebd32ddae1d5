import { z } from 'zod';
import { MAX_FILES_AT_ONCE } from './constants.ts';
import type { EnumItem } from './enums.ts';
import { bodyIdSchema, ID_MAX, queryIdSchema, queryIntSchema } from './ids.ts';

/**
 * Courseware (issue #15, DESIGN.md §6 /user/file/*): the folders and files the student's teachers
 * assigned to them. GET /user/file/myFile lists a folder; POST /user/file/getDownloadUrl signs a
 * link (valid 5 minutes) that the browser opens without an Authorization header: one file as itself,
 * several files or a folder as one streamed zip. Another student's file or folder is a 404.
 */

/** A file or folder id in a JSON body (a JSON integer only; ids.ts). */
export const fileIdSchema = bodyIdSchema;

/** How long a signed download link works (DESIGN.md §6). */
export const DOWNLOAD_URL_TTL_SECONDS = 300;

/** Message key of "at most 20 files at once" (SPEC.md §9), shared by the server and the web app. */
export const TOO_MANY_FILES_KEY = 'validation.tooManyFiles' as const;

/** Kinds of items, each with its icon in the web app (SPEC.md §1); `ppt` is a slide deck. */
export const FILE_KINDS = [
  { value: 'folder', label: { 'zh-Hans': '文件夹', en: 'Folder' } },
  { value: 'audio', label: { 'zh-Hans': '音频', en: 'Audio' } },
  { value: 'video', label: { 'zh-Hans': '视频', en: 'Video' } },
  { value: 'image', label: { 'zh-Hans': '图片', en: 'Image' } },
  { value: 'word', label: { 'zh-Hans': 'Word 文档', en: 'Word document' } },
  { value: 'excel', label: { 'zh-Hans': 'Excel 表格', en: 'Excel spreadsheet' } },
  { value: 'ppt', label: { 'zh-Hans': '幻灯片', en: 'Slide deck' } },
  { value: 'pdf', label: { 'zh-Hans': 'PDF 文档', en: 'PDF document' } },
  { value: 'other', label: { 'zh-Hans': '其他文件', en: 'Other file' } },
] as const satisfies readonly EnumItem<string>[];
export type FileKind = (typeof FILE_KINDS)[number]['value'];
export const FILE_KIND_VALUES = FILE_KINDS.map((k) => k.value) as [FileKind, ...FileKind[]];

// ---- requests --------------------------------------------------------------------------------------

/** GET /user/file/myFile?file_pid: the children of a folder; 0 (or absent) is the root. */
export const myFileQuerySchema = z.object({
  file_pid: queryIntSchema({ min: 0, max: ID_MAX }).default(0),
});
export type MyFileQuery = z.infer<typeof myFileQuerySchema>;

/** POST /user/file/getDownloadUrl: files and folders to download together (at most 20). */
export const downloadUrlRequestSchema = z.object({
  ids: z.array(fileIdSchema).min(1).max(MAX_FILES_AT_ONCE, { error: TOO_MANY_FILES_KEY }),
});
export type DownloadUrlRequest = z.infer<typeof downloadUrlRequestSchema>;

/**
 * GET /api/v1/file/download?ids&s&e&sig: the signed link itself (session `none`). `ids` is the
 * comma-separated list that was signed, `s` the student, `e` the expiry (epoch ms), `sig` the HMAC.
 */
export const downloadQuerySchema = z.object({
  ids: z
    .string()
    .max(240)
    .regex(new RegExp(`^\\d{1,10}(,\\d{1,10}){0,${MAX_FILES_AT_ONCE - 1}}$`)),
  s: queryIdSchema,
  e: queryIntSchema({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  sig: z.string().max(100),
});
export type DownloadQuery = z.infer<typeof downloadQuerySchema>;

// ---- replies ---------------------------------------------------------------------------------------

export const fileItemSchema = z.object({
  id: z.number().int(),
  /** The folder it is in; 0 is the root. */
  parent_id: z.number().int(),
  name: z.string(),
  is_folder: z.boolean(),
  kind: z.enum(FILE_KIND_VALUES),
  /** Bytes (0 for a folder). */
  size_bytes: z.number().int(),
  mime: z.string(),
  /** The class it is attached to, if any. */
  course_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type FileItem = z.infer<typeof fileItemSchema>;

/** A folder on the way from the root to the listed one. */
export const breadcrumbSchema = z.object({ id: z.number().int(), name: z.string() });
export type Breadcrumb = z.infer<typeof breadcrumbSchema>;

/** GET /user/file/myFile reply: folders first, then files, each by name. */
export const myFileListSchema = z.object({
  /** The listed folder (0: the root). */
  file_pid: z.number().int(),
  /** The folders from the root down to the listed one (empty at the root; the root is implied). */
  breadcrumbs: z.array(breadcrumbSchema),
  records: z.array(fileItemSchema),
});
export type MyFileList = z.infer<typeof myFileListSchema>;

/** POST /user/file/getDownloadUrl reply. */
export const downloadUrlSchema = z.object({
  /** A path of this server (/api/v1/file/download?…) to open in the browser as is. */
  url: z.string(),
  expires_at: z.string(),
  /** The name the download will be saved as (the file's own, or a .zip). */
  file_name: z.string(),
  /** One file as itself, or a zip of several files or folders. */
  zip: z.boolean(),
});
export type DownloadUrl = z.infer<typeof downloadUrlSchema>;
