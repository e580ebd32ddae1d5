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

export const flag = z
  .enum(['0', '1', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'on' || v === 'yes');
