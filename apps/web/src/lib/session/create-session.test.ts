import { describe, expect, it } from 'vitest';
import type { TokenPair, UserInfo } from '@app/contract/auth';
import { createRefreshCoordinator, type LockManagerLike } from '../auth-crypto/refresh-coordinator.ts';
import { createSecureStore, type KeyStore } from '../auth-crypto/secure-storage.ts';
import { memoryStorage } from '../storage.ts';
import { createSession, EmptyUserInfoError, isUsableUserInfo } from './create-session.ts';
import { heldChannel } from './held-channel.ts';

const T0 = Date.UTC(2026, 10, 22, 9, 30);
const WEEK_MS = 604_800_000;
const student: UserInfo = {
  student_id: 7,
  student_eng_name: 'Lily',
  student_phone: '13800138000',
  student_pic: '',
  student_nick: '小明',
  sex: 0,
  birthday: null,
};

function memoryKeyStore(): KeyStore {
  const keys = new Map<string, CryptoKey>();
  return {
    get: async (id) => keys.get(id) ?? null,
    put: async (id, key) => {
      if (!keys.has(id)) keys.set(id, key);
    },
  };
}

function memoryLocks(): LockManagerLike {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request(_name, callback) {
      const run = tail.then(() => callback(null));
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

/** A browser: its storages and key store; every `tab()` is a fresh page load on it. */
function browser() {
  const time = { now: T0 };
  const local = memoryStorage();
  const session = memoryStorage();
  const idb = memoryKeyStore();
  const locks = memoryLocks();
  const server = { calls: 0, next: 1, refuse: false };
  const tab = () =>
    createSession({
      secure: createSecureStore<UserInfo>({
        storageKey: 'ls-auth',
        now: () => time.now,
        local,
        session,
        idb,
        secureContext: true,
        warn: () => {},
      }),
      updateToken: async (refreshToken): Promise<TokenPair | null> => {
        server.calls++;
        if (server.refuse) return null;
        const n = server.next++;
        return { token: `access-${n}`, refreshToken: `${refreshToken}>refresh-${n}` };
      },
      createCoordinator: (hooks) =>
        createRefreshCoordinator({
          ...hooks,
          locks,
          channel: null,
          storage: local,
          handoffTimeoutMs: 100,
          warn: () => {},
        }),
      now: () => time.now,
    });
  return { time, local, session, server, tab };
}

const pair = { token: 'access-0', refreshToken: 'refresh-0' };

describe('session store', () => {
  it('login fetches the user info, saves the record encrypted, and a new page load restores it', async () => {
    const b = browser();
    const first = b.tab();
    await first.hydrate();
    const info = await first.establish(pair, { remember: true, fetchUserInfo: async () => student });
    expect(info).toEqual(student);
    await first.flush();

    const raw = b.local.dump()['ls-auth'];
    expect(raw).toBeDefined();
    for (const secret of ['access-0', 'refresh-0', '13800138000', '小明']) expect(raw).not.toContain(secret);
    expect(b.session.dump()['ls-auth']).toBeUndefined();

    const reloaded = b.tab();
    expect(reloaded.useSession.getState().hydrated).toBe(false);
    await reloaded.hydrate();
    expect(reloaded.useSession.getState()).toMatchObject({
      token: 'access-0',
      refreshToken: 'refresh-0',
      userInfo: student,
      remember: true,
      expiresAt: T0 + WEEK_MS,
      hydrated: true,
    });
  });

  it('keeps the record in sessionStorage without "remember me"', async () => {
    const b = browser();
    const tab = b.tab();
    await tab.establish(pair, { remember: false, fetchUserInfo: async () => student });
    await tab.flush();
    expect(b.session.dump()['ls-auth']).toBeDefined();
    expect(b.local.dump()['ls-auth']).toBeUndefined();
    const reloaded = b.tab();
    await reloaded.hydrate();
    expect(reloaded.useSession.getState()).toMatchObject({ token: 'access-0', remember: false });
  });

  it('is not logged in between receiving the pair and receiving the user info', async () => {
    const b = browser();
    const tab = b.tab();
    let release: (value: UserInfo) => void = () => {};
    const pending = tab.establish(pair, {
      remember: false,
      fetchUserInfo: () => new Promise<UserInfo>((resolve) => (release = resolve)),
    });
    await Promise.resolve();
    expect(tab.useSession.getState()).toMatchObject({ token: 'access-0', userInfo: null });
    release(student);
    await pending;
    expect(tab.useSession.getState().userInfo).toEqual(student);
  });

  it('rotation stores the new pair but keeps the original expiry', async () => {
    const b = browser();
    const tab = b.tab();
    await tab.establish(pair, { remember: true, fetchUserInfo: async () => student });
    b.time.now = T0 + 3 * 24 * 3600_000;

    expect(await tab.refresh()).toBe(true);
    expect(b.server.calls).toBe(1);
    await tab.flush();
    expect(tab.useSession.getState()).toMatchObject({
      token: 'access-1',
      refreshToken: 'refresh-0>refresh-1',
      expiresAt: T0 + WEEK_MS,
    });

    const reloaded = b.tab();
    await reloaded.hydrate();
    expect(reloaded.useSession.getState()).toMatchObject({
      token: 'access-1',
      refreshToken: 'refresh-0>refresh-1',
      expiresAt: T0 + WEEK_MS,
      userInfo: student,
    });
    // The absolute lifetime still ends a week after login, however often the pair rotated.
    b.time.now = T0 + WEEK_MS;
    const afterAWeek = b.tab();
    await afterAWeek.hydrate();
    expect(afterAWeek.useSession.getState().token).toBeNull();
  });

  it('empty user info after login resets the session and stores nothing', async () => {
    for (const empty of [null, undefined, {}, { student_id: '' }, 'x']) {
      const b = browser();
      const tab = b.tab();
      await expect(tab.establish(pair, { remember: true, fetchUserInfo: async () => empty })).rejects.toThrow(
        EmptyUserInfoError,
      );
      await tab.flush();
      expect(tab.useSession.getState()).toMatchObject({ token: null, refreshToken: null, userInfo: null });
      expect(b.local.dump()['ls-auth']).toBeUndefined();
      expect(b.session.dump()['ls-auth']).toBeUndefined();
    }
  });

  it('a failing user info call after login resets the session and rethrows', async () => {
    const b = browser();
    const tab = b.tab();
    const failure = new Error('network');
    await expect(
      tab.establish(pair, { remember: false, fetchUserInfo: () => Promise.reject(failure) }),
    ).rejects.toBe(failure);
    expect(tab.useSession.getState().token).toBeNull();
  });

  it('empty user info on a later refresh of it resets a stored session', async () => {
    const b = browser();
    const tab = b.tab();
    await tab.establish(pair, { remember: true, fetchUserInfo: async () => student });
    await tab.flush();
    await tab.updateUserInfo({ ...student, student_nick: '小红' });
    await tab.flush();
    const reloaded = b.tab();
    await reloaded.hydrate();
    expect(reloaded.useSession.getState().userInfo?.student_nick).toBe('小红');

    await reloaded.updateUserInfo(null);
    await reloaded.flush();
    expect(reloaded.useSession.getState().token).toBeNull();
    expect(b.local.dump()['ls-auth']).toBeUndefined();
  });

  it('a refused refresh answers false (the HTTP client then resets) and reset clears storage', async () => {
    const b = browser();
    const tab = b.tab();
    await tab.establish(pair, { remember: true, fetchUserInfo: async () => student });
    b.server.refuse = true;
    expect(await tab.refresh()).toBe(false);
    tab.reset();
    await tab.flush();
    expect(tab.useSession.getState()).toMatchObject({ token: null, userInfo: null, hydrated: false });
    expect(b.local.dump()['ls-auth']).toBeUndefined();
  });

  it('refresh without a session answers false without calling the server', async () => {
    const b = browser();
    const tab = b.tab();
    await tab.hydrate();
    expect(await tab.refresh()).toBe(false);
    expect(b.server.calls).toBe(0);
  });

  it('a tab that missed the hand-over adopts the pair another tab stored instead of logging out', async () => {
    const b = browser();
    const first = b.tab();
    await first.establish(pair, { remember: true, fetchUserInfo: async () => student });
    await first.flush();
    const second = b.tab();
    await second.hydrate();
    // The first tab refreshes; no channel connects the two, as if the message arrived too early.
    expect(await first.refresh()).toBe(true);
    await first.flush();
    expect(await second.refresh()).toBe(true);
    expect(b.server.calls).toBe(1);
    expect(second.useSession.getState().token).toBe('access-1');
  });

  it('treats a record without a student id as empty', () => {
    expect(isUsableUserInfo(student)).toBe(true);
    expect(isUsableUserInfo({ ...student, student_id: '12' })).toBe(true);
    expect(isUsableUserInfo({ student_nick: 'x' })).toBe(false);
  });
});

describe('held channel', () => {
  it('delivers messages received before release afterwards, in order, then passes them through', () => {
    const listeners: ((event: { data: unknown }) => void)[] = [];
    const raw = {
      postMessage: () => {},
      addEventListener: (_t: 'message', l: (event: { data: unknown }) => void) => void listeners.push(l),
      removeEventListener: () => {},
    };
    const channel = heldChannel(raw);
    const received: unknown[] = [];
    channel.addEventListener('message', (event) => received.push(event.data));
    listeners.forEach((l) => l({ data: 1 }));
    listeners.forEach((l) => l({ data: 2 }));
    expect(received).toEqual([]);
    channel.release();
    expect(received).toEqual([1, 2]);
    listeners.forEach((l) => l({ data: 3 }));
    expect(received).toEqual([1, 2, 3]);
  });
});
