import { browserStorage, readItem, writeItem, type KeyValueStorage } from '../storage.ts';

/**
 * One token refresh at a time across every tab of the browser (DESIGN.md §7 "Sessions").
 *
 * Refresh tokens rotate on every /updateToken and presenting a rotated one revokes the whole family
 * (RFC 9700 §4.14), so two tabs refreshing with the same refresh token would log the student out.
 * Hence:
 * - inside a tab, concurrent callers share one refresh (single flight);
 * - across tabs, a Web Lock ('ls-refresh') serialises refreshes (a localStorage lock where Web Locks
 *   are unavailable: insecure contexts);
 * - the tab that refreshed posts the new pair on a BroadcastChannel, and every tab of the same session
 *   adopts it. Re-reading storage is not enough: duplicated tabs share a sessionStorage *copy*;
 * - inside the lock a tab first checks whether its token was already replaced, and if a marker says
 *   another tab already rotated this very token but the message has not arrived yet, it waits for the
 *   message instead of spending the old refresh token. With no marker in sight it waits a moment
 *   (`settleMs`) and looks again: another tab's storage write can reach this tab after its lock.
 */
export type TokenPair = { token: string; refreshToken: string };

/** The subset of navigator.locks used here. */
export type LockManagerLike = {
  request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T>;
};

/** The subset of BroadcastChannel used here. */
export type BroadcastChannelLike = {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close?(): void;
};

export type RefreshCoordinatorOptions = {
  /** Calls /updateToken with the current refresh token; null when the server refused. */
  doRefresh: () => Promise<TokenPair | null>;
  /** Adopts a pair (store it in memory and in the encrypted storage). */
  onTokens: (pair: TokenPair) => void;
  /** The access token this tab currently uses (null when logged out). */
  getCurrentToken: () => string | null;
  channelName?: string;
  /** Default navigator.locks; when missing, a localStorage lock. */
  locks?: LockManagerLike | null;
  /** Default a BroadcastChannel named `channelName`. */
  channel?: BroadcastChannelLike | null;
  /** Shared by all tabs (localStorage): the fallback lock and the hand-over marker. */
  storage?: KeyValueStorage | null;
  /** How long to wait for a pair another tab announced (ms). */
  handoffTimeoutMs?: number;
  /**
   * How long a tab holding the lock waits for another tab's marker or message before it spends the
   * refresh token itself (ms, default 200).
   */
  settleMs?: number;
  /** The fallback lock: how long it is held at most and how long a tab waits for it (ms). */
  storageLockTtlMs?: number;
  now?: () => number;
  warn?: (message: string) => void;
};

export type RefreshCoordinator = {
  /** Refreshes unless `staleToken` was already replaced; true when a fresh pair is in place. */
  refresh(staleToken: string): Promise<boolean>;
  close(): void;
};

type TokensMessage = { type: 'tokens'; from: string; token: string; refreshToken: string };

const LOCK_NAME = 'ls-refresh';
const MARKER_KEY = 'ls-refresh-marker';
const STORAGE_LOCK_KEY = 'ls-refresh-lock';

/**
 * A short fingerprint of a token (FNV-1a, 2 x 32 bits) for equality checks across tabs: the marker
 * and messages then never carry a token that could be used.
 */
export function tokenFingerprint(token: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ token.length;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
}

/** The session family of an access token (its `fam` claim), read without verification. */
export function familyOf(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const fam = (JSON.parse(json) as { fam?: unknown }).fam;
    return typeof fam === 'string' ? fam : null;
  } catch {
    return null;
  }
}

function isTokensMessage(data: unknown): data is TokensMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  return (
    m.type === 'tokens' &&
    typeof m.from === 'string' &&
    typeof m.token === 'string' &&
    typeof m.refreshToken === 'string'
  );
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A mutex over localStorage (no compare-and-swap there): write, wait, re-read, and expire stale owners. */
function storageLock(storage: KeyValueStorage | null, ttlMs: number, now: () => number): LockManagerLike {
  return {
    async request(_name, callback) {
      if (!storage) return callback(null);
      const owner = `${now()}-${Math.random().toString(36).slice(2)}`;
      const deadline = now() + ttlMs;
      let acquired = false;
      while (now() < deadline) {
        const current = readItem(storage, STORAGE_LOCK_KEY);
        const [, until] = (current ?? '').split('|');
        if (current === null || Number(until) < now()) {
          writeItem(storage, STORAGE_LOCK_KEY, `${owner}|${now() + ttlMs}`);
          await sleep(30); // let a concurrent writer overwrite us before we trust the lock
          if (readItem(storage, STORAGE_LOCK_KEY)?.startsWith(`${owner}|`)) {
            acquired = true;
            break;
          }
        }
        await sleep(40 + Math.random() * 60);
      }
      // A tab that died holding the lock only delays the others by the TTL; after it we proceed.
      try {
        return await callback(null);
      } finally {
        if (acquired && readItem(storage, STORAGE_LOCK_KEY)?.startsWith(`${owner}|`)) {
          writeItem(storage, STORAGE_LOCK_KEY, null);
        }
      }
    },
  };
}

export function createRefreshCoordinator(options: RefreshCoordinatorOptions): RefreshCoordinator {
  const { doRefresh, onTokens, getCurrentToken } = options;
  const now = options.now ?? Date.now;
  const handoffTimeoutMs = options.handoffTimeoutMs ?? 5_000;
  const settleMs = options.settleMs ?? 200;
  const storage = options.storage !== undefined ? options.storage : browserStorage('local');
  const warn = options.warn ?? ((message: string) => console.warn(message));

  let locks: LockManagerLike | null =
    options.locks !== undefined
      ? options.locks
      : ((globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks ?? null);
  if (!locks) {
    warn(
      '[auth] Web Locks unavailable (not a secure context?): using a storage-based lock for token refresh.',
    );
    locks = storageLock(storage, options.storageLockTtlMs ?? 15_000, now);
  }
  const lockManager = locks;

  const channel: BroadcastChannelLike | null =
    options.channel !== undefined
      ? options.channel
      : typeof BroadcastChannel !== 'undefined'
        ? new BroadcastChannel(options.channelName ?? 'ls-session')
        : null;
  const ownsChannel = options.channel === undefined && channel !== null;

  /** Tabs waiting for a pair another tab announced: `check` on each message, `cancel` on close. */
  const waiters = new Set<{ check: () => void; cancel: () => void }>();
  const notifyWaiters = () => waiters.forEach((w) => w.check());

  const onMessage = (event: { data: unknown }) => {
    const message = event.data;
    if (!isTokensMessage(message)) return;
    const current = getCurrentToken();
    if (current === null || current === message.token) return;
    // Adopt only pairs of our own session: the token we hold was the one replaced, or it belongs to the
    // same family (login). Another account logged in in another tab is left alone.
    const fam = familyOf(current);
    const sameSession =
      tokenFingerprint(current) === message.from || (fam !== null && fam === familyOf(message.token));
    if (!sameSession) return;
    onTokens({ token: message.token, refreshToken: message.refreshToken });
    notifyWaiters();
  };
  channel?.addEventListener('message', onMessage);

  /** Resolves true once this tab's token differs from `staleToken`, false after the timeout. */
  const waitForReplacement = (staleToken: string) =>
    new Promise<boolean>((resolve) => {
      const waiter = {
        check: () => {
          if (getCurrentToken() !== staleToken) finish(getCurrentToken() !== null);
        },
        cancel: () => finish(false),
      };
      const finish = (result: boolean) => {
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(result);
      };
      const timer = setTimeout(waiter.cancel, handoffTimeoutMs);
      waiters.add(waiter);
      waiter.check();
    });

  async function refreshInLock(staleToken: string): Promise<boolean> {
    const current = getCurrentToken();
    if (current === null) return false;
    if (current !== staleToken) return true; // another tab refreshed and we already adopted its pair
    const from = tokenFingerprint(staleToken);
    let marker = readItem(storage, MARKER_KEY);
    if (!marker?.startsWith(`${from}|`) && settleMs > 0) {
      // The lock can be ours before another tab's marker and message are: a browser hands
      // localStorage writes and channel messages to other tabs' processes asynchronously. A short
      // wait before spending the refresh token lets them arrive.
      await sleep(settleMs);
      const after = getCurrentToken();
      if (after === null) return false;
      if (after !== staleToken) return true;
      marker = readItem(storage, MARKER_KEY);
    }
    if (marker?.startsWith(`${from}|`)) {
      // Another tab already spent this token's refresh token; its message is on the way.
      return waitForReplacement(staleToken);
    }
    let pair: TokenPair | null;
    try {
      pair = await doRefresh();
    } catch {
      pair = null;
    }
    if (!pair) return false;
    writeItem(storage, MARKER_KEY, `${from}|${now()}`);
    onTokens(pair);
    channel?.postMessage({
      type: 'tokens',
      from,
      token: pair.token,
      refreshToken: pair.refreshToken,
    } satisfies TokensMessage);
    return true;
  }

  let inFlight: Promise<boolean> | null = null;

  return {
    refresh(staleToken) {
      const current = getCurrentToken();
      if (current !== null && current !== staleToken) return Promise.resolve(true);
      inFlight ??= lockManager
        .request(LOCK_NAME, () => refreshInLock(staleToken))
        .catch(() => false) // a throwing onTokens or lock manager counts as a failed refresh
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
    close() {
      channel?.removeEventListener('message', onMessage);
      waiters.forEach((w) => w.cancel());
      if (ownsChannel) channel?.close?.();
    },
  };
}
