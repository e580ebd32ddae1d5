import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { createGroupCommit, type GroupCommit, type GroupCommitOptions } from './group-commit.ts';
import { withStatementCache } from './statement-cache.ts';
import { registerGroupCommit, withTransaction } from './transaction.ts';

// The tests' own table, outside the application schema.
type TestDb = Kysely<Database> &
  Kysely<{ item: { id: Generated<number>; name: string; parent_id: number | null } }>;

let dir: string;
let sqlite: SqliteDatabase.Database;
let db: TestDb;
/** What happened, in order: `commit` when a COMMIT statement ran, and what callers heard. */
let events: string[];
let batches: number[];

function open(options: Partial<GroupCommitOptions> = {}): GroupCommit {
  const groupCommit = createGroupCommit(db, {
    maxUnits: 64,
    maxBatchMs: 1_000,
    onBatch: (units) => batches.push(units),
    ...options,
  });
  registerGroupCommit(db, groupCommit);
  return groupCommit;
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'));
  sqlite = new SqliteDatabase(path.join(dir, 'test.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  const cached = withStatementCache(sqlite);
  events = [];
  batches = [];
  db = new Kysely({
    dialect: new SqliteDialect({
      database: {
        prepare: (text: string) => {
          if (text === 'commit') events.push('commit');
          return cached.prepare(text);
        },
        close: () => cached.close(),
      },
    }),
  }) as TestDb;
  // A deferred foreign key is checked at COMMIT: the way to make a COMMIT fail for real.
  await sql`create table item (
    id integer primary key,
    name text not null unique,
    parent_id integer references item (id) deferrable initially deferred
  )`.execute(db);
});

afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const insert = (trx: Kysely<Database>, name: string, parentId: number | null = null) =>
  (trx as unknown as TestDb).insertInto('item').values({ name, parent_id: parentId }).execute();

const names = async () =>
  (await db.selectFrom('item').select('name').orderBy('name').execute()).map((r) => r.name);

/** Records when the caller hears its outcome. */
function heard<T>(label: string, promise: Promise<T>): Promise<T> {
  return promise.then(
    (value) => {
      events.push(`${label} ok`);
      return value;
    },
    (error: unknown) => {
      events.push(`${label} failed`);
      throw error;
    },
  );
}

describe('group commit (SQLite)', () => {
  it('runs transactions that arrive together under one COMMIT, each in order and seeing the ones before', async () => {
    open();
    const results = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        withTransaction(db, async (trx) => {
          await insert(trx, name);
          const seen = await (trx as unknown as TestDb).selectFrom('item').select('name').execute();
          return seen.map((r) => r.name).join('');
        }),
      ),
    );
    expect(results).toEqual(['a', 'ab', 'abc']);
    expect(batches).toEqual([3]);
    expect(events.filter((e) => e === 'commit')).toHaveLength(1);
    expect(await names()).toEqual(['a', 'b', 'c']);
  });

  it('rolls back only the transaction that throws; its caller gets its own error', async () => {
    open();
    const outcomes = await Promise.allSettled([
      withTransaction(db, (trx) => insert(trx, 'a')),
      withTransaction(db, async (trx) => {
        await insert(trx, 'b');
        throw new Error('refused');
      }),
      // A failed statement (a unique violation) inside a unit: the unit rolls back, not the batch.
      withTransaction(db, async (trx) => {
        await insert(trx, 'c');
        await insert(trx, 'a');
      }),
      withTransaction(db, (trx) => insert(trx, 'd')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('refused'));
    expect(String((outcomes[2] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(batches).toEqual([4]);
    expect(await names()).toEqual(['a', 'd']);
  });

  it('tells no caller anything, success or refusal, before the COMMIT holding its work has returned', async () => {
    open();
    await Promise.allSettled([
      heard(
        'a',
        withTransaction(db, (trx) => insert(trx, 'a')),
      ),
      heard(
        'b',
        withTransaction(db, () => Promise.reject(new Error('no'))),
      ),
      heard(
        'c',
        withTransaction(db, (trx) => insert(trx, 'c')),
      ),
    ]);
    expect(events[0]).toBe('commit');
    expect(events.slice(1).sort()).toEqual(['a ok', 'b failed', 'c ok']);
  });

  it('rejects every transaction of the batch when the COMMIT fails, and none of their writes stays', async () => {
    open();
    const outcomes = await Promise.allSettled([
      withTransaction(db, (trx) => insert(trx, 'a')),
      // Its foreign key is deferred: the unit itself succeeds, the COMMIT refuses the batch.
      withTransaction(db, (trx) => insert(trx, 'orphan', 999)),
      withTransaction(db, (trx) => insert(trx, 'c')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const o of outcomes) expect(String((o as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(await names()).toEqual([]);
    // The connection is usable again afterwards.
    await withTransaction(db, (trx) => insert(trx, 'after'));
    expect(await names()).toEqual(['after']);
  });

  it('rejects the whole batch when SQLite drops the transaction under a unit; later arrivals run in a new one', async () => {
    open({ maxUnits: 2 });
    const outcomes = await Promise.allSettled([
      withTransaction(db, (trx) => insert(trx, 'a')),
      withTransaction(db, async (trx) => {
        await insert(trx, 'b');
        // What an I/O error or a full disk does: the whole transaction is gone, savepoints too.
        await sql`rollback`.execute(trx);
        throw new Error('disk full');
      }),
      withTransaction(db, (trx) => insert(trx, 'c')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('disk full'));
    expect(await names()).toEqual(['c']);
  });

  it('starts a new batch after maxUnits', async () => {
    open({ maxUnits: 2 });
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((n) => withTransaction(db, (trx) => insert(trx, n))));
    expect(batches).toEqual([2, 2, 1]);
    expect(await names()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('refuses a transaction inside a transaction', async () => {
    open();
    await expect(
      withTransaction(db, (trx) => withTransaction(trx, (inner) => insert(inner, 'x'))),
    ).rejects.toThrow(/inside a transaction/);
    expect(await names()).toEqual([]);
  });

  it('keeps queries outside a transaction from seeing a batch before it commits', async () => {
    open();
    let outside: string[] | undefined;
    await Promise.all([
      withTransaction(db, async (trx) => {
        await insert(trx, 'a');
        // Asked while the batch is open: answered only once the connection is free, after COMMIT.
        void names().then((n) => {
          outside = n;
          events.push('outside read');
        });
      }),
      withTransaction(db, (trx) => insert(trx, 'b')),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(outside).toEqual(['a', 'b']);
    expect(events.indexOf('commit')).toBeLessThan(events.indexOf('outside read'));
  });
});
