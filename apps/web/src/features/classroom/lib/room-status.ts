import {
  ROOM_CLOSE_CODES,
  ROOM_REFUSAL_REASONS,
  type RoomCloseReason,
  type RoomRefusalReason,
} from '@app/contract/classroom';
import { isApiError } from '../../../lib/http/api-error.ts';

/**
 * The pure rules of the room page (DESIGN.md §12): what a refusal of getRoom means for the page,
 * the WebSocket's address and close reasons, the class timer and the connection quality.
 */

/** Why the room page shows no room: each has its own screen. */
export type RoomRefusal =
  | { kind: 'notFound' }
  | { kind: 'notOpen'; msg: string }
  | { kind: 'closed'; msg: string }
  | { kind: 'refused'; msg: string }
  | { kind: 'login' }
  | { kind: 'error'; msg: string };

const isReason = (value: unknown): value is RoomRefusalReason =>
  typeof value === 'string' && (ROOM_REFUSAL_REASONS as readonly string[]).includes(value);

/** The machine-readable reason of a getRoom refusal (`data.reason`), when it has one. */
export function refusalReasonOf(data: unknown): RoomRefusalReason | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const reason = (data as { reason?: unknown }).reason;
  return isReason(reason) ? reason : undefined;
}

/**
 * A getRoom failure as the page shows it: decided by the refusal's reason (`data.reason`), the
 * message shown as the server wrote it. A refusal without a reason (a malformed query, a session the
 * server no longer knows) by its HTTP status.
 */
export function refusalOf(error: unknown): RoomRefusal {
  if (!isApiError(error)) return { kind: 'error', msg: String(error) };
  switch (refusalReasonOf(error.data)) {
    case 'not-found':
      return { kind: 'notFound' };
    case 'sign-in':
      return { kind: 'login' };
    case 'not-open-yet':
      return { kind: 'notOpen', msg: error.msg };
    case 'closed':
      return { kind: 'closed', msg: error.msg };
    case 'cancelled':
    case 'bad-link':
      return { kind: 'refused', msg: error.msg };
    default:
      break;
  }
  const status = error.httpStatus;
  if (status === 404 || status === 400) return { kind: 'notFound' };
  if (status === 401) return { kind: 'login' };
  if (status === 409 || status === 403) return { kind: 'refused', msg: error.msg };
  return { kind: 'error', msg: error.msg };
}

/** The room's WebSocket address on this page's host: `ws_path?ticket=&lang=`. */
export function socketUrl(
  location: Pick<Location, 'protocol' | 'host'>,
  wsPath: string,
  ticket: string,
  lang: string,
): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = new URLSearchParams({ ticket, lang });
  return `${scheme}//${location.host}${wsPath}?${query.toString()}`;
}

/**
 * What a closed WebSocket means: show its message and stop, or connect again with a new ticket
 * (an expired or used ticket, a drop, a restart). `reason` is the server's, when it gave one.
 */
export type CloseOutcome =
  { reconnect: true } | { reconnect: false; message: string | null; reason: RoomRefusalReason | null };

/** Close codes after which the seat must not reconnect by itself. */
const FINAL_CODES = new Set<number>([
  ROOM_CLOSE_CODES.left,
  ROOM_CLOSE_CODES.forbidden,
  ROOM_CLOSE_CODES.notOpen,
  ROOM_CLOSE_CODES.replaced,
]);

/** The close frame's reason `{code, reason, message}` (JSON), or null when it is not one. */
export function parseCloseReason(reason: string): RoomCloseReason | null {
  try {
    const value: unknown = JSON.parse(reason);
    if (
      value &&
      typeof value === 'object' &&
      typeof (value as RoomCloseReason).code === 'string' &&
      isReason((value as RoomCloseReason).reason) &&
      typeof (value as RoomCloseReason).message === 'string'
    )
      return value as RoomCloseReason;
  } catch {
    // Not a reason of ours (a proxy's, or none).
  }
  return null;
}

/**
 * Reasons after which the seat must not reconnect. A close is decided by its reason when the server
 * gave one, by its code otherwise (a close from outside the room: a proxy, a dropped network).
 */
const FINAL_REASONS = new Set<RoomRefusalReason>([
  'left',
  'cancelled',
  'not-found',
  'not-open-yet',
  'closed',
  'seat-taken',
]);

export function closeOutcome(code: number, reason: string): CloseOutcome {
  const parsed = parseCloseReason(reason);
  if (parsed ? !FINAL_REASONS.has(parsed.reason) : !FINAL_CODES.has(code)) return { reconnect: true };
  return { reconnect: false, message: parsed?.message ?? null, reason: parsed?.reason ?? null };
}

/** Waits before the n-th reconnection attempt (0-based): 0.5 s, 1 s, 2 s, 4 s, then every 5 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(500 * 2 ** attempt, 5_000);
}

/** A duration as h:mm:ss or m:ss, rounded up to the second, never negative. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** The class timer: before the start, during the class (time left), after the end. */
export type ClassClock =
  { phase: 'before'; ms: number } | { phase: 'during'; ms: number } | { phase: 'after' };

export function classClock(start: string, end: string, now: number): ClassClock {
  const startAt = Date.parse(start);
  const endAt = Date.parse(end);
  if (now < startAt) return { phase: 'before', ms: startAt - now };
  if (now < endAt) return { phase: 'during', ms: endAt - now };
  return { phase: 'after' };
}

export type Quality = 'good' | 'fair' | 'poor';

/**
 * The connection's quality from the round-trip time (seconds) and the share of packets lost since
 * the last sample: good under 300 ms and 2 %, poor from 800 ms or 10 %, fair between.
 */
export function qualityOf(rttSeconds: number | undefined, lossRatio: number | undefined): Quality | null {
  if (rttSeconds === undefined && lossRatio === undefined) return null;
  const rtt = rttSeconds ?? 0;
  const loss = lossRatio ?? 0;
  if (rtt >= 0.8 || loss >= 0.1) return 'poor';
  if (rtt >= 0.3 || loss >= 0.02) return 'fair';
  return 'good';
}

/** Packets received and lost so far (summed over the inbound streams). */
export type PacketCount = { received: number; lost: number };

/** The share of packets lost between two samples; undefined when nothing arrived in between. */
export function lossBetween(before: PacketCount | undefined, after: PacketCount): number | undefined {
  const received = after.received - (before?.received ?? 0);
  const lost = Math.max(0, after.lost - (before?.lost ?? 0));
  if (received + lost <= 0) return undefined;
  return lost / (received + lost);
}

/** Which getUserMedia failure the device check explains. */
export type MediaProblem = 'denied' | 'noDevice' | 'failed';

export function mediaProblemOf(error: unknown): MediaProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noDevice';
  return 'failed';
}
