import { z } from 'zod';

export type { Envelope } from './envelope-guard.ts';
export { isEnvelope } from './envelope-guard.ts';

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), data, msg: z.string() });
}

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  data: z.null(),
  msg: z.string(),
});
