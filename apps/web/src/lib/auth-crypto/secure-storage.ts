import { browserStorage, readItem, writeItem, type KeyValueStorage } from '../storage.ts';

/**
 * The stored session (SPEC.md §3 "Auth data"; DESIGN.md §7, §8): encrypted with AES-GCM under a
 * non-extractable key generated once per browser and kept in IndexedDB, so a copy of localStorage
 * (a synced profile, a backup, a support screenshot of devtools) reveals no token. The record lives
 * in localStorage with "remember me", in sessionStorage otherwise, and expires after 604800 s.
 * Records that are expired or cannot be decrypted (key lost, tampered) are deleted on load.
 *
 * Without a secure context (plain http) or without Web Crypto / IndexedDB, the record is stored as
 * plain JSON and a warning is logged once (DESIGN.md §7); production is served over HTTPS.
 */
export type AuthRecord<U = unknown> = {
  token: string;
  refreshToken: string;
  userInfo: U;
  /** Epoch milliseconds after which the record is dropped. */
  expiresAt: number;
};

export type LoadedAuthRecord<U = unknown> = AuthRecord<U> & {
  /** Where it was found: true for localStorage ("remember me"). Save back with the same flag. */
  remember: boolean;
};

/** Holds CryptoKeys by id. `put` never replaces an existing key: two tabs generating a key at the
 * same time must end up using the same one, so callers re-read after `put`. */
export type KeyStore = {
  get(id: string): Promise<CryptoKey | null>;
  put(id: string, key: CryptoKey): Promise<void>;
};

export type SecureStore<U = unknown> = {
  /** Stores the record; `expiresAt` defaults to now + lifetime (pass the old one when rotating tokens,
   * so refreshing never extends the session beyond its absolute lifetime). */
  save(
    record: Omit<AuthRecord<U>, 'expiresAt'> & { expiresAt?: number },
    options: { remember: boolean },
  ): Promise<void>;
  load(): Promise<LoadedAuthRecord<U> | null>;
  clear(): void;
  /** 'encrypted' once the key is usable, 'plain' in the fallback. */
  mode(): Promise<'encrypted' | 'plain'>;
};

export type SecureStoreOptions = {
  storageKey: string;
  now?: () => number;
  idb?: KeyStore;
  lifetimeSeconds?: number;
  /** Injected in tests; default window.localStorage / window.sessionStorage. */
  local?: KeyValueStorage | null;
  session?: KeyValueStorage | null;
  /** Default `globalThis.isSecureContext` (undefined outside browsers counts as secure). */
  secureContext?: boolean;
  /** Default `globalThis.crypto.subtle`; null forces the fallback. */
  subtle?: SubtleCrypto | null;
  warn?: (message: string) => void;
};

const DEFAULT_SESSION_LIFETIME_SECONDS = 604_800;
const KEY_ID = 'auth-record';
const VERSION = 1;

type Envelope = { v: 1; alg: 'A256GCM'; iv: string; ct: string } | { v: 1; alg: 'none'; data: unknown };

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function isAuthRecord(value: unknown): value is AuthRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.token === 'string' &&
    typeof r.refreshToken === 'string' &&
    typeof r.expiresAt === 'number' &&
    Number.isFinite(r.expiresAt) &&
    'userInfo' in r
  );
}

function parseEnvelope(raw: string | null): Envelope | null {
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<string, unknown>>;
    if (value?.v !== VERSION) return null;
    if (value.alg === 'A256GCM' && typeof value.iv === 'string' && typeof value.ct === 'string')
      return value as Envelope;
    if (value.alg === 'none' && 'data' in value) return value as Envelope;
    return null;
  } catch {
    return null;
  }
}

/** The default KeyStore: database 'ls-keys', object store 'keys', keyed by id. */
export function indexedDbKeyStore(factory: IDBFactory = globalThis.indexedDB): KeyStore {
  let db: Promise<IDBDatabase> | null = null;
  const open = () =>
    (db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open('ls-keys', 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains('keys')) request.result.createObjectStore('keys');
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('indexedDB open failed'));
      request.onblocked = () => reject(new Error('indexedDB open blocked'));
    }).catch((err: unknown) => {
      db = null;
      throw err;
    }));

  return {
    async get(id) {
      const database = await open();
      return new Promise((resolve, reject) => {
        const request = database.transaction('keys', 'readonly').objectStore('keys').get(id);
        request.onsuccess = () => resolve((request.result as CryptoKey | undefined) ?? null);
        request.onerror = () => reject(request.error ?? new Error('indexedDB read failed'));
      });
    },
    async put(id, key) {
      const database = await open();
      return new Promise((resolve, reject) => {
        // One readwrite transaction: IndexedDB serialises them, so check-then-add is atomic.
        const tx = database.transaction('keys', 'readwrite');
        const store = tx.objectStore('keys');
        const existing = store.getKey(id);
        existing.onsuccess = () => {
          if (existing.result === undefined) store.add(key, id);
        };
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('indexedDB write failed'));
        tx.onabort = () => reject(tx.error ?? new Error('indexedDB write aborted'));
      });
    },
  };
}

export function createSecureStore<U = unknown>(options: SecureStoreOptions): SecureStore<U> {
  const { storageKey } = options;
  const now = options.now ?? Date.now;
  const lifetimeMs = (options.lifetimeSeconds ?? DEFAULT_SESSION_LIFETIME_SECONDS) * 1000;
  const local = options.local !== undefined ? options.local : browserStorage('local');
  const session = options.session !== undefined ? options.session : browserStorage('session');
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const subtle = options.subtle !== undefined ? options.subtle : (globalThis.crypto?.subtle ?? null);
  // The storage key is bound into the ciphertext, so a record cannot be replayed under another key.
  const additionalData = new TextEncoder().encode(`ls-auth:${storageKey}`);

  let warned = false;
  const warnOnce = (reason: string) => {
    if (warned) return;
    warned = true;
    warn(`[auth] ${reason}: the session is stored UNENCRYPTED in browser storage. Serve the app over HTTPS.`);
  };

  let keyPromise: Promise<CryptoKey | null> | null = null;
  const getKey = (): Promise<CryptoKey | null> =>
    (keyPromise ??= (async () => {
      const secure =
        options.secureContext ?? (globalThis as { isSecureContext?: boolean }).isSecureContext ?? true;
      const idb = options.idb ?? (typeof indexedDB !== 'undefined' ? indexedDbKeyStore() : null);
      if (!secure || !subtle || !idb) {
        warnOnce(
          !secure ? 'Not a secure context' : !subtle ? 'Web Crypto unavailable' : 'IndexedDB unavailable',
        );
        return null;
      }
      try {
        const existing = await idb.get(KEY_ID);
        if (existing) return existing;
        const generated = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
          'encrypt',
          'decrypt',
        ]);
        await idb.put(KEY_ID, generated);
        return (await idb.get(KEY_ID)) ?? generated;
      } catch {
        // Private modes of some browsers refuse IndexedDB: keep the student logged in, unencrypted.
        warnOnce('IndexedDB refused the key');
        return null;
      }
    })());

  const storageFor = (remember: boolean) => (remember ? local : session);

  async function decode(raw: string | null): Promise<AuthRecord<U> | null> {
    const envelope = parseEnvelope(raw);
    if (!envelope) return null;
    const key = await getKey();
    // A record of the other mode is refused, never trusted: a plaintext record while encryption
    // works may have been planted, and an encrypted one cannot be read without the key.
    if (key && subtle && envelope.alg === 'A256GCM') {
      try {
        const plain = await subtle.decrypt(
          { name: 'AES-GCM', iv: fromBase64(envelope.iv), additionalData },
          key,
          fromBase64(envelope.ct),
        );
        const value: unknown = JSON.parse(new TextDecoder().decode(plain));
        return isAuthRecord(value) ? (value as AuthRecord<U>) : null;
      } catch {
        return null;
      }
    }
    if (!key && envelope.alg === 'none')
      return isAuthRecord(envelope.data) ? (envelope.data as AuthRecord<U>) : null;
    return null;
  }

  async function encode(record: AuthRecord<U>): Promise<string> {
    const key = await getKey();
    if (!key || !subtle) return JSON.stringify({ v: VERSION, alg: 'none', data: record } satisfies Envelope);
    const iv = crypto.getRandomValues(new Uint8Array(12)); // never reused: a fresh IV per write
    const ct = await subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData },
      key,
      new TextEncoder().encode(JSON.stringify(record)),
    );
    return JSON.stringify({
      v: VERSION,
      alg: 'A256GCM',
      iv: toBase64(iv),
      ct: toBase64(new Uint8Array(ct)),
    } satisfies Envelope);
  }

  return {
    async save(record, { remember }) {
      const full: AuthRecord<U> = {
        token: record.token,
        refreshToken: record.refreshToken,
        userInfo: record.userInfo,
        expiresAt: record.expiresAt ?? now() + lifetimeMs,
      };
      const value = await encode(full);
      writeItem(storageFor(remember), storageKey, value);
      writeItem(storageFor(!remember), storageKey, null);
    },

    async load() {
      // sessionStorage first: a tab that logged in without "remember me" keeps its own session even
      // if another tab left a remembered one in localStorage.
      for (const remember of [false, true]) {
        const storage = storageFor(remember);
        const raw = readItem(storage, storageKey);
        if (raw === null) continue;
        const record = await decode(raw);
        if (!record || record.expiresAt <= now()) {
          writeItem(storage, storageKey, null);
          continue;
        }
        return { ...record, remember };
      }
      return null;
    },

    clear() {
      writeItem(local, storageKey, null);
      writeItem(session, storageKey, null);
    },

    async mode() {
      return (await getKey()) ? 'encrypted' : 'plain';
    },
  };
}
