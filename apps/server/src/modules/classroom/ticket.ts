import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Seat } from '@app/contract/classroom';
import { LANGUAGES, type Lang } from '@app/contract/i18n';

/**
 * The room ticket (DESIGN.md §12): what getRoom hands a seat to open the room's WebSocket within
 * its lifetime (60 s). It carries the class, the seat, the expiry and the language the socket's
 * refusals are written in, signed with HMAC-SHA256 under a server secret shared by every instance:
 * `base64url(JSON).base64url(HMAC)`. The WebSocket takes no session: the ticket is the credential.
 * Its `id` (random) names it for its single use: the room claims it as its socket opens
 * (room.service.ts), so a ticket opens one WebSocket only, on whichever instance. The claim outlives
 * the ticket by a minute, then the job `classroom.attendance` deletes it (`purgeUsedTickets`).
 */
export type RoomTicket = { id: string; classId: number; seat: Seat; expiresAt: number; lang: Lang };

const TICKET_ID = /^[\w-]{16}$/;

/** A new ticket id: 96 random bits, base64url (16 characters). */
export const newTicketId = (): string => randomBytes(12).toString('base64url');

export type TicketCheck =
  { ok: true; ticket: RoomTicket } | { ok: false; reason: 'invalid' | 'expired'; lang: Lang | undefined };

const MAX_TICKET_LENGTH = 1024;

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(`classroom-ticket:${body}`).digest();
}

export function signTicket(secret: string, ticket: RoomTicket): string {
  const body = Buffer.from(
    JSON.stringify({ n: ticket.id, c: ticket.classId, s: ticket.seat, e: ticket.expiresAt, l: ticket.lang }),
  ).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** The ticket when its signature holds and it has not expired at `now`. */
export function verifyTicket(secret: string, token: string, now: number): TicketCheck {
  const invalid = { ok: false, reason: 'invalid', lang: undefined } as const;
  if (token.length === 0 || token.length > MAX_TICKET_LENGTH) return invalid;
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return invalid;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return invalid;
  }
  const p = payload as { n?: unknown; c?: unknown; s?: unknown; e?: unknown; l?: unknown };
  if (
    typeof p.n !== 'string' ||
    !TICKET_ID.test(p.n) ||
    !Number.isSafeInteger(p.c) ||
    (p.s !== 'student' && p.s !== 'teacher') ||
    !Number.isSafeInteger(p.e) ||
    !LANGUAGES.includes(p.l as Lang)
  ) {
    return invalid;
  }
  const ticket: RoomTicket = {
    id: p.n,
    classId: p.c as number,
    seat: p.s,
    expiresAt: p.e as number,
    lang: p.l as Lang,
  };
  if (now >= ticket.expiresAt) return { ok: false, reason: 'expired', lang: ticket.lang };
  return { ok: true, ticket };
}
