import { create } from 'zustand';

/** Student info of SPEC.md §3. */
export type UserInfo = {
  student_id: number | string;
  student_eng_name: string;
  student_phone: string;
  student_pic: string;
  student_nick: string;
};

type SessionState = {
  token: string | null;
  refreshToken: string | null;
  userInfo: UserInfo | null;
  /** Logout or an expired session (SPEC.md §4): clears token, refresh token and user info. */
  reset: () => void;
};

/**
 * PLACEHOLDER session store. The shell only reads `isLoggedIn` and calls `reset()`.
 * The accounts issue replaces the internals: the record is encrypted with Web Crypto AES-GCM and
 * kept in localStorage ("remember me") or sessionStorage, expires after 604800 s, and is shared
 * across tabs (DESIGN.md §7, §8). Keep the exported names (`useSession`, `selectIsLoggedIn`,
 * `useIsLoggedIn`, `reset`) so the header, footer, guards and HTTP bridge keep working.
 *
 * It lives in src/lib rather than in the auth feature because every feature needs to know whether
 * the student is logged in, and features must not import each other (STYLE.md).
 */
export const useSession = create<SessionState>()((set) => ({
  token: null,
  refreshToken: null,
  userInfo: null,
  reset: () => set({ token: null, refreshToken: null, userInfo: null }),
}));

export const selectIsLoggedIn = (state: SessionState): boolean =>
  state.token !== null && state.userInfo !== null;

export function useIsLoggedIn(): boolean {
  return useSession(selectIsLoggedIn);
}

export function isLoggedIn(): boolean {
  return selectIsLoggedIn(useSession.getState());
}
