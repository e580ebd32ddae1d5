import { SqliteAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Recharge and payment (issue #14, DESIGN.md §7 "Orders and payment"): the product catalogue, orders,
 * the log of provider notifications kept for review, and the sandbox provider's own record of what
 * it was paid. Money is integer fen; timestamps epoch ms; flags 0/1. The database has the last word on
 * what must never happen: one provider transaction credited twice (UNIQUE (provider, transaction_id)).
 * The default catalogue is inserted at start into a database without any package
 * (modules/payments/payments.seed.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const id = (c: ColumnDefinitionBuilder) =>
    sqlite ? c.primaryKey() : c.primaryKey().generatedByDefaultAsIdentity();

  await db.schema
    .createTable('pay_product')
    .addColumn('id', 'integer', id)
    // coin | card
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title_zh', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull())
    .addColumn('price_fen', 'integer', (c) => c.notNull().check(sql`price_fen > 0`))
    // Coin packages: coins (coin log 300) and bonus coins (coin log 800).
    .addColumn('coins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bonus_coins', 'integer', (c) => c.notNull().defaultTo(0))
    // Card packages: 100 exclusive-teacher card, 200 Filipino-teacher card.
    .addColumn('card_type', 'integer')
    .addColumn('lessons', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('validity_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint(
      'pay_product_kind_ck',
      sql`(kind = 'coin' and coins > 0 and bonus_coins >= 0 and card_type is null)
        or (kind = 'card' and card_type in (100, 200) and lessons > 0 and validity_days > 0)`,
    )
    .execute();

  await db.schema
    .createTable('pay_order')
    .addColumn('id', 'integer', id)
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('student_id', 'integer', (c) => c.notNull().references('student.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('pay_product.id'))
    // JSON snapshot of the product when ordered: what is credited, whatever the catalogue becomes.
    .addColumn('product', 'text', (c) => c.notNull())
    // coin | card
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull().check(sql`amount_fen > 0`))
    // wechat | alipay
    .addColumn('pay_method', 'text', (c) => c.notNull())
    // The driver that opened the payment (sandbox | alipay | wechat): only its notifications count.
    .addColumn('provider', 'text', (c) => c.notNull())
    // JSON of how to pay ({qr_code} | {redirect_url}), shown again while the order awaits payment.
    .addColumn('pay_action', 'text', (c) => c.notNull())
    // 0 awaiting payment, 200 paid, 500 closed.
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    // The teacher an exclusive-teacher card (type 100) is bound to.
    .addColumn('teacher_id', 'integer', (c) => c.references('teacher.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .addColumn('transaction_id', 'text')
    // 1: paid after it was closed (the money was taken, so it was credited); for review.
    .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('card_id', 'integer', (c) => c.references('lesson_card.id'))
    .addUniqueConstraint('pay_order_provider_transaction_uq', ['provider', 'transaction_id'])
    .execute();
  await db.schema
    .createIndex('pay_order_student_idx')
    .on('pay_order')
    .columns(['student_id', 'created_at', 'id'])
    .execute();
  // The expiry and reconciliation jobs: orders not paid, by age.
  await db.schema
    .createIndex('pay_order_unpaid_idx')
    .on('pay_order')
    .columns(['status', 'created_at'])
    .where(sql.ref('status'), 'in', [0, 500])
    .execute();

  // Every notification received and every reconciliation that found a payment, with what was made of it.
  await db.schema
    .createTable('payment_event')
    .addColumn('id', 'integer', id)
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('order_no', 'text')
    // notify | reconcile | cashier
    .addColumn('source', 'text', (c) => c.notNull())
    // credited | credited_after_close | duplicate | ignored | rejected
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('transaction_id', 'text')
    .addColumn('amount_fen', 'integer')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_event_order_idx')
    .on('payment_event')
    .columns(['order_no', 'id'])
    .execute();
  await db.schema.createIndex('payment_event_at_idx').on('payment_event').column('at').execute();

  // The sandbox provider's side (PAY_DRIVER=sandbox): payments made at its cashier, which its query answers from.
  await db.schema
    .createTable('sandbox_payment')
    .addColumn('order_no', 'text', (c) => c.primaryKey())
    .addColumn('transaction_id', 'text', (c) => c.notNull().unique())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('paid_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_payment').execute();
  await db.schema.dropTable('payment_event').execute();
  await db.schema.dropTable('pay_order').execute();
  await db.schema.dropTable('pay_product').execute();
}
