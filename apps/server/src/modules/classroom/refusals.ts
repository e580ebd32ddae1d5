import type { RoomRefusalReason } from '@app/contract/classroom';
import type { MessageKey } from '@app/contract/messages';

/**
 * The room's refusals (DESIGN.md §12): each message key the room refuses with and its
 * machine-readable reason (@app/contract/classroom ROOM_REFUSAL_REASONS), sent together in getRoom's
 * `data.reason` and in the WebSocket's close reason, so the room page decides by the reason and
 * shows the message.
 */
export const REFUSAL_REASONS = {
  'classroom.notOpen': 'not-open-yet',
  'classroom.closed': 'closed',
  'classroom.cancelled': 'cancelled',
  'classroom.linkInvalid': 'bad-link',
  'error.notFound': 'not-found',
  'error.unauthorized': 'sign-in',
  'classroom.ticketInvalid': 'bad-ticket',
  'classroom.ticketExpired': 'ticket-expired',
  'classroom.ticketUsed': 'ticket-used',
  'classroom.replaced': 'seat-taken',
  'classroom.left': 'left',
  'classroom.timeout': 'unresponsive',
  'classroom.restart': 'restarting',
} as const satisfies Partial<Record<MessageKey, RoomRefusalReason>>;

/** A message key the room refuses or closes with. */
export type RoomRefusalKey = keyof typeof REFUSAL_REASONS;

export const refusalReasonOf = (key: RoomRefusalKey): RoomRefusalReason => REFUSAL_REASONS[key];
