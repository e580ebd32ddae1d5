import { AVATAR_MAX_BYTES } from '@app/contract/users';

/** The image types the server accepts (it checks the bytes; the browser checks the declared type). */
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export type AvatarProblem = 'user.avatarRequired' | 'user.avatarType' | 'user.avatarTooLarge';

/**
 * Checks a chosen avatar before uploading it, so a wrong file is refused at once with the server's
 * own message instead of after a 2 MB upload: null when it may be sent.
 */
export function avatarProblem(file: Pick<File, 'type' | 'size'> | undefined): AvatarProblem | null {
  if (!file || file.size === 0) return 'user.avatarRequired';
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return 'user.avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'user.avatarTooLarge';
  return null;
}
