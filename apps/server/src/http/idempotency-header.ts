import { IDEMPOTENCY_KEY_MAX } from '@app/contract/booking';
import { z } from 'zod';
import { isIdempotencyKey, requestHashOf } from '../db/idempotency.ts';
import { AppError } from './app-error.ts';

/**
 * The optional Idempotency-Key header (DESIGN.md §7 "Wallet") of a write that accepts it. A loose
 * object: Fastify replaces `request.headers` with the parsed value, and every other header must
 * stay readable.
 */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      `1-${IDEMPOTENCY_KEY_MAX} visible ASCII characters; a retry with the same key and body gets the first reply, another body 409`,
    ),
});

export type RequestIdempotency = { idempotencyKey?: never } | { idempotencyKey: string; requestHash: string };

/**
 * What a service needs of the header: nothing without it; else the key and the hash of the parsed
 * body (field order, spacing and defaults do not make two requests differ). A bad key is refused
 * (400) here, as well as in the service, so before anything is claimed.
 */
export function idempotencyOf(request: {
  headers: { 'idempotency-key'?: string | undefined };
  body: unknown;
}): RequestIdempotency {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return {};
  if (!isIdempotencyKey(key)) throw AppError.badRequest('idempotency.keyInvalid');
  return { idempotencyKey: key, requestHash: requestHashOf(request.body) };
}
