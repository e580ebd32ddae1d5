import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { keysParameter, oneOf, type KeysParameter } from '../src/db/batched-read.ts';
import { dialectOf } from '../src/db/dialect.ts';
import { prepared, type Arg } from '../src/db/prepared.ts';
import { statementName } from '../src/db/pg-named-statements.ts';
import { createTestApp } from './helpers/test-app.ts';

/**
 * The prepared queries (db/prepared.ts) are sent to PostgreSQL as named statements, parsed and
 * planned once per connection (db/pg-named-statements.ts); a query built per call is not, so a
 * connection holds a bounded set of statements. On SQLite the statement cache plays that part.
 */
const nickOf = prepared((db, arg: Arg<{ id: number }>) =>
  db.selectFrom('student').select('nick').where('id', '=', arg('id')),
);

const nicksOf = prepared((db, arg: Arg<{ ids: KeysParameter }>) =>
  db
    .selectFrom('student')
    .select('nick')
    .where(oneOf(dialectOf(db), 'id', arg('ids')))
    .orderBy('nick'),
);

async function addStudents(t: Awaited<ReturnType<typeof createTestApp>>, nicks: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const nick of nicks) {
    const row = await t.db
      .insertInto('student')
      .values({ mobile: `1390000000${ids.length}`, nick, password_hash: null, created_at: 1, updated_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

describe('prepared queries', () => {
  it('are named statements on PostgreSQL, answering each call with its own values; other queries are not', async () => {
    const t = await createTestApp();
    const ids = await addStudents(t, ['Ann', 'Bo']);
    await t.db.transaction().execute(async (trx) => {
      // One connection: what it prepared is in its pg_prepared_statements.
      expect((await nickOf(trx, { id: ids[0]! })).rows).toEqual([{ nick: 'Ann' }]);
      expect((await nickOf(trx, { id: ids[1]! })).rows).toEqual([{ nick: 'Bo' }]);
      await trx.updateTable('student').set({ nick: 'Cy' }).where('id', '=', ids[1]!).execute();
      expect((await nickOf(trx, { id: ids[1]! })).rows).toEqual([{ nick: 'Cy' }]);
      const adHoc = trx.selectFrom('student').select('mobile').where('id', '=', ids[0]!);
      await adHoc.execute();
      if (t.dialect !== 'postgres') return;
      const held = (
        await sql<{
          name: string;
          statement: string;
        }>`select name, statement from pg_prepared_statements`.execute(trx)
      ).rows;
      const text = held.find((s) => s.statement.includes('"nick"') && s.statement.includes('"student"'));
      expect(text?.name).toBe(statementName(text!.statement));
      expect(text?.name).toMatch(/^ls\d+$/);
      expect(held.some((s) => s.statement === adHoc.compile().sql)).toBe(false);
      expect(statementName(adHoc.compile().sql)).toBeUndefined();
    });
  });

  it('take a list of keys of any length as one statement (the batched reads: db/batched-read.ts)', async () => {
    const t = await createTestApp();
    const [ann, bo, cy] = await addStudents(t, ['Ann', 'Bo', 'Cy']);
    const dialect = t.dialect;
    await t.db.transaction().execute(async (trx) => {
      const nicks = async (ids: number[]) =>
        (await nicksOf(trx, { ids: keysParameter(dialect, ids) })).rows.map((r) => r.nick);
      expect(await nicks([bo!])).toEqual(['Bo']);
      expect(await nicks([cy!, ann!, 2_147_483_647])).toEqual(['Ann', 'Cy']);
      expect(await nicks([])).toEqual([]);
      if (dialect !== 'postgres') return;
      const held = (
        await sql<{
          name: string;
          statement: string;
        }>`select name, statement from pg_prepared_statements`.execute(trx)
      ).rows.filter((s) => s.statement.includes('"nick"') && s.statement.includes('any('));
      expect(held).toHaveLength(1);
      expect(held[0]!.name).toBe(statementName(held[0]!.statement));
    });
  });
});
