// From node:timers, not the global: fake timers in a test must not stop the reads.
import { setImmediate } from 'node:timers';
import { sql, type RawBuilder } from 'kysely';
import type { DbDialect } from './database.ts';

/**
 * `column` is one of `keys`, in one statement whose text does not depend on how many keys there
 * are (PostgreSQL: `= any($1)` with an array; SQLite: `in (select value from json_each(?))` with a
 * JSON array), so each dialect prepares it once. `keys` is a list, or a prepared query's placeholder
 * (db/prepared.ts) for a value made by `keysParameter`.
 */
export function oneOf(
  dialect: DbDialect,
  column: string,
  keys: readonly (string | number)[] | KeysParameter,
): RawBuilder<boolean> {
  const value = Array.isArray(keys) ? keysParameter(dialect, keys) : keys;
  return dialect === 'postgres'
    ? sql<boolean>`${sql.ref(column)} = any(${value})`
    : sql<boolean>`${sql.ref(column)} in (select value from json_each(${value}))`;
}

/** The one bound value `oneOf` stands for a list of keys with: an array, or a JSON array on SQLite. */
export type KeysParameter = { readonly keysParameter: true };

export function keysParameter(dialect: DbDialect, keys: readonly (string | number)[]): KeysParameter {
  return (dialect === 'postgres' ? [...keys] : JSON.stringify(keys)) as unknown as KeysParameter;
}

export type BatchedReadOptions = {
  /** Keys one statement asks for at most; the rest wait for the next. */
  maxKeys: number;
};

/**
 * Many concurrent point reads as one statement (the hot paths' per-request lookups on PostgreSQL,
 * where each statement is a round trip and most of a cheap request's CPU: issue 36). A key asked
 * for joins the batch being gathered; the batch is sent after the current turn of the event loop
 * (every request read in that turn has joined it), and while one is running the next one gathers.
 * A key never joins a statement already sent, so every read happens after it was asked for: what a
 * caller gets was committed at least as late as its request arrived, as with a read of its own.
 * `load` gets distinct keys and returns the rows it found; a key it does not return resolves to
 * undefined. A failed statement rejects the calls it held, and the next batch runs as usual.
 */
export function batchedRead<K, V>(
  load: (keys: K[]) => Promise<Map<K, V>>,
  options: BatchedReadOptions = { maxKeys: 500 },
): (key: K) => Promise<V | undefined> {
  type Waiter = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  let gathering = new Map<K, Waiter[]>();
  let running = false;
  let scheduled = false;

  function schedule(): void {
    if (scheduled || running || gathering.size === 0) return;
    scheduled = true;
    setImmediate(send);
  }

  function send(): void {
    scheduled = false;
    let batch = gathering;
    if (batch.size > options.maxKeys) {
      const rest = new Map<K, Waiter[]>();
      batch = new Map();
      for (const [key, waiters] of gathering) (batch.size < options.maxKeys ? batch : rest).set(key, waiters);
      gathering = rest;
    } else {
      gathering = new Map();
    }
    running = true;
    Promise.resolve()
      .then(() => load([...batch.keys()]))
      .then(
        (found) => {
          for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
        },
        (error: unknown) => {
          for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
        },
      )
      .finally(() => {
        running = false;
        schedule();
      });
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = gathering.get(key);
      if (waiters === undefined) gathering.set(key, [{ resolve, reject }]);
      else waiters.push({ resolve, reject });
      schedule();
    });
}
