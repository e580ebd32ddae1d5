/**
 * The payment provider seam (DESIGN.md §7 "Orders and payment", PROVIDERS.md): one interface for the
 * sandbox cashier, Alipay and WeChat Pay v3, chosen by PAY_DRIVER in payment.config.ts. The payments
 * service never sees a provider's wire format: it asks for a way to pay, hands over the raw
 * notification for verification, and queries a payment when reconciling.
 */

export type PaymentDriver = 'sandbox' | 'alipay' | 'wechat';
export type PayMethod = 'wechat' | 'alipay';

/** Where the student pays: a desktop browser, a phone browser, or WeChat's in-app browser. */
export type PayClient = 'desktop' | 'mobile' | 'wechat-browser';

export type PaymentRequest = {
  orderNo: string;
  /** Integer fen (CNY minor unit). */
  amountFen: number;
  /** Shown by the provider's cashier, e.g. "学币 600". */
  subject: string;
  method: PayMethod;
  client: PayClient;
  /** Epoch ms after which the order closes (ORDER_TTL_MINUTES). */
  expiresAt: number;
  /** Absolute URL of our notification route for this provider (…/api/v1/pay/notify/<provider>). */
  notifyUrl: string;
  /** Absolute URL the student's browser returns to (the order page); never proof of payment. */
  returnUrl: string;
  /** The student's client IP (WeChat H5 needs it). */
  clientIp: string;
};

/** How the web app lets the student pay: a QR code to scan, or a page to open. */
export type PaymentAction = { qr_code: string } | { redirect_url: string };

/** A provider's notification as it arrived: headers and the exact raw body bytes. */
export type RawNotification = {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
};

/** A notification that passed signature, time and merchant checks. */
export type VerifiedPayment = {
  orderNo: string;
  /** The provider's transaction id: unique per provider, the key that makes a second credit impossible. */
  transactionId: string;
  amountFen: number;
  /** Epoch ms. */
  paidAt: number;
};

export type NotificationOutcome =
  /** Paid: credit the order if the amount matches (checked by the service against the order). */
  | { kind: 'paid'; payment: VerifiedPayment }
  /** Authentic but not a payment (e.g. WAIT_BUYER_PAY, TRADE_CLOSED): acknowledge, change nothing. */
  | { kind: 'ignored'; orderNo: string; reason: string }
  /** Not authentic or not ours (bad signature, stale timestamp, other app id or merchant): refuse. */
  | { kind: 'rejected'; reason: string };

/** The HTTP reply the provider expects (Alipay: `success`; WeChat: 204 / a JSON error). */
export type NotificationReply = { status: number; contentType?: string; body?: string };

export type PaymentQuery =
  | { status: 'paid'; payment: VerifiedPayment }
  | { status: 'awaiting' }
  | { status: 'closed' }
  /** The provider has no such order (never opened by the student). */
  | { status: 'unknown' };

export type PaymentProvider = {
  readonly driver: PaymentDriver;
  /** Which methods this provider takes (sandbox: both). */
  readonly methods: readonly PayMethod[];
  createPayment(request: PaymentRequest): Promise<PaymentAction>;
  verifyNotification(notification: RawNotification, now: number): Promise<NotificationOutcome>;
  /** What to answer the provider: `accepted` when the notification was processed or is a duplicate. */
  notificationReply(accepted: boolean): NotificationReply;
  queryPayment(orderNo: string): Promise<PaymentQuery>;
  /** Closes the payment at the provider (best effort; a later paid notification still credits). */
  closePayment(orderNo: string): Promise<void>;
};
