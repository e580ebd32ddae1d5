import type { Page, PageQuery } from '@app/contract/paging';
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';

/**
 * A page's LIMIT written into the SQL rather than bound: SQLite runs `order by … limit ?` through
 * its sorter even when an index gives the order (measured 40-70 µs more a run on a student's class
 * list of two rows, issue 36), and a written limit lets it stop walking the index. The page size is
 * a validated integer (1 to PAGE_SIZE_MAX), so few texts result; the offset stays bound.
 */
export function pageLimit(size: number): RawBuilder<number> {
  if (!Number.isSafeInteger(size) || size < 1) throw new Error(`page size ${size} is not a positive integer`);
  return sql.lit(size);
}

/** How many rows `query` selects: its select list is replaced by count(*). */
export async function countRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  // The generic builder cannot name the selected column's type: it is the count just selected.
  const row = (await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()) as { n: number | string | bigint };
  return Number(row.n);
}

/**
 * One page of an ordered query (DESIGN.md §5 paged lists): the total (the same query counted, its
 * order dropped, unless `count` gives a cheaper statement that counts the same rows, e.g. without
 * joins that never add or drop one) and the page's rows, read side by side.
 */
export async function pageOf<DB, TB extends keyof DB, O>(
  rows: SelectQueryBuilder<DB, TB, O>,
  { current, size }: PageQuery,
  count: () => Promise<number> = () => countRows(rows.clearOrderBy()),
): Promise<Page<O>> {
  const [total, records] = await Promise.all([
    count(),
    rows
      .limit(pageLimit(size))
      .offset((current - 1) * size)
      .execute(),
  ]);
  return { records: records as O[], total, current, size };
}

/** The same page with each row made into the item the contract names. */
export function mapPage<Row, Item>(page: Page<Row>, toItem: (row: Row) => Item): Page<Item> {
  return { ...page, records: page.records.map(toItem) };
}
