import { z } from 'zod';

/**
 * Ids and other integers of requests (issue 32 §5), in two kinds that are never mixed:
 *
 * - in a JSON body, a JSON integer and nothing else. JSON has numbers, so there is nothing to
 *   coerce: `[1]`, `true`, `"1"`, `"0x10"`, `"1e3"` and `1.5` are 400s (zod's `z.coerce.number()`
 *   once turned them into 1, 1, 1, 16, 1000: a booking of a slot nobody chose);
 * - in a query string or a path, where every value is text, plain decimal digits only, turned into
 *   the number. `Number()` alone would also take `0x10`, `1e3`, ` 1`, `+1` and `1.0`; a repeated key
 *   (`?id=1&id=2`, an array) is refused as well.
 *
 * The OpenAPI document shows both as integers (the query kind's digits check runs before zod's
 * integer check, which is what the document is generated from).
 */

/** Largest id accepted: ids are 32-bit integers on both databases. */
export const ID_MAX = 2_147_483_647;

type Range = { min?: number; max?: number };

const DIGITS = /^\d{1,16}$/;

/** A JSON body's integer in [min, max] (default: an id, 1-2147483647). */
export function bodyIntSchema({ min = 1, max = ID_MAX }: Range = {}) {
  return z.number().int().min(min).max(max);
}

/**
 * A query string's (or path's) integer in [min, max]: plain decimal digits, leading zeros allowed.
 * Anything else reaches the integer check as it came and fails it (a 400 naming the field).
 */
export function queryIntSchema({ min = 1, max = ID_MAX }: Range = {}) {
  return z.preprocess(
    (value) => (typeof value === 'string' && DIGITS.test(value) ? Number(value) : value),
    z.number().int().min(min).max(max),
  );
}

/** An id in a JSON body. */
export const bodyIdSchema = bodyIntSchema();
/** An id in a query string or a path. */
export const queryIdSchema = queryIntSchema();
