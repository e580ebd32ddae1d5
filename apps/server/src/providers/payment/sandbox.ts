import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_BASE } from '@app/contract/constants';
import type {
  NotificationOutcome,
  NotificationReply,
  PaymentAction,
  PaymentProvider,
  PaymentQuery,
  PaymentRequest,
  RawNotification,
  VerifiedPayment,
} from './payment-provider.ts';
import { headerValue } from './payment-wire.ts';

/**
 * The `sandbox` payment provider (PAY_DRIVER=sandbox, the default): a local cashier page at
 * /api/v1/pay/sandbox/{order_no} that takes both methods and no money. It behaves like a real
 * provider where it matters for crediting: when the student presses Pay it records the payment on its
 * side (table sandbox_payment, which its query answers from) and sends a notification signed with a
 * server secret, which goes through the same verification (signature over timestamp, nonce and the
 * raw body; ±300 s; app id) and the same paid transition as Alipay's or WeChat's.
 *
 * Wire format, modelled on WeChat Pay v3: JSON body {app_id, out_trade_no, transaction_id,
 * amount_fen, trade_state: SUCCESS | CLOSED, success_time}; headers Sandbox-Timestamp (seconds),
 * Sandbox-Nonce, Sandbox-Signature = base64(HMAC-SHA256(secret, `${timestamp}\n${nonce}\n${body}\n`)).
 */

/** The app id the sandbox signs into its notifications; any other is refused like a foreign merchant's. */
export const SANDBOX_APP_ID = 'sandbox-app';
/** Path of the cashier page of an order (served by the payments module when the sandbox is active). */
export const SANDBOX_CASHIER_PATH = `${API_BASE}/pay/sandbox`;
/** Notifications older or newer than this are refused (a replay of a captured one). */
export const NOTIFICATION_MAX_SKEW_MS = 300_000;

export type SandboxNotificationBody = {
  app_id: string;
  out_trade_no: string;
  transaction_id: string;
  amount_fen: number;
  trade_state: 'SUCCESS' | 'CLOSED';
  success_time: string;
};

/** The sandbox's own record of what was paid at its cashier (the payments module keeps it in the database). */
export type SandboxPaymentStore = {
  /** Records the payment unless the order was paid already; the payment on record either way. */
  recordPayment(payment: VerifiedPayment): Promise<VerifiedPayment>;
  findPayment(orderNo: string): Promise<VerifiedPayment | undefined>;
};

export type SandboxPaymentProvider = PaymentProvider & {
  readonly driver: 'sandbox';
  /** Whether `token` is the cashier link token of this order (constant-time compare). */
  verifyCashierToken(orderNo: string, token: string): Promise<boolean>;
  /** The cashier page's own URL (absolute when `origin` is given): the QR variant says so. */
  cashierUrl(orderNo: string, options: { origin?: string; via?: 'qr' }): Promise<string>;
  /**
   * The student pressed Pay: the payment is recorded on the sandbox's side (once: the same
   * transaction id whenever it is pressed again) and the signed notification it sends is returned.
   */
  pay(order: { orderNo: string; amountFen: number }, now: number): Promise<RawNotification>;
};

/** Signs a sandbox notification exactly as the sandbox sends it (tests forge and replay with it). */
export function signSandboxNotification(
  secret: string,
  body: SandboxNotificationBody | string,
  options: { timestampSec: number; nonce?: string },
): RawNotification {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const nonce = options.nonce ?? randomBytes(16).toString('hex');
  const timestamp = String(options.timestampSec);
  const signature = createHmac('sha256', secret).update(`${timestamp}\n${nonce}\n${raw}\n`).digest('base64');
  return {
    headers: {
      'content-type': 'application/json',
      'sandbox-timestamp': timestamp,
      'sandbox-nonce': nonce,
      'sandbox-signature': signature,
    },
    rawBody: Buffer.from(raw, 'utf8'),
  };
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function parseBody(raw: Buffer): SandboxNotificationBody | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  const b = value as Record<string, unknown>;
  const ok =
    typeof b.app_id === 'string' &&
    typeof b.out_trade_no === 'string' &&
    typeof b.transaction_id === 'string' &&
    b.transaction_id.length > 0 &&
    typeof b.amount_fen === 'number' &&
    Number.isSafeInteger(b.amount_fen) &&
    (b.trade_state === 'SUCCESS' || b.trade_state === 'CLOSED') &&
    typeof b.success_time === 'string' &&
    Number.isFinite(Date.parse(b.success_time));
  return ok ? (b as SandboxNotificationBody) : undefined;
}

/**
 * `secret` is read when first needed (a server secret generated into app_setting on first use, shared
 * by every instance), so an installation whose cashier is never used stores none.
 */
export function createSandboxPaymentProvider(options: {
  secret: () => Promise<string>;
  store: SandboxPaymentStore;
}): SandboxPaymentProvider {
  const { store } = options;
  let secretOnce: Promise<string> | undefined;
  const secretOf = () => (secretOnce ??= options.secret());
  const tokenOf = async (orderNo: string) =>
    createHmac('sha256', await secretOf())
      .update(`sandbox-cashier:${orderNo}`)
      .digest('base64url');

  const cashierUrl: SandboxPaymentProvider['cashierUrl'] = async (orderNo, { origin = '', via }) =>
    `${origin}${SANDBOX_CASHIER_PATH}/${orderNo}?t=${await tokenOf(orderNo)}${via ? `&via=${via}` : ''}`;

  return {
    driver: 'sandbox',
    methods: ['wechat', 'alipay'],

    async createPayment(request: PaymentRequest): Promise<PaymentAction> {
      // The cashier lives on this server, at the origin the notification goes to.
      const origin = new URL(request.notifyUrl).origin;
      // WeChat on a desktop shows a QR code: scanned with a phone on the same network, it opens the
      // cashier there, as WeChat's native pay opens WeChat. Everywhere else the page itself opens.
      if (request.method === 'wechat' && request.client === 'desktop') {
        return { qr_code: await cashierUrl(request.orderNo, { origin, via: 'qr' }) };
      }
      return { redirect_url: await cashierUrl(request.orderNo, { origin }) };
    },

    async verifyNotification(notification: RawNotification, now: number): Promise<NotificationOutcome> {
      const timestamp = headerValue(notification.headers, 'sandbox-timestamp');
      const nonce = headerValue(notification.headers, 'sandbox-nonce');
      const signature = headerValue(notification.headers, 'sandbox-signature');
      if (!timestamp || !nonce || !signature)
        return { kind: 'rejected', reason: 'signature headers missing' };
      const raw = notification.rawBody.toString('utf8');
      const expected = createHmac('sha256', await secretOf())
        .update(`${timestamp}\n${nonce}\n${raw}\n`)
        .digest('base64');
      if (!sameText(signature, expected)) return { kind: 'rejected', reason: 'bad signature' };
      // Checked after the signature, so the timestamp is the one the sender signed.
      if (
        !/^\d{1,12}$/.test(timestamp) ||
        Math.abs(now - Number(timestamp) * 1000) > NOTIFICATION_MAX_SKEW_MS
      ) {
        return { kind: 'rejected', reason: 'stale timestamp' };
      }
      const body = parseBody(notification.rawBody);
      if (!body) return { kind: 'rejected', reason: 'malformed body' };
      if (body.app_id !== SANDBOX_APP_ID) return { kind: 'rejected', reason: 'another app id' };
      if (body.trade_state !== 'SUCCESS') {
        return { kind: 'ignored', orderNo: body.out_trade_no, reason: `trade_state ${body.trade_state}` };
      }
      return {
        kind: 'paid',
        payment: {
          orderNo: body.out_trade_no,
          transactionId: body.transaction_id,
          amountFen: body.amount_fen,
          paidAt: Date.parse(body.success_time),
        },
      };
    },

    notificationReply(accepted: boolean): NotificationReply {
      return accepted
        ? { status: 204 }
        : {
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'FAIL', message: 'rejected' }),
          };
    },

    async queryPayment(orderNo: string): Promise<PaymentQuery> {
      const payment = await store.findPayment(orderNo);
      return payment ? { status: 'paid', payment } : { status: 'awaiting' };
    },

    async closePayment(): Promise<void> {
      // Nothing to close: the cashier shows the order's state and offers Pay only while it awaits.
    },

    async verifyCashierToken(orderNo: string, token: string): Promise<boolean> {
      return sameText(token, await tokenOf(orderNo));
    },

    cashierUrl,

    async pay(order, now) {
      const payment = await store.recordPayment({
        orderNo: order.orderNo,
        // One payment per order at a provider: pressing Pay again sends the same transaction.
        transactionId: `SBX${order.orderNo}`,
        amountFen: order.amountFen,
        paidAt: now,
      });
      return signSandboxNotification(
        await secretOf(),
        {
          app_id: SANDBOX_APP_ID,
          out_trade_no: payment.orderNo,
          transaction_id: payment.transactionId,
          amount_fen: payment.amountFen,
          trade_state: 'SUCCESS',
          success_time: new Date(payment.paidAt).toISOString(),
        },
        { timestampSec: Math.floor(now / 1000) },
      );
    },
  };
}

export function isSandboxProvider(provider: PaymentProvider): provider is SandboxPaymentProvider {
  return provider.driver === 'sandbox' && 'pay' in provider;
}
