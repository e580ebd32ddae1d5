import { z } from 'zod';
import { recordIdSchema } from './courses.ts';
import { CARD_LOG_TYPES, COIN_LOG_TYPES, valuesOf, type CardLogType, type CoinLogType } from './enums.ts';
import { queryIntSchema } from './ids.ts';
import { pageQuerySchema } from './paging.ts';

/**
 * The wallet (issue #13, DESIGN.md §6 /user/coins/*, /user/cards/*, §7 "Wallet"): the coin balance
 * and its ledger, lesson cards and their ledger. Every change is a ledger entry with the balance
 * after it; the balance always equals the sum of the entries and is never negative.
 */

const COIN_LOG_TYPE_VALUES = valuesOf(COIN_LOG_TYPES) as CoinLogType[];
const CARD_LOG_TYPE_VALUES = valuesOf(CARD_LOG_TYPES) as CardLogType[];

// ---- requests --------------------------------------------------------------------------------------

/** GET /user/coins/getCoinLogs: newest first, optionally one log type (SPEC.md §3 coin log types). */
export const coinLogsQuerySchema = pageQuerySchema.extend({
  type: queryIntSchema({ min: 0, max: 999 })
    .refine((v) => (COIN_LOG_TYPE_VALUES as number[]).includes(v), 'expected a coin log type')
    .transform((v) => v as CoinLogType)
    .optional(),
});
export type CoinLogsQuery = z.infer<typeof coinLogsQuerySchema>;

/** GET /user/cards/getCardLogs: newest first, of one card or of all the student's cards. */
export const cardLogsQuerySchema = pageQuerySchema.extend({ card_id: recordIdSchema.optional() });
export type CardLogsQuery = z.infer<typeof cardLogsQuerySchema>;

// ---- replies ---------------------------------------------------------------------------------------

/** GET /user/coins/getCoinBalance. */
export const coinBalanceSchema = z.object({ coins: z.number().int().min(0) });
export type CoinBalance = z.infer<typeof coinBalanceSchema>;

export const coinLogSchema = z.object({
  id: z.number().int(),
  type: z
    .number()
    .int()
    .refine((v) => (COIN_LOG_TYPE_VALUES as number[]).includes(v)),
  /** Signed: positive credits, negative debits. */
  amount: z.number().int(),
  balance_after: z.number().int(),
  course_id: z.number().int().nullable(),
  order_no: z.string().nullable(),
  remark: z.string(),
  created_at: z.string(),
});
export type CoinLog = z.infer<typeof coinLogSchema>;

export const cardTeacherSchema = z.object({ id: z.number().int(), name: z.string(), avatar: z.string() });

/** GET /user/cards/getCardList items: usable cards first (soonest expiry), then expired or used up. */
export const lessonCardSchema = z.object({
  id: z.number().int(),
  /** 100 exclusive-teacher card (bound to `teacher`), 200 Filipino-teacher card. */
  type: z.number().int(),
  teacher: cardTeacherSchema.nullable(),
  lessons_total: z.number().int(),
  lessons_left: z.number().int(),
  expires_at: z.string(),
  /** Not expired and lessons left. */
  usable: z.boolean(),
  created_at: z.string(),
});
export type LessonCard = z.infer<typeof lessonCardSchema>;
export const lessonCardListSchema = z.array(lessonCardSchema);

export const cardLogSchema = z.object({
  id: z.number().int(),
  card_id: z.number().int(),
  card_type: z.number().int(),
  type: z
    .number()
    .int()
    .refine((v) => (CARD_LOG_TYPE_VALUES as number[]).includes(v)),
  /** Signed lessons: positive added, negative taken. */
  amount: z.number().int(),
  lessons_after: z.number().int(),
  course_id: z.number().int().nullable(),
  remark: z.string(),
  created_at: z.string(),
});
export type CardLog = z.infer<typeof cardLogSchema>;
