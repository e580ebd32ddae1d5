import type { AvatarKind } from '@app/contract/users';

/**
 * The kind of an avatar image by its first bytes (its magic number), never by its name or declared
 * type: PNG (89 50 4E 47 0D 0A 1A 0A), JPEG (FF D8 FF), WebP (RIFF….WEBP). Undefined for anything
 * else, including SVG (script) and HTML dressed up as an image.
 */
export function imageKindOf(bytes: Uint8Array): AvatarKind | undefined {
  const starts = (offset: number, ...values: number[]) =>
    bytes.length >= offset + values.length && values.every((v, i) => bytes[offset + i] === v);
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return undefined;
}

export const AVATAR_EXTENSIONS: Record<AvatarKind, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

export const AVATAR_CONTENT_TYPES: Record<AvatarKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** A stored avatar's public name: 128 random bits in hex and the extension of its verified kind. */
export const AVATAR_NAME_PATTERN = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

export function kindOfAvatarName(name: string): AvatarKind | undefined {
  const match = AVATAR_NAME_PATTERN.exec(name);
  if (!match) return undefined;
  return match[1] === 'png' ? 'png' : match[1] === 'jpg' ? 'jpeg' : 'webp';
}
