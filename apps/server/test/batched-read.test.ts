import { describe, expect, it } from 'vitest';
import { batchedRead, oneOf } from '../src/db/batched-read.ts';
import { dialectOf } from '../src/db/dialect.ts';
import type { Db } from '../src/db/database.ts';
import { createTeacher } from './helpers/factories.ts';
import { createTestApp } from './helpers/test-app.ts';

/**
 * Point reads of one turn as one statement (src/db/batched-read.ts), on the test database (SQLite,
 * or PostgreSQL with TEST_DATABASE_URL).
 */

function teacherNames(db: Db, statements: number[][]) {
  const dialect = dialectOf(db);
  return batchedRead(async (ids: number[]) => {
    statements.push(ids);
    const rows = await db
      .selectFrom('teacher')
      .select(['id', 'name'])
      .where(oneOf(dialect, 'id', ids))
      .execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  });
}

describe('batched reads', () => {
  it('answer the reads of one turn with one statement, each with its own row or none', async () => {
    const t = await createTestApp();
    const a = await createTeacher(t.db, { name: 'Ann' });
    const b = await createTeacher(t.db, { name: 'Bob' });
    const statements: number[][] = [];
    const nameOf = teacherNames(t.db, statements);

    const names = await Promise.all([nameOf(a), nameOf(b), nameOf(a), nameOf(999_999)]);
    expect(names).toEqual(['Ann', 'Bob', 'Ann', undefined]);
    // One statement, each key once.
    expect(statements).toEqual([[a, b, 999_999]]);
  });

  it('read what was committed after they were asked for: a read never joins a statement already sent', async () => {
    const t = await createTestApp();
    const a = await createTeacher(t.db, { name: 'Before' });
    const statements: number[][] = [];
    const nameOf = teacherNames(t.db, statements);

    const first = nameOf(a);
    // The first statement is sent after this turn; wait until it is running, then write and ask again.
    await new Promise((resolve) => setImmediate(resolve));
    expect(statements).toHaveLength(1);
    await t.db.updateTable('teacher').set({ name: 'After' }).where('id', '=', a).execute();
    const second = nameOf(a);

    expect(await first).toBe('Before');
    expect(await second).toBe('After');
    expect(statements).toEqual([[a], [a]]);
  });

  it('send at most maxKeys keys a statement, and the rest in the next', async () => {
    const t = await createTestApp();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await createTeacher(t.db, { name: `T${i}` }));
    const statements: number[][] = [];
    const dialect = dialectOf(t.db);
    const nameOf = batchedRead(
      async (keys: number[]) => {
        statements.push(keys);
        const rows = await t.db
          .selectFrom('teacher')
          .select(['id', 'name'])
          .where(oneOf(dialect, 'id', keys))
          .execute();
        return new Map(rows.map((row) => [row.id, row.name]));
      },
      { maxKeys: 2 },
    );

    expect(await Promise.all(ids.map((id) => nameOf(id)))).toEqual(['T0', 'T1', 'T2', 'T3', 'T4']);
    expect(statements).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
  });

  it('reject the reads of a failed statement only, and go on with the next', async () => {
    let calls = 0;
    const read = batchedRead(async (keys: string[]) => {
      calls++;
      if (calls === 1) throw new Error('connection lost');
      return new Map(keys.map((key) => [key, key.toUpperCase()]));
    });

    const failed = await Promise.allSettled([read('a'), read('b')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await read('c')).toBe('C');
    // A load that throws before returning a promise is a failed statement too.
    const throwsAtOnce = batchedRead((): Promise<Map<string, string>> => {
      throw new Error('bad');
    });
    await expect(throwsAtOnce('x')).rejects.toThrow('bad');
  });

  it('match text keys too (the session families)', async () => {
    const t = await createTestApp();
    const a = await createTeacher(t.db, { name: "O'Brien" });
    const dialect = dialectOf(t.db);
    const rows = await t.db
      .selectFrom('teacher')
      .select('id')
      .where(oneOf(dialect, 'name', ["O'Brien", 'nobody', '']))
      .execute();
    expect(rows.map((row) => row.id)).toEqual([a]);
  });
});
