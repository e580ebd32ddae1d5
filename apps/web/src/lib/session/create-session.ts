import { create, type UseBoundStore, type StoreApi } from 'zustand';
import type { TokenPair, UserInfo } from '@app/contract/auth';
import { SESSION_LIFETIME_SECONDS } from '@app/contract/constants';
import type { SecureStore } from '../auth-crypto/secure-storage.ts';
import type { RefreshCoordinator, RefreshCoordinatorOptions } from '../auth-crypto/refresh-coordinator.ts';

/**
 * The student's session (SPEC.md §3 "Auth data", §4 "Session", §8 66666; DESIGN.md §7 "Sessions").
 *
 * - Logged in = a token, a refresh token AND user info. Login sets the pair, fetches the user info and
 *   only then persists; empty user info resets the session (SPEC.md §4).
 * - The record is kept encrypted by the SecureStore (localStorage with "remember me", sessionStorage
 *   otherwise) for 604800 s. Token rotation keeps the original expiry: refreshing never extends the
 *   session beyond its absolute lifetime (the server's refresh family ends then too).
 * - Refresh goes through the RefreshCoordinator (one refresh across tabs, pair handed over by
 *   BroadcastChannel). Its channel is created before the stored record is read, and messages that
 *   arrive while the record is still being decrypted are delivered once it is (see `heldChannel`).
 *
 * Pure apart from its injected dependencies, so it runs under Node in tests.
 */
export type SessionState = {
  token: string | null;
  refreshToken: string | null;
  userInfo: UserInfo | null;
  /** Where the record lives: localStorage (true) or sessionStorage. */
  remember: boolean;
  /** Epoch ms when the stored record expires (fixed at login). */
  expiresAt: number | null;
  /** True once the stored record has been read at start-up. */
  hydrated: boolean;
  /** Logout or an expired session (SPEC.md §4): clears token, refresh token, user info and storage. */
  reset: () => void;
};

type CoordinatorHooks = Pick<RefreshCoordinatorOptions, 'doRefresh' | 'onTokens' | 'getCurrentToken'>;

export type SessionDeps = {
  secure: SecureStore<UserInfo>;
  /** POST /updateToken; null (or a rejection) when the server refused. */
  updateToken: (refreshToken: string) => Promise<TokenPair | null>;
  /** Builds the cross-tab coordinator; called once, before the stored record is read. */
  createCoordinator: (hooks: CoordinatorHooks) => RefreshCoordinator;
  /** Called once the stored record was read (the store's held channel delivers its messages then). */
  onHydrated?: () => void;
  /** Default SESSION_LIFETIME_SECONDS (604800). */
  lifetimeSeconds?: number;
  now?: () => number;
};

export type EstablishOptions = {
  remember: boolean;
  /** GET /user/getUserInfo with the new token. */
  fetchUserInfo: () => Promise<unknown>;
};

/** Thrown by `establish` when the server answered the user info call with nothing usable. */
export class EmptyUserInfoError extends Error {
  override readonly name = 'EmptyUserInfoError';
  constructor() {
    super('empty user info');
  }
}

/** "Empty" user info (SPEC.md §4): nothing, not an object, or no student id. */
export function isUsableUserInfo(value: unknown): value is UserInfo {
  if (typeof value !== 'object' || value === null) return false;
  const id = (value as { student_id?: unknown }).student_id;
  return (typeof id === 'number' && Number.isFinite(id)) || (typeof id === 'string' && id !== '');
}

export type Session = {
  useSession: UseBoundStore<StoreApi<SessionState>>;
  /** Reads the stored record once; later calls return the same promise. */
  hydrate(): Promise<void>;
  /** After login/registration: keeps the pair, fetches user info, persists. Resets and rethrows on failure. */
  establish(pair: TokenPair, options: EstablishOptions): Promise<UserInfo>;
  /** After GET /user/getUserInfo of a logged-in student: keeps it fresh; empty → reset. */
  updateUserInfo(info: unknown): Promise<void>;
  /** One refresh after a 66666 (the HTTP client's `refreshSession`). */
  refresh(): Promise<boolean>;
  reset(): void;
  /** Waits until every pending write reached storage (tests, logout). */
  flush(): Promise<void>;
};

const EMPTY = {
  token: null,
  refreshToken: null,
  userInfo: null,
  remember: false,
  expiresAt: null,
} as const;

export function createSession(deps: SessionDeps): Session {
  const now = deps.now ?? Date.now;
  const lifetimeMs = (deps.lifetimeSeconds ?? SESSION_LIFETIME_SECONDS) * 1000;

  const useSession = create<SessionState>()((set) => ({
    ...EMPTY,
    hydrated: false,
    reset: () => {
      set({ ...EMPTY });
      clearStorage();
    },
  }));
  const get = useSession.getState;
  const set = useSession.setState;

  // Writes run one after another and each writes the state as it is when it runs, so an older
  // write can never land after a newer one, nor after a reset.
  let writes: Promise<void> = Promise.resolve();
  function enqueue(task: () => Promise<void> | void): Promise<void> {
    writes = writes.then(task).catch((error: unknown) => console.warn('[auth] storage write failed', error));
    return writes;
  }
  function persist(): Promise<void> {
    return enqueue(async () => {
      const { token, refreshToken, userInfo, remember, expiresAt } = get();
      if (!token || !refreshToken || !userInfo || expiresAt === null) return;
      await deps.secure.save({ token, refreshToken, userInfo, expiresAt }, { remember });
    });
  }
  function clearStorage(): void {
    deps.secure.clear();
    void enqueue(() => deps.secure.clear());
  }

  let coordinator: RefreshCoordinator | null = null;
  function ensureCoordinator(): RefreshCoordinator {
    coordinator ??= deps.createCoordinator({
      getCurrentToken: () => get().token,
      doRefresh: async () => {
        const refreshToken = get().refreshToken;
        return refreshToken ? deps.updateToken(refreshToken) : null;
      },
      onTokens: (pair) => {
        // Only a logged-in session adopts a pair; the expiry stays the one set at login.
        if (get().userInfo === null && get().token === null) return;
        set({ token: pair.token, refreshToken: pair.refreshToken });
        void persist();
      },
    });
    return coordinator;
  }

  let hydration: Promise<void> | null = null;

  async function refresh(): Promise<boolean> {
    const { token, refreshToken, userInfo } = get();
    if (!token || !refreshToken) return false;
    if (await ensureCoordinator().refresh(token)) return true;
    // The hand-over message can be missed by a tab that was still starting when another tab
    // refreshed; that tab has written the new pair to localStorage by now.
    const stored = await deps.secure.load().catch(() => null);
    if (
      stored &&
      stored.token !== token &&
      get().token === token &&
      isUsableUserInfo(stored.userInfo) &&
      userInfo !== null &&
      String(stored.userInfo.student_id) === String(userInfo.student_id)
    ) {
      set({
        token: stored.token,
        refreshToken: stored.refreshToken,
        remember: stored.remember,
        expiresAt: stored.expiresAt,
      });
      return true;
    }
    return false;
  }

  return {
    useSession,

    hydrate() {
      hydration ??= (async () => {
        ensureCoordinator();
        try {
          const record = await deps.secure.load();
          // A login that finished while we were reading wins over the stored record.
          if (record && get().token === null) {
            if (isUsableUserInfo(record.userInfo)) {
              set({
                token: record.token,
                refreshToken: record.refreshToken,
                userInfo: record.userInfo,
                remember: record.remember,
                expiresAt: record.expiresAt,
              });
            } else {
              deps.secure.clear();
            }
          }
        } catch (error) {
          console.warn('[auth] could not read the stored session', error);
        } finally {
          set({ hydrated: true });
          deps.onHydrated?.();
        }
      })();
      return hydration;
    },

    async establish(pair, { remember, fetchUserInfo }) {
      ensureCoordinator();
      set({
        token: pair.token,
        refreshToken: pair.refreshToken,
        userInfo: null,
        remember,
        expiresAt: now() + lifetimeMs,
      });
      let info: unknown;
      try {
        info = await fetchUserInfo();
      } catch (error) {
        get().reset();
        throw error;
      }
      if (!isUsableUserInfo(info)) {
        get().reset();
        throw new EmptyUserInfoError();
      }
      set({ userInfo: info });
      await persist();
      return info;
    },

    async updateUserInfo(info) {
      if (get().token === null) return;
      if (!isUsableUserInfo(info)) {
        get().reset();
        return;
      }
      // Unchanged info keeps the same object, so the header does not re-render under the
      // student's pointer (the start-up refresh usually returns what is stored).
      if (JSON.stringify(info) === JSON.stringify(get().userInfo)) return;
      set({ userInfo: info });
      await persist();
    },

    refresh,

    reset: () => get().reset(),

    flush: () => enqueue(() => undefined),
  };
}
