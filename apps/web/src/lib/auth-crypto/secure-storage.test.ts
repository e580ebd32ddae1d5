import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../storage.ts';
import { createSecureStore, type KeyStore } from './secure-storage.ts';

const KEY = 'ls-auth';
const T0 = Date.UTC(2026, 10, 22, 9, 30);
const userInfo = { student_id: 1, student_nick: '小明', student_phone: '13800138000' };
const record = { token: 'access.jwt.token', refreshToken: 'refresh-token-abc', userInfo };

function memoryKeyStore(): KeyStore & { keys: Map<string, CryptoKey> } {
  const keys = new Map<string, CryptoKey>();
  return {
    keys,
    get: async (id) => keys.get(id) ?? null,
    put: async (id, key) => {
      if (!keys.has(id)) keys.set(id, key);
    },
  };
}

function setup(overrides: { secureContext?: boolean; subtle?: SubtleCrypto | null; idb?: KeyStore } = {}) {
  const time = { now: T0 };
  const local = memoryStorage();
  const session = memoryStorage();
  const idb = overrides.idb ?? memoryKeyStore();
  const warnings: string[] = [];
  const options = {
    storageKey: KEY,
    now: () => time.now,
    local,
    session,
    idb,
    secureContext: overrides.secureContext ?? true,
    subtle: overrides.subtle,
    warn: (m: string) => void warnings.push(m),
  };
  return { time, local, session, idb, warnings, options, store: createSecureStore<typeof userInfo>(options) };
}

describe('secure session storage', () => {
  it('round-trips the record, encrypted, with the default 7-day expiry', async () => {
    const { store, local, session, warnings } = setup();
    await store.save(record, { remember: true });
    const raw = local.dump()[KEY]!;
    expect(raw).toBeDefined();
    expect(session.dump()[KEY]).toBeUndefined();
    for (const secret of ['access.jwt.token', 'refresh-token-abc', '13800138000', '小明'])
      expect(raw).not.toContain(secret);
    expect(JSON.parse(raw)).toMatchObject({ v: 1, alg: 'A256GCM' });
    expect(await store.load()).toEqual({ ...record, expiresAt: T0 + 604_800_000, remember: true });
    expect(await store.mode()).toBe('encrypted');
    expect(warnings).toEqual([]);
  });

  it('keeps the key non-extractable, generated once per browser and shared by stores', async () => {
    const { store, idb, options } = setup();
    await store.save(record, { remember: true });
    const key = await idb.get('auth-record');
    expect(key?.extractable).toBe(false);
    expect(key?.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    const secondTab = createSecureStore(options);
    expect(await secondTab.load()).toMatchObject({ token: record.token });
    expect(await idb.get('auth-record')).toBe(key);
  });

  it('uses a fresh IV for every write', async () => {
    const { store, local } = setup();
    await store.save(record, { remember: true });
    const first = JSON.parse(local.dump()[KEY]!) as { iv: string; ct: string };
    await store.save(record, { remember: true });
    const second = JSON.parse(local.dump()[KEY]!) as { iv: string; ct: string };
    expect(second.iv).not.toBe(first.iv);
    expect(second.ct).not.toBe(first.ct);
    expect(atob(first.iv)).toHaveLength(12);
  });

  it('drops a tampered ciphertext: load returns null and removes it', async () => {
    const { store, local } = setup();
    await store.save(record, { remember: true });
    const envelope = JSON.parse(local.dump()[KEY]!) as { ct: string };
    const bytes = Uint8Array.from(atob(envelope.ct), (c) => c.charCodeAt(0));
    bytes[0] = bytes[0]! ^ 1;
    local.setItem(KEY, JSON.stringify({ ...envelope, ct: btoa(String.fromCharCode(...bytes)) }));
    expect(await store.load()).toBeNull();
    expect(local.dump()[KEY]).toBeUndefined();
  });

  it('drops a record encrypted under another browser key (key lost)', async () => {
    const { store, local, options } = setup();
    await store.save(record, { remember: true });
    const otherBrowser = createSecureStore({ ...options, idb: memoryKeyStore() });
    expect(await otherBrowser.load()).toBeNull();
    expect(local.dump()[KEY]).toBeUndefined();
  });

  it('drops a ciphertext moved to another storage key', async () => {
    const { store, local, options } = setup();
    await store.save(record, { remember: true });
    local.setItem('other-key', local.dump()[KEY]!);
    expect(await createSecureStore({ ...options, storageKey: 'other-key' }).load()).toBeNull();
  });

  it('drops garbage and plaintext records while encryption works', async () => {
    const { store, local } = setup();
    for (const raw of [
      'not json',
      '{}',
      JSON.stringify({ v: 1, alg: 'none', data: { ...record, expiresAt: T0 + 1000 } }),
    ]) {
      local.setItem(KEY, raw);
      expect(await store.load()).toBeNull();
      expect(local.dump()[KEY]).toBeUndefined();
    }
  });

  it('returns null for an expired record and removes it', async () => {
    const { store, session, time } = setup();
    await store.save(record, { remember: false });
    time.now = T0 + 604_800_000 - 1;
    expect(await store.load()).not.toBeNull();
    time.now = T0 + 604_800_000;
    expect(await store.load()).toBeNull();
    expect(session.dump()[KEY]).toBeUndefined();
  });

  it('keeps a given expiresAt (token rotation does not extend the session)', async () => {
    const { store } = setup();
    await store.save({ ...record, expiresAt: T0 + 5000 }, { remember: false });
    expect(await store.load()).toMatchObject({ expiresAt: T0 + 5000, remember: false });
  });

  it('"remember me" switches between localStorage and sessionStorage, removing the other copy', async () => {
    const { store, local, session } = setup();
    await store.save(record, { remember: false });
    expect(session.dump()[KEY]).toBeDefined();
    expect(local.dump()[KEY]).toBeUndefined();
    expect(await store.load()).toMatchObject({ remember: false });

    await store.save(record, { remember: true });
    expect(local.dump()[KEY]).toBeDefined();
    expect(session.dump()[KEY]).toBeUndefined();
    expect(await store.load()).toMatchObject({ remember: true });

    await store.save(record, { remember: false });
    expect(local.dump()[KEY]).toBeUndefined();
    expect(session.dump()[KEY]).toBeDefined();
  });

  it('clear removes both copies', async () => {
    const { store, local, session } = setup();
    await store.save(record, { remember: true });
    session.setItem(KEY, 'leftover');
    store.clear();
    expect(local.dump()).toEqual({});
    expect(session.dump()).toEqual({});
    expect(await store.load()).toBeNull();
  });

  it('adopts the key of another tab when both generate one at the same time', async () => {
    const shared = memoryKeyStore();
    const a = setup({ idb: shared });
    const b = createSecureStore({ ...a.options, local: a.local, session: memoryStorage() });
    await Promise.all([a.store.save(record, { remember: true }), b.mode()]);
    expect(await b.load()).toMatchObject({ token: record.token });
  });

  describe('fallback without a secure context, Web Crypto or IndexedDB', () => {
    it.each([
      ['not a secure context', { secureContext: false }],
      ['no Web Crypto', { subtle: null }],
    ])('stores plain JSON and warns once when %s', async (_name, overrides) => {
      const { store, local, warnings } = setup(overrides);
      await store.save(record, { remember: true });
      await store.save(record, { remember: true });
      expect(JSON.parse(local.dump()[KEY]!)).toMatchObject({ alg: 'none', data: { token: record.token } });
      expect(await store.load()).toMatchObject({ token: record.token, remember: true });
      expect(await store.mode()).toBe('plain');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/UNENCRYPTED/);
    });

    it('falls back when IndexedDB refuses to work', async () => {
      const broken: KeyStore = {
        get: () => Promise.reject(new Error('InvalidStateError')),
        put: () => Promise.reject(new Error('InvalidStateError')),
      };
      const { store, warnings } = setup({ idb: broken });
      await store.save(record, { remember: false });
      expect(await store.load()).toMatchObject({ token: record.token, remember: false });
      expect(warnings).toHaveLength(1);
    });

    it('still expires plain records and drops encrypted ones it cannot read', async () => {
      const secure = setup();
      await secure.store.save(record, { remember: true });
      const plain = createSecureStore({ ...secure.options, secureContext: false });
      expect(await plain.load()).toBeNull();
      expect(secure.local.dump()[KEY]).toBeUndefined();

      await plain.save(record, { remember: true });
      secure.time.now = T0 + 604_800_000;
      expect(await plain.load()).toBeNull();
    });
  });
});
