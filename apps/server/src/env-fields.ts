import { z } from 'zod';

/**
 * Field parsers shared by the environment schema (config.ts) and the providers' fragments
 * (providers/<kind>/<kind>.config.ts): an empty variable counts as unset everywhere.
 */
export const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** A comma-separated list (blanks dropped), each entry matching `pattern` (`message` otherwise). */
export const commaList = (pattern: RegExp, message: string) =>
  z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(pattern, message)));

export const flag = z
  .enum(['0', '1', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'on' || v === 'yes');
