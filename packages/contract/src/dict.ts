import { z } from 'zod';
import {
  CANCEL_REASONS,
  CARD_LOG_TYPES,
  CARD_TYPES,
  COIN_LOG_TYPES,
  COURSE_STATUSES,
  FEEDBACK_STATES,
  FEEDBACK_TYPES,
  NATIONALITIES,
  PAY_METHODS,
  PAY_ORDER_STATUSES,
  SEXES,
  TEACHER_LANGUAGES,
  TEACHER_LEVELS,
  type EnumItem,
} from './enums.ts';

/** Dictionaries served by GET /dict/{name} (DESIGN.md §6), each built from a contract enumeration. */
export const DICTIONARIES = {
  'student.feedback.type': FEEDBACK_TYPES,
  'student.feedback.state': FEEDBACK_STATES,
  'course.cancel.reason': CANCEL_REASONS,
  'course.status': COURSE_STATUSES,
  'teacher.level': TEACHER_LEVELS,
  'teacher.nationality': NATIONALITIES,
  'teacher.language': TEACHER_LANGUAGES,
  'coin.log.type': COIN_LOG_TYPES,
  'card.type': CARD_TYPES,
  'card.log.type': CARD_LOG_TYPES,
  'pay.order.status': PAY_ORDER_STATUSES,
  'pay.method': PAY_METHODS,
  sex: SEXES,
} as const satisfies Record<string, readonly EnumItem[]>;

export type DictName = keyof typeof DICTIONARIES;
export const DICT_NAMES = Object.keys(DICTIONARIES) as DictName[];

/** One dictionary item as served: value, label in the request's language, colour, children (SPEC.md §3). */
export type DictItem = {
  value: string | number;
  label: string;
  color: string | null;
  children: DictItem[];
};

/**
 * Recursive, so its JSON Schema refers to itself: the id makes it a named component of the OpenAPI
 * document (`#/components/schemas/DictItem`) that the reference resolves to.
 */
export const dictItemSchema: z.ZodType<DictItem> = z
  .lazy(() =>
    z.object({
      value: z.union([z.string(), z.number()]),
      label: z.string(),
      color: z.string().nullable(),
      children: z.array(dictItemSchema),
    }),
  )
  .meta({ id: 'DictItem' });

export const dictParamsSchema = z.object({
  name: z.enum(DICT_NAMES as [DictName, ...DictName[]]),
});
