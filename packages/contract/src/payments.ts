import { z } from 'zod';
import {
  CARD_TYPES,
  PAY_METHODS,
  PAY_ORDER_STATUSES,
  valuesOf,
  type PayMethod,
  type PayOrderStatus,
} from './enums.ts';
import { bodyIdSchema, queryIntSchema } from './ids.ts';
import { pageQuerySchema } from './paging.ts';

/**
 * Recharge and payment (issue #14, DESIGN.md §6 /pay/*, §7 "Orders and payment"): the product
 * catalogue (coin packages with bonus coins, lesson-card packages), orders and how to pay them. Money
 * is integer fen; an order is awaiting payment (0), paid (200) or closed (500). The notification
 * routes of the providers are not envelopes and have no schemas here.
 */

const PAY_METHOD_VALUES = valuesOf(PAY_METHODS) as [PayMethod, ...PayMethod[]];
const PAY_ORDER_STATUS_VALUES = valuesOf(PAY_ORDER_STATUSES) as PayOrderStatus[];
const CARD_TYPE_VALUES = valuesOf(CARD_TYPES) as number[];

export const PRODUCT_KINDS = ['coin', 'card'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/**
 * Orders a student may have awaiting payment at once (issue 32 §4): createOrder refuses another with
 * 409 `pay.tooManyOpenOrders`; paying or closing one (or its expiry) frees a place.
 */
export const MAX_OPEN_ORDERS = 5;

/** An order number: digits only (the providers accept 6-32 of [0-9A-Za-z_-]). */
export const ORDER_NO_PATTERN = /^\d{16,32}$/;
export const orderNoSchema = z.string().trim().regex(ORDER_NO_PATTERN, 'expected an order number');

/**
 * Where the student's browser returns after paying at a provider's page (the recharge page shows the
 * order's live state). Never proof of payment: only a verified notification or a query credits.
 */
export const payReturnPath = (orderNo: string): string =>
  `/user/recharge?order_no=${encodeURIComponent(orderNo)}`;

// ---- requests --------------------------------------------------------------------------------------

/** GET /pay/getProductList: active packages of one kind, or of both. */
export const productListQuerySchema = z.object({ kind: z.enum(PRODUCT_KINDS).optional() });
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/**
 * POST /pay/createOrder (optional Idempotency-Key header). `teacher_id` names the teacher of an
 * exclusive-teacher card (type 100) and is refused for any other product.
 */
export const createOrderBodySchema = z.object({
  product_id: bodyIdSchema,
  pay_method: z.enum(PAY_METHOD_VALUES),
  teacher_id: bodyIdSchema.optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

/** GET /pay/getOrderList: newest first, optionally one status. */
export const orderListQuerySchema = pageQuerySchema.extend({
  status: queryIntSchema({ min: 0, max: 999 })
    .refine(
      (v) => (PAY_ORDER_STATUS_VALUES as number[]).includes(v),
      'expected an order status (0, 200, 500)',
    )
    .transform((v) => v as PayOrderStatus)
    .optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** GET /pay/getOrderInfo. */
export const orderNoQuerySchema = z.object({ order_no: orderNoSchema });
export type OrderNoQuery = z.infer<typeof orderNoQuerySchema>;

/** POST /pay/closeOrder. */
export const closeOrderBodySchema = z.object({ order_no: orderNoSchema });
export type CloseOrderBody = z.infer<typeof closeOrderBodySchema>;

// ---- replies ---------------------------------------------------------------------------------------

export const productSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PRODUCT_KINDS),
  /** Shown on the package, e.g. "600 学币" / "600 study coins". */
  title_zh: z.string(),
  title_en: z.string(),
  price_fen: z.number().int().min(1),
  /** Coin packages: coins credited (coin log 300) and bonus coins (coin log 800); 0 for cards. */
  coins: z.number().int().min(0),
  bonus_coins: z.number().int().min(0),
  /** Card packages: 100 exclusive-teacher card (a teacher is chosen when ordering), 200 Filipino-teacher card. */
  card_type: z
    .number()
    .int()
    .refine((v) => CARD_TYPE_VALUES.includes(v))
    .nullable(),
  lessons: z.number().int().min(0),
  validity_days: z.number().int().min(0),
});
export type Product = z.infer<typeof productSchema>;

/** GET /pay/getProductList: the packages, and the payment methods this installation takes. */
export const productListSchema = z.object({
  products: z.array(productSchema),
  pay_methods: z.array(z.enum(PAY_METHOD_VALUES)),
});
export type ProductList = z.infer<typeof productListSchema>;

/** How the student pays: a QR code to show (its content), or a page to open. */
export const payActionSchema = z.union([
  z.object({ qr_code: z.string() }),
  z.object({ redirect_url: z.string() }),
]);
export type PayAction = z.infer<typeof payActionSchema>;

/** POST /pay/createOrder. */
export const createdOrderSchema = z.object({
  order_no: z.string(),
  amount_fen: z.number().int(),
  expires_at: z.string(),
  pay: payActionSchema,
});
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/** GET /pay/getOrderList items and GET /pay/getOrderInfo. */
export const orderSchema = z.object({
  order_no: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  /** 0 awaiting payment, 200 paid, 500 closed. */
  status: z
    .number()
    .int()
    .refine((v) => (PAY_ORDER_STATUS_VALUES as number[]).includes(v)),
  /** The product as it was when ordered. */
  product: productSchema.omit({ id: true, kind: true }).extend({ id: z.number().int() }),
  /** The bound teacher of an exclusive-teacher card order. */
  teacher: z.object({ id: z.number().int(), name: z.string(), avatar: z.string() }).nullable(),
  amount_fen: z.number().int(),
  pay_method: z.enum(PAY_METHOD_VALUES),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** The card a paid card order issued (GET /user/cards/getCardLogs?card_id). */
  card_id: z.number().int().nullable(),
  /** While awaiting payment: how to pay it (the same QR code or page as when it was created); else null. */
  pay: payActionSchema.nullable(),
});
export type Order = z.infer<typeof orderSchema>;
