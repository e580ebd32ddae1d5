import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
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

describe('prepared queries', () => {
  it('are named statements on PostgreSQL, answering each call with its own values; other queries are not', async () => {
    const t = await createTestApp();
    const ids: number[] = [];
    for (const nick of ['Ann', 'Bo']) {
      const row = await t.db
        .insertInto('student')
        .values({
          mobile: `1390000000${ids.length}`,
          nick,
          password_hash: null,
          created_at: 1,
          updated_at: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
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
});
