import type { FileKind } from '@app/contract/files';

/**
 * Names and kinds of courseware: the kind (icon) and Content-Type of a file from its extension, the
 * Content-Disposition of a download (RFC 6266), and safe entry names inside a zip.
 */

const KINDS: Record<string, { kind: FileKind; mime: string }> = {
  mp3: { kind: 'audio', mime: 'audio/mpeg' },
  wav: { kind: 'audio', mime: 'audio/wav' },
  m4a: { kind: 'audio', mime: 'audio/mp4' },
  aac: { kind: 'audio', mime: 'audio/aac' },
  ogg: { kind: 'audio', mime: 'audio/ogg' },
  flac: { kind: 'audio', mime: 'audio/flac' },
  mp4: { kind: 'video', mime: 'video/mp4' },
  m4v: { kind: 'video', mime: 'video/mp4' },
  webm: { kind: 'video', mime: 'video/webm' },
  mov: { kind: 'video', mime: 'video/quicktime' },
  png: { kind: 'image', mime: 'image/png' },
  jpg: { kind: 'image', mime: 'image/jpeg' },
  jpeg: { kind: 'image', mime: 'image/jpeg' },
  gif: { kind: 'image', mime: 'image/gif' },
  webp: { kind: 'image', mime: 'image/webp' },
  doc: { kind: 'word', mime: 'application/msword' },
  docx: { kind: 'word', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xls: { kind: 'excel', mime: 'application/vnd.ms-excel' },
  xlsx: { kind: 'excel', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  csv: { kind: 'excel', mime: 'text/csv' },
  ppt: { kind: 'ppt', mime: 'application/vnd.ms-powerpoint' },
  pptx: { kind: 'ppt', mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  pdf: { kind: 'pdf', mime: 'application/pdf' },
};

/** The extension, lower case, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The kind (icon) and Content-Type of a file by its extension; unknown ones are `other`, octet-stream. */
export function kindOf(name: string): { kind: FileKind; mime: string } {
  return KINDS[extensionOf(name)] ?? { kind: 'other', mime: 'application/octet-stream' };
}

// Control characters are unsafe in a name on every system, as are Windows' reserved characters.
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;
const MAX_NAME_LENGTH = 200;

/**
 * One path segment safe to create on Windows, macOS and Linux: no separators, no characters Windows
 * refuses, no control characters, no leading or trailing spaces and dots, never `.` or `..`.
 */
export function safeSegment(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(UNSAFE_IN_NAME, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, MAX_NAME_LENGTH);
  return cleaned === '' ? '_' : cleaned;
}

/**
 * Hands out unique entry names per folder of a zip (two files of one name in a folder, or a file
 * and a folder of one name, would overwrite each other when unpacked): `name (2).ext`. Case-folded,
 * as Windows and macOS compare names.
 */
export function uniqueNames() {
  const taken = new Set<string>();
  return (dir: string, name: string): string => {
    const ext = extensionOf(name);
    const stem = ext ? name.slice(0, -(ext.length + 1)) : name;
    let candidate = name;
    for (let n = 2; taken.has(`${dir}/${candidate}`.toLowerCase()); n++) {
      candidate = ext ? `${stem} (${n}).${ext}` : `${stem} (${n})`;
    }
    taken.add(`${dir}/${candidate}`.toLowerCase());
    return candidate;
  };
}

/** RFC 5987 percent-encoding of a UTF-8 value (encodeURIComponent leaves ' ( ) * as they are). */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment` with the name twice (RFC 6266 §4.3): an ASCII fallback for old clients and the real
 * name as `filename*=UTF-8''…`. The fallback keeps the extension so the file still opens.
 */
export function contentDisposition(name: string): string {
  const safe = safeSegment(name);
  const ext = extensionOf(safe);
  let ascii = safe.replace(/[^\u0020-\u007e]/g, '_').replace(/["\\%]/g, '_');
  const stem = ext ? ascii.slice(0, -(ext.length + 1)) : ascii;
  if (!/[A-Za-z0-9]/.test(stem)) ascii = ext ? `courseware.${ext}` : 'courseware';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(safe)}`;
}
