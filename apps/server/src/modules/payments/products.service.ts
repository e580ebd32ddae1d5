import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { productsRepository as repo, type CatalogueRow } from './products.repository.ts';

/** What an operator gives for a package: a coin package or a lesson-card package. */
export type ProductFields = {
  kind: 'coin' | 'card';
  title_zh: string;
  title_en: string;
  price_fen: number;
  /** Coin packages: the coins (coin log 300) and the bonus coins (coin log 800, 0 for none). */
  coins: number;
  bonus_coins: number;
  /** Card packages: 100 exclusive teacher (the student names the teacher when ordering), 200 Filipino teachers. */
  card_type: 100 | 200 | null;
  lessons: number;
  validity_days: number;
  sort: number;
};

/** Why a package is not sellable as given (empty when it is): each kind has exactly its own fields. */
export function productProblems(p: Omit<ProductFields, 'sort'>): string[] {
  const problems: string[] = [];
  if (!p.title_zh.trim() || !p.title_en.trim())
    problems.push('a package needs a title in Chinese and in English');
  if (!Number.isSafeInteger(p.price_fen) || p.price_fen < 1) problems.push('the price is at least 1 fen');
  if (p.kind === 'coin') {
    if (p.coins < 1) problems.push('a coin package gives at least 1 coin');
    if (p.bonus_coins < 0) problems.push('bonus coins are 0 or more');
    if (p.card_type !== null || p.lessons !== 0 || p.validity_days !== 0) {
      problems.push('a coin package has no card type, lessons or validity');
    }
  } else {
    if (p.card_type !== 100 && p.card_type !== 200) problems.push('a card package is of type 100 or 200');
    if (p.lessons < 1) problems.push('a card package gives at least 1 lesson');
    if (p.validity_days < 1) problems.push('a card is valid for at least 1 day');
    if (p.coins !== 0 || p.bonus_coins !== 0) problems.push('a card package gives no coins');
  }
  return problems;
}

/** A refusal of the catalogue: the package would not be sellable, or the change makes no sense. */
export class ProductRefusal extends Error {}

/**
 * The recharge catalogue (GET /pay/getProductList) as the school's staff manage it. A package is
 * never deleted: orders point at it (and keep their own snapshot of what they bought, so a change
 * here never alters what an order credits). Retiring hides it from the list and refuses new orders.
 */
export function createProductsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  const check = (p: Omit<ProductFields, 'sort'>) => {
    const problems = productProblems(p);
    if (problems.length > 0) throw new ProductRefusal(problems.join('; '));
  };

  return {
    find(id: number): Promise<CatalogueRow | undefined> {
      return repo.find(db, id);
    },

    /** Adds an active package (after the others of its kind unless `sort` is given); its id. */
    async add(fields: Omit<ProductFields, 'sort'> & { sort?: number }): Promise<number> {
      check(fields);
      return repo.insert(db, {
        ...fields,
        sort: fields.sort ?? (await repo.nextSort(db, fields.kind)),
        active: 1,
        created_at: clock.now(),
      });
    },

    /** Changes the fields given (not the kind); the package before and after. */
    async update(
      id: number,
      patch: Partial<Omit<ProductFields, 'kind'>> & { active?: 0 | 1 },
    ): Promise<{ before: CatalogueRow; after: CatalogueRow }> {
      const before = await repo.find(db, id);
      if (!before) throw new ProductRefusal(`no package ${id}`);
      const merged = { ...before, ...patch };
      check({ ...merged, card_type: merged.card_type as 100 | 200 | null });
      await repo.update(db, id, patch);
      return { before, after: (await repo.find(db, id))! };
    },

    /** Hides a package from the list and from new orders (orders already open can still be paid). */
    async retire(id: number): Promise<{ before: CatalogueRow; after: CatalogueRow }> {
      const before = await repo.find(db, id);
      if (!before) throw new ProductRefusal(`no package ${id}`);
      if (before.active !== 1) throw new ProductRefusal(`package ${id} is retired already`);
      await repo.update(db, id, { active: 0 });
      return { before, after: (await repo.find(db, id))! };
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
