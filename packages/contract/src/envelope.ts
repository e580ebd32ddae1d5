import { z } from 'zod';

/** Every JSON reply, success or failure: `{ code, data, msg }` (SPEC.md §7, DESIGN.md §5). */
export type Envelope<T> = { code: number; data: T; msg: string };

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), data, msg: z.string() });
}

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  data: z.null(),
  msg: z.string(),
});

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    'msg' in value
  );
}
