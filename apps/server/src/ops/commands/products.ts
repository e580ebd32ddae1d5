import { z } from 'zod';
import type { CatalogueRow } from '../../modules/payments/products.repository.ts';
import { ProductRefusal, type ProductFields } from '../../modules/payments/products.service.ts';
import { defineCommand, OpsRefusal } from '../command.ts';
import { count, id } from './fields.ts';

/** A price in yuan (`99`, `99.5`, `99.50`) as integer fen. */
const price = z
  .string({ error: 'the price is required, in yuan (--price 99.50)' })
  .regex(/^\d{1,7}(\.\d{1,2})?$/, 'the price is in yuan with at most 2 decimals, e.g. 99 or 99.50')
  .transform((v) => Math.round(Number(v) * 100))
  .refine((fen) => fen >= 1, 'the price is at least 0.01 yuan');
const title = (lang: string) =>
  z
    .string()
    .trim()
    .min(1, `the ${lang} title is empty`)
    .max(60, `the ${lang} title is at most 60 characters`);
const whole = (what: string, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${what} must be a whole number`)
    .transform(Number)
    .pipe(z.number().max(max, `${what} must be at most ${max}`));
const cardType = z
  .enum(['100', '200'], { error: 'card-type is 100 or 200' })
  .transform((v) => Number(v) as 100 | 200);

const yuan = (fen: number) => (fen / 100).toFixed(2);

function describe(p: CatalogueRow | (ProductFields & { id: number; active: number })): string {
  const what =
    p.kind === 'coin'
      ? `${p.coins} coins${p.bonus_coins > 0 ? ` + ${p.bonus_coins} bonus` : ''}`
      : `card type ${p.card_type}, ${p.lessons} lessons, valid ${p.validity_days} days`;
  return `package ${p.id} (${p.kind}): ${what}, ¥${yuan(p.price_fen)}, "${p.title_zh}" / "${p.title_en}"${p.active === 1 ? '' : ' [retired]'}`;
}

/** The catalogue's own refusals become the CLI's (exit code 1, nothing changed). */
async function refusing<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ProductRefusal) throw new OpsRefusal(error.message);
    throw error;
  }
}

const PRODUCT_OPTIONS = {
  price: 'price in yuan, e.g. 99 or 99.50',
  coins: 'coin packages: coins credited (coin log 300)',
  bonus: 'coin packages: bonus coins (coin log 800; default 0)',
  'card-type':
    'card packages: 100 exclusive teacher (the student picks the teacher when ordering) | 200 Filipino teachers',
  lessons: 'card packages: lessons on the card',
  days: 'card packages: days the card is valid from the payment',
  'title-zh': 'Chinese title (default from the contents, e.g. "300 学币")',
  'title-en': 'English title (default from the contents, e.g. "300 study coins")',
  sort: 'position in the list (smaller first; default after the others)',
};

export const productAdd = defineCommand({
  name: 'product add',
  summary: 'Add a recharge package to GET /pay/getProductList: coins (with optional bonus) or a lesson card',
  options: { kind: 'coin | card', ...PRODUCT_OPTIONS },
  example: 'product add --kind coin --price 500 --coins 500 --bonus 40',
  schema: z
    .object({
      kind: z.enum(['coin', 'card'], { error: 'kind is coin or card' }),
      price,
      coins: count('coins').optional(),
      bonus: whole('bonus', 1_000_000).optional(),
      'card-type': cardType.optional(),
      lessons: count('lessons', 1000).optional(),
      days: count('days', 3650).optional(),
      'title-zh': title('Chinese').optional(),
      'title-en': title('English').optional(),
      sort: whole('sort', 1_000_000).optional(),
    })
    .superRefine((v, ctx) => {
      const need = (key: keyof typeof v, why: string) => {
        if (v[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: why });
      };
      const refuse = (key: keyof typeof v, why: string) => {
        if (v[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: why });
      };
      if (v.kind === 'coin') {
        need('coins', 'a coin package needs --coins');
        for (const k of ['card-type', 'lessons', 'days'] as const)
          refuse(k, `a coin package takes no --${k}`);
      } else {
        need('card-type', 'a card package needs --card-type 100 or 200');
        need('lessons', 'a card package needs --lessons');
        need('days', 'a card package needs --days');
        for (const k of ['coins', 'bonus'] as const) refuse(k, `a card package takes no --${k}`);
      }
    }),
  async run({ services: { products } }, input) {
    const cardName = (zh: boolean) =>
      input['card-type'] === 100
        ? zh
          ? '专属老师卡'
          : 'Exclusive-teacher card'
        : zh
          ? '菲律宾老师卡'
          : 'Filipino-teacher card';
    const fields = {
      kind: input.kind,
      price_fen: input.price,
      coins: input.coins ?? 0,
      bonus_coins: input.bonus ?? 0,
      card_type: input['card-type'] ?? null,
      lessons: input.lessons ?? 0,
      validity_days: input.days ?? 0,
      title_zh:
        input['title-zh'] ??
        (input.kind === 'coin' ? `${input.coins} 学币` : `${cardName(true)} ${input.lessons} 课时`),
      title_en:
        input['title-en'] ??
        (input.kind === 'coin'
          ? `${input.coins} study coins`
          : `${cardName(false)}, ${input.lessons} lessons`),
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
    };
    const productId = await refusing(products.add(fields));
    const after = (await products.find(productId))!;
    return { before: null, after, output: `added ${describe(after)}` };
  },
});

export const productUpdate = defineCommand({
  name: 'product update',
  summary:
    "Change a package's fields (only those given; not its kind); open orders keep what they bought; --active 1 brings a retired one back",
  options: { product: 'package id', ...PRODUCT_OPTIONS, active: '0 or 1' },
  example: 'product update --product 3 --price 580 --bonus 60',
  schema: z.object({
    product: id('product'),
    price: price.optional(),
    coins: count('coins').optional(),
    bonus: whole('bonus', 1_000_000).optional(),
    'card-type': cardType.optional(),
    lessons: count('lessons', 1000).optional(),
    days: count('days', 3650).optional(),
    'title-zh': title('Chinese').optional(),
    'title-en': title('English').optional(),
    sort: whole('sort', 1_000_000).optional(),
    active: z
      .enum(['0', '1'], { error: 'active is 0 or 1' })
      .transform((v) => Number(v) as 0 | 1)
      .optional(),
  }),
  async run({ services: { products } }, input) {
    const patch = {
      ...(input.price !== undefined ? { price_fen: input.price } : {}),
      ...(input.coins !== undefined ? { coins: input.coins } : {}),
      ...(input.bonus !== undefined ? { bonus_coins: input.bonus } : {}),
      ...(input['card-type'] !== undefined ? { card_type: input['card-type'] } : {}),
      ...(input.lessons !== undefined ? { lessons: input.lessons } : {}),
      ...(input.days !== undefined ? { validity_days: input.days } : {}),
      ...(input['title-zh'] !== undefined ? { title_zh: input['title-zh'] } : {}),
      ...(input['title-en'] !== undefined ? { title_en: input['title-en'] } : {}),
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
    };
    if (Object.keys(patch).length === 0) throw new OpsRefusal('nothing to change: give at least one field');
    const { before, after } = await refusing(products.update(input.product, patch));
    return { before, after, output: `updated ${describe(after)}` };
  },
});

export const productRetire = defineCommand({
  name: 'product retire',
  summary:
    'Take a package off sale: hidden from the list, refused for new orders; orders already open can still be paid',
  options: { product: 'package id' },
  example: 'product retire --product 3',
  schema: z.object({ product: id('product') }),
  async run({ services: { products } }, input) {
    const { before, after } = await refusing(products.retire(input.product));
    return { before, after, output: `retired ${describe(after)}` };
  },
});
