import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage, type KeyValueStorage } from '../storage.ts';
import {
  createRefreshCoordinator,
  tokenFingerprint,
  type BroadcastChannelLike,
  type LockManagerLike,
  type RefreshCoordinator,
  type TokenPair,
} from './refresh-coordinator.ts';

/** A lock manager like navigator.locks: callbacks of the same name run one after another. */
function memoryLocks(): LockManagerLike {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: (lock: unknown) => Promise<T>) {
      const run = (tails.get(name) ?? Promise.resolve()).then(() => callback({ name }));
      tails.set(
        name,
        run.then(
          () => undefined,
          () => undefined,
        ),
      );
      return run;
    },
  };
}

/** A JWT-shaped token carrying a family claim (the coordinator reads `fam`, never verifies). */
function jwt(fam: string, n: number): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ fam, n })}.sig${n}`;
}

/** The server side of /updateToken with rotation and reuse detection (DESIGN.md §7). */
function fakeServer(fam = 'fam-a') {
  const server = {
    generation: 0,
    calls: 0,
    reuseDetected: false,
    current: { token: jwt(fam, 0), refreshToken: `R0` } as TokenPair,
    async refresh(presented: string, delayMs = 20): Promise<TokenPair | null> {
      server.calls++;
      await new Promise((r) => setTimeout(r, delayMs));
      if (presented !== server.current.refreshToken) {
        server.reuseDetected = true;
        return null;
      }
      server.generation++;
      server.current = { token: jwt(fam, server.generation), refreshToken: `R${server.generation}` };
      return server.current;
    },
  };
  return server;
}

/**
 * BroadcastChannels of one name whose messages reach the other tabs `delayMs` late (a tab never
 * hears its own): each call is one tab's channel.
 */
function slowChannels(delayMs: number): () => BroadcastChannelLike {
  const listeners = new Set<(e: { data: unknown }) => void>();
  return () => {
    const own = new Set<(e: { data: unknown }) => void>();
    return {
      postMessage: (data) => {
        for (const l of listeners) if (!own.has(l)) setTimeout(() => l({ data }), delayMs);
      },
      addEventListener: (_t, l) => {
        own.add(l);
        listeners.add(l);
      },
      removeEventListener: (_t, l) => {
        own.delete(l);
        listeners.delete(l);
      },
    };
  };
}

type Tab = { pair: TokenPair | null; coordinator: RefreshCoordinator; adopted: number };

const open: RefreshCoordinator[] = [];
afterEach(() => {
  open.splice(0).forEach((c) => c.close());
});

function tab(
  server: ReturnType<typeof fakeServer>,
  shared: { locks: LockManagerLike | null; storage: KeyValueStorage; channel?: BroadcastChannelLike },
  options: { pair?: TokenPair; failRefresh?: boolean; channelName?: string; warn?: (m: string) => void } = {},
): Tab {
  const state: Tab = { pair: options.pair ?? { ...server.current }, adopted: 0, coordinator: null as never };
  state.coordinator = createRefreshCoordinator({
    doRefresh: async () => (options.failRefresh ? null : server.refresh(state.pair!.refreshToken)),
    onTokens: (pair) => {
      state.pair = pair;
      state.adopted++;
    },
    getCurrentToken: () => state.pair?.token ?? null,
    channelName: options.channelName ?? 'ls-session-test',
    locks: shared.locks,
    ...(shared.channel ? { channel: shared.channel } : {}),
    storage: shared.storage,
    handoffTimeoutMs: 1_000,
    storageLockTtlMs: 2_000,
    warn: options.warn ?? (() => {}),
  });
  open.push(state.coordinator);
  return state;
}

describe('refresh coordinator', () => {
  it('two tabs refreshing at once call the server exactly once and both end with the new pair', async () => {
    const server = fakeServer();
    const shared = { locks: memoryLocks(), storage: memoryStorage() };
    const a = tab(server, shared);
    const b = tab(server, shared);
    const stale = server.current.token;

    const results = await Promise.all([
      a.coordinator.refresh(stale),
      b.coordinator.refresh(stale),
      a.coordinator.refresh(stale),
    ]);

    expect(results).toEqual([true, true, true]);
    expect(server.calls).toBe(1);
    expect(server.reuseDetected).toBe(false);
    expect(a.pair).toEqual(server.current);
    expect(b.pair).toEqual(server.current);
    expect(server.current.refreshToken).toBe('R1');
  });

  it('a duplicated tab that sleeps through a refresh adopts the pair from the channel, no server call', async () => {
    const server = fakeServer();
    const shared = { locks: memoryLocks(), storage: memoryStorage() };
    const a = tab(server, shared);
    const duplicate = tab(server, shared);
    const stale = server.current.token;
    expect(await a.coordinator.refresh(stale)).toBe(true);
    // The channel's message reaches the duplicate tab.
    await vi.waitFor(() => expect(duplicate.pair).toEqual(server.current));
    expect(await duplicate.coordinator.refresh(stale)).toBe(true);
    expect(server.calls).toBe(1);
  });

  it('waits for the announced pair when the lock is free before the message arrives', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    // A channel whose messages arrive late: the lock is released long before delivery.
    const slowChannel = slowChannels(150);
    const locks = memoryLocks();
    const a = tab(server, { locks, storage, channel: slowChannel() });
    const b = tab(server, { locks, storage, channel: slowChannel() });
    const stale = server.current.token;
    expect(await a.coordinator.refresh(stale)).toBe(true);
    expect(await b.coordinator.refresh(stale)).toBe(true);
    expect(server.calls).toBe(1);
    expect(server.reuseDetected).toBe(false);
    expect(b.pair).toEqual(server.current);
  });

  it("waits for another tab's marker that reaches this tab after the lock does", async () => {
    const server = fakeServer();
    // Each tab's view of localStorage: its own writes at once, the other tab's 60 ms later (a
    // browser syncs localStorage between tab processes asynchronously). Messages arrive after 150 ms.
    const views: Array<Map<string, string>> = [];
    const storageOf = () => {
      const local = new Map<string, string>();
      views.push(local);
      return {
        getItem: (key: string) => local.get(key) ?? null,
        setItem: (key: string, value: string) => {
          local.set(key, value);
          setTimeout(() => views.forEach((v) => v !== local && v.set(key, value)), 60);
        },
        removeItem: (key: string) => void local.delete(key),
      } as KeyValueStorage;
    };
    const slowChannel = slowChannels(150);
    const locks = memoryLocks();
    const a = tab(server, { locks, storage: storageOf(), channel: slowChannel() });
    const b = tab(server, { locks, storage: storageOf(), channel: slowChannel() });
    const stale = server.current.token;
    expect(await Promise.all([a.coordinator.refresh(stale), b.coordinator.refresh(stale)])).toEqual([
      true,
      true,
    ]);
    expect(server.calls).toBe(1);
    expect(server.reuseDetected).toBe(false);
    expect(b.pair).toEqual(server.current);
  });

  it('returns false when the refresh fails, and later calls try again', async () => {
    const server = fakeServer();
    const shared = { locks: memoryLocks(), storage: memoryStorage() };
    const failing = tab(server, shared, { failRefresh: true });
    expect(await failing.coordinator.refresh(server.current.token)).toBe(false);
    expect(await failing.coordinator.refresh(server.current.token)).toBe(false);
    expect(failing.adopted).toBe(0);
  });

  it('returns false when doRefresh throws (network)', async () => {
    const coordinator = createRefreshCoordinator({
      doRefresh: () => Promise.reject(new Error('offline')),
      onTokens: () => {},
      getCurrentToken: () => 't0',
      locks: memoryLocks(),
      channel: null,
      storage: memoryStorage(),
    });
    open.push(coordinator);
    expect(await coordinator.refresh('t0')).toBe(false);
  });

  it('returns true without calling the server when the token was already replaced', async () => {
    const server = fakeServer();
    const a = tab(server, { locks: memoryLocks(), storage: memoryStorage() });
    expect(await a.coordinator.refresh('an-older-token')).toBe(true);
    expect(server.calls).toBe(0);
  });

  it('returns false when logged out meanwhile', async () => {
    const server = fakeServer();
    const a = tab(server, { locks: memoryLocks(), storage: memoryStorage() });
    const stale = a.pair!.token;
    a.pair = null;
    expect(await a.coordinator.refresh(stale)).toBe(false);
    expect(server.calls).toBe(0);
  });

  it('ignores pairs of another account logged in in another tab', async () => {
    const serverA = fakeServer('fam-a');
    const serverB = fakeServer('fam-b');
    const shared = { locks: memoryLocks(), storage: memoryStorage() };
    const tabA = tab(serverA, shared);
    const tabB = tab(serverB, shared);
    expect(await tabA.coordinator.refresh(serverA.current.token)).toBe(true);
    // Time for the channel's message to arrive: this wait proves an absence (tab B adopts nothing).
    await new Promise((r) => setTimeout(r, 20));
    expect(tabB.pair).toEqual({ token: jwt('fam-b', 0), refreshToken: 'R0' });
    expect(tabB.adopted).toBe(0);
  });

  it('adopts a pair of its own family even when it missed a generation', async () => {
    const server = fakeServer();
    const shared = { locks: memoryLocks(), storage: memoryStorage() };
    const behind = tab(server, shared, { pair: { token: jwt('fam-a', -5), refreshToken: 'old' } });
    const a = tab(server, shared);
    expect(await a.coordinator.refresh(server.current.token)).toBe(true);
    // The channel's message reaches the tab that was behind.
    await vi.waitFor(() => expect(behind.pair).toEqual(server.current));
  });

  it('falls back to a storage lock without Web Locks, and still refreshes once', async () => {
    const server = fakeServer();
    const warnings: string[] = [];
    const shared = { locks: null, storage: memoryStorage() };
    const a = tab(server, shared, { warn: (m) => warnings.push(m) });
    const b = tab(server, shared, { warn: (m) => warnings.push(m) });
    const stale = server.current.token;
    expect(await Promise.all([a.coordinator.refresh(stale), b.coordinator.refresh(stale)])).toEqual([
      true,
      true,
    ]);
    expect(server.calls).toBe(1);
    expect(a.pair).toEqual(server.current);
    expect(b.pair).toEqual(server.current);
    expect(warnings[0]).toMatch(/storage-based lock/);
    expect(shared.storage.getItem('ls-refresh-lock')).toBeNull();
  });

  it('fingerprints tokens without exposing them', () => {
    expect(tokenFingerprint('abc')).toMatch(/^[0-9a-f]{16}$/);
    expect(tokenFingerprint('abc')).toBe(tokenFingerprint('abc'));
    expect(tokenFingerprint('abc')).not.toBe(tokenFingerprint('abd'));
  });
});
