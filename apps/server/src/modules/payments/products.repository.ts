import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, PayProductTable } from '../../db/database.ts';

/** SQL of the catalogue (pay_product), for its operators (the operations CLI). Takes `db` or a transaction. */

export type CatalogueRow = Selectable<PayProductTable>;

export const productsRepository = {
  find(db: Db, id: number): Promise<CatalogueRow | undefined> {
    return db.selectFrom('pay_product').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async insert(db: Db, row: Insertable<PayProductTable>): Promise<number> {
    const { id } = await db.insertInto('pay_product').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  async update(db: Db, id: number, patch: Updateable<PayProductTable>): Promise<void> {
    await db.updateTable('pay_product').set(patch).where('id', '=', id).execute();
  },

  /** The next sort position of a kind: after every package of it. */
  async nextSort(db: Db, kind: 'coin' | 'card'): Promise<number> {
    const row = await db
      .selectFrom('pay_product')
      .select((eb) => eb.fn.max('sort').as('sort'))
      .where('kind', '=', kind)
      .executeTakeFirst();
    return Number(row?.sort ?? 0) + 10;
  },
};
