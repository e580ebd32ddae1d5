import type { UserProfile } from '@app/contract/users';
import type { UserInfo } from '@app/contract/auth';
import { session } from '../../../lib/session/session-store.ts';

/**
 * After a profile change the header (avatar, nickname) reads the session's user info: store the
 * new fields there (persisted, so a reload and the other tabs' next refresh agree). The session
 * keeps the user info's own shape, without the profile's settings.
 */
export async function refreshSessionUser(change: Partial<UserInfo> | UserProfile): Promise<void> {
  const current = session.useSession.getState().userInfo;
  if (!current) return;
  const next: Record<string, unknown> = { ...current };
  for (const key of Object.keys(current)) {
    if (key in change) next[key] = (change as Record<string, unknown>)[key];
  }
  await session.updateUserInfo(next);
}
