import type { UserInfo } from '@app/contract/auth';
import { createRefreshCoordinator } from '../auth-crypto/refresh-coordinator.ts';
import { createSecureStore } from '../auth-crypto/secure-storage.ts';
import { createSession, type SessionState } from './create-session.ts';
import { heldChannel, type HeldChannel } from './held-channel.ts';
import { requestTokenRefresh } from './update-token.ts';

export type { UserInfo };
export type { SessionState };

/** Storage key of the encrypted auth record (SPEC.md §3). */
const AUTH_STORAGE_KEY = 'ls-auth';

let channel: HeldChannel | null = null;

/**
 * The app's session (logic and rules in create-session.ts). It lives in src/lib rather than in the
 * auth feature because every feature needs to know whether the student is logged in, and features
 * must not import each other (STYLE.md).
 */
export const session = createSession({
  secure: createSecureStore<UserInfo>({ storageKey: AUTH_STORAGE_KEY }),
  updateToken: requestTokenRefresh,
  createCoordinator: (hooks) => {
    channel =
      typeof BroadcastChannel === 'undefined' ? null : heldChannel(new BroadcastChannel('ls-session'));
    return createRefreshCoordinator({ ...hooks, channel });
  },
  onHydrated: () => channel?.release(),
});

export const useSession = session.useSession;

const selectIsLoggedIn = (state: SessionState): boolean => state.token !== null && state.userInfo !== null;

export function useIsLoggedIn(): boolean {
  return useSession(selectIsLoggedIn);
}

export function isLoggedIn(): boolean {
  return selectIsLoggedIn(useSession.getState());
}

/** Resolves once the stored session has been read (guards await it). */
export function whenSessionReady(): Promise<void> {
  return session.hydrate();
}
