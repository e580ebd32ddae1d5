import type { PayMethod, PayOrderStatus } from '@app/contract/enums';
import type { Order, PayAction } from '@app/contract/payments';
import { isApiError } from '../../../lib/http/api-error.ts';

/** PAY_ORDER_STATUSES by name (DESIGN.md §7: 0 awaiting → 200 paid, or → 500 closed). */
export const ORDER_STATUS = { awaiting: 0, paid: 200, closed: 500 } as const satisfies Record<
  string,
  PayOrderStatus
>;

/** How often the payment step asks for the order while it awaits payment. */
export const ORDER_POLL_MS = 2_000;

/**
 * After the order's time is up, keep asking a little longer: a payment made in the last seconds is
 * notified a moment later, and the server credits it even once the order is closed (DESIGN.md §7).
 */
export const EXPIRY_GRACE_MS = 30_000;

/**
 * A wrong or stale order link: an order number that is malformed (400), unknown or another
 * student's (404). The page says the order was not found; only other failures suggest the network.
 */
export function isOrderNotFound(error: unknown): boolean {
  return isApiError(error) && (error.httpStatus === 404 || error.httpStatus === 400);
}

/** What the payment step shows. */
export type PaymentPhase = 'awaiting' | 'paid' | 'closed' | 'expired';

export function paymentPhaseOf(order: Pick<Order, 'status' | 'expires_at'>, now: number): PaymentPhase {
  if (order.status === ORDER_STATUS.paid) return 'paid';
  if (order.status === ORDER_STATUS.closed) return 'closed';
  return now >= Date.parse(order.expires_at) ? 'expired' : 'awaiting';
}

/** TanStack Query's refetchInterval: every 2 s while the order may still be paid, else off. */
export function pollIntervalOf(
  order: Pick<Order, 'status' | 'expires_at'> | undefined,
  now: number,
): number | false {
  if (!order) return false;
  if (order.status !== ORDER_STATUS.awaiting) return false;
  return now < Date.parse(order.expires_at) + EXPIRY_GRACE_MS ? ORDER_POLL_MS : false;
}

/** Whole seconds left until `expiresAt`, never negative. */
export function secondsLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

/** 905 → "15:05"; 3725 → "1:02:05" (WeChat native codes live up to 2 h). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/**
 * The WeChat in-app browser (user agent `MicroMessenger`) blocks `alipays://` links (PROVIDERS.md):
 * there only WeChat Pay is offered.
 */
export function isWeChatBrowser(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/** The methods to offer: those the installation takes, without Alipay inside WeChat. */
export function offeredPayMethods(taken: readonly PayMethod[], userAgent: string): PayMethod[] {
  return isWeChatBrowser(userAgent) ? taken.filter((m) => m !== 'alipay') : [...taken];
}

/**
 * How the payment step shows a pay action: a QR code to scan, and (for a web address, such as the
 * sandbox cashier's) a link to open it on this device; or a page to open.
 */
export type PayActionView =
  { kind: 'qr'; value: string; openUrl: string | null } | { kind: 'redirect'; url: string };

export function payActionView(pay: PayAction): PayActionView {
  if ('qr_code' in pay) {
    return {
      kind: 'qr',
      value: pay.qr_code,
      openUrl: /^https?:\/\//i.test(pay.qr_code) ? pay.qr_code : null,
    };
  }
  return { kind: 'redirect', url: pay.redirect_url };
}

/**
 * An Idempotency-Key for one confirmation: 32 hex digits from crypto.getRandomValues, which (unlike
 * crypto.randomUUID) also works on a plain-http address such as a phone testing on the LAN.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
