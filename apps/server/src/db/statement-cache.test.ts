import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.ts';

let sqlite: SqliteDatabase.Database;

beforeEach(() => {
  sqlite = new SqliteDatabase(':memory:');
  sqlite.exec('create table t (id integer primary key, v text not null)');
});

afterEach(() => {
  if (sqlite.open) sqlite.close();
});

describe('statement cache', () => {
  it('returns the statement already prepared for the same SQL text', () => {
    const cache = withStatementCache(sqlite);
    const first = cache.prepare('select v from t where id = ?');
    expect(cache.prepare('select v from t where id = ?')).toBe(first);
    expect(cache.prepare('select id from t where id = ?')).not.toBe(first);
    expect(cache.cachedStatements).toBe(2);
  });

  it('drops the least recently used statement beyond its size', () => {
    const cache = withStatementCache(sqlite, 2);
    const a = cache.prepare('select 1');
    const b = cache.prepare('select 2');
    expect(cache.prepare('select 1')).toBe(a); // now the most recent
    cache.prepare('select 3'); // evicts `select 2`
    expect(cache.cachedStatements).toBe(2);
    expect(cache.prepare('select 1')).toBe(a);
    expect(cache.prepare('select 2')).not.toBe(b);
  });

  it('prepares a fresh statement while the cached one is still being iterated', () => {
    const cache = withStatementCache(sqlite);
    sqlite.exec("insert into t (v) values ('x'), ('y')");
    const text = 'select v from t order by id';
    const iterating = cache.prepare(text).iterate([]);
    iterating.next();
    const other = cache.prepare(text);
    expect(other.all([])).toEqual([{ v: 'x' }, { v: 'y' }]);
    iterating.return?.();
  });

  it('keeps what Kysely reads from a statement: rows of selects and RETURNING, changes and ids of writes', async () => {
    const db = new Kysely<{ t: { id: Generated<number>; v: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    for (let i = 0; i < 2; i++) {
      const inserted = await db
        .insertInto('t')
        .values({ v: `a${i}` })
        .executeTakeFirst();
      expect(Number(inserted.insertId)).toBe(2 * i + 1);
      const returned = await db
        .insertInto('t')
        .values({ v: `b${i}` })
        .returning(['id', 'v'])
        .execute();
      expect(returned).toEqual([{ id: 2 * i + 2, v: `b${i}` }]);
      const updated = await db
        .updateTable('t')
        .set({ v: 'c' })
        .where('id', '=', 2 * i + 1)
        .executeTakeFirst();
      expect(Number(updated.numUpdatedRows)).toBe(1);
      const { rows } = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
      expect(rows).toEqual([{ n: 2 * i + 2 }]);
    }
    await db.destroy();
    expect(sqlite.open).toBe(false);
  });
});
