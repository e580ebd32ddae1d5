import { z } from 'zod';
import { queryIntSchema } from './ids.ts';

/** Paged list query: `current` is 1-based (default 1), `size` default 10, max 100 (DESIGN.md §5). */
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;

export const pageQuerySchema = z.object({
  current: queryIntSchema({ min: 1, max: 1_000_000 }).default(1),
  size: queryIntSchema({ min: 1, max: PAGE_SIZE_MAX }).default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageSchema<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number().int().min(0),
    current: z.number().int().min(1),
    size: z.number().int().min(1),
  });
}
export type Page<T> = { records: T[]; total: number; current: number; size: number };
