import { AlipaySdk } from 'alipay-sdk';
import type {
  NotificationOutcome,
  NotificationReply,
  PaymentAction,
  PaymentProvider,
  PaymentQuery,
  PaymentRequest,
} from './payment-provider.ts';
import {
  fenToYuan,
  formatBeijingTime,
  loadPrivateKey,
  loadPublicKey,
  parseBeijingTime,
  PaymentProviderError,
  safeCode,
  silentLogger,
  yuanToFen,
  type PaymentLogger,
} from './payment-wire.ts';

export type AlipaySettings = {
  appId: string;
  /** The application's private key (PEM, PKCS#1 or PKCS#8; bare base64 as the console shows it works too). */
  privateKey: string;
  /** Alipay's public key (公钥模式; PEM or bare base64), which signs notifications and responses. */
  alipayPublicKey: string;
  /** The merchant's PID (2088…); when set, a notification for another seller is refused. */
  sellerId?: string;
  gateway?: string;
};

export type AlipayDeps = {
  /** The transport of server-to-server calls (query, close); tests point it at a local server. */
  fetch?: typeof fetch;
  log?: PaymentLogger;
  timeoutMs?: number;
};

export const DEFAULT_ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** Only these two states mean the money arrived (PROVIDERS.md, Alipay). */
const PAID_STATES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** Parameters the official SDK puts in the gateway URL; the rest of a call goes in the form body. */
const URL_PARAMS = new Set([
  'app_id',
  'method',
  'format',
  'charset',
  'sign_type',
  'sign',
  'timestamp',
  'version',
  'notify_url',
  'return_url',
  'auth_token',
  'app_auth_token',
]);

type GatewayReply = Record<string, unknown> & { code?: unknown; sub_code?: unknown };

/** Alipay's cashier refuses `/`, `=` and `&` in a subject, and cuts it at 256 characters. */
function cleanSubject(subject: string): string {
  return [...subject.replace(/[/=&]/g, ' ')].slice(0, 256).join('');
}

function parseForm(rawBody: Buffer): Record<string, string> | string {
  const params = new URLSearchParams(rawBody.toString('utf8'));
  const result: Record<string, string> = {};
  for (const [key, value] of params) {
    // Two values for one key: which one did Alipay sign? Neither is trusted.
    if (Object.hasOwn(result, key)) return `parameter ${key} appears twice`;
    result[key] = value;
  }
  return result;
}

/**
 * Alipay (OpenAPI 2.0, 公钥模式) through the official SDK `alipay-sdk`: it signs the page-pay URLs
 * and the server-to-server calls (RSA2), and checks the signatures of notifications and responses.
 * The calls themselves go through `fetch` so the transport is ours to inject and to time out.
 */
export function createAlipayProvider(settings: AlipaySettings, deps: AlipayDeps = {}): PaymentProvider {
  for (const key of ['appId', 'privateKey', 'alipayPublicKey'] as const) {
    if (!settings[key]) throw new Error(`Alipay configuration is missing ${key}`);
  }
  // Normalised through node:crypto: the SDK rebuilds PEM text from the key's lines and would mangle
  // a PKCS#8 key handed to it as PKCS#1 (its default); a bad key fails here, at start-up.
  const privateKey = loadPrivateKey(settings.privateKey, 'Alipay privateKey')
    .export({ type: 'pkcs1', format: 'pem' })
    .toString();
  const alipayPublicKey = loadPublicKey(settings.alipayPublicKey, 'Alipay alipayPublicKey')
    .export({ type: 'spki', format: 'pem' })
    .toString();
  const gateway = settings.gateway ?? DEFAULT_ALIPAY_GATEWAY;
  const sdk = new AlipaySdk({
    appId: settings.appId,
    privateKey,
    keyType: 'PKCS1',
    alipayPublicKey,
    gateway,
    signType: 'RSA2',
    camelcase: false,
  });
  const fetchImpl = deps.fetch ?? fetch;
  const log = deps.log ?? silentLogger;
  const timeoutMs = deps.timeoutMs ?? 10_000;

  /**
   * The SDK stamps requests with the server's local time, but Alipay reads `timestamp` as Beijing
   * time; our servers may run in UTC, so every request carries its Beijing timestamp explicitly.
   */
  const timestamp = () => formatBeijingTime(Date.now());

  /** One signed OpenAPI 2.0 call; the reply is returned only when Alipay's signature holds. */
  async function call(method: string, bizContent: Record<string, unknown>): Promise<GatewayReply> {
    const signed = new URLSearchParams(sdk.sdkExecute(method, { bizContent, timestamp: timestamp() }));
    const url = new URL(gateway);
    const form = new URLSearchParams();
    for (const [key, value] of signed) {
      (URL_PARAMS.has(key) ? url.searchParams : form).append(key, value);
    }
    let text: string;
    try {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded;charset=utf-8',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
      if (!response.ok) throw new PaymentProviderError('alipay', `HTTP_${response.status}`, method);
    } catch (err) {
      if (err instanceof PaymentProviderError) throw err;
      throw new PaymentProviderError('alipay', 'RequestFailed', `${method}: ${(err as Error).message}`);
    }
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new PaymentProviderError('alipay', 'MalformedResponse', method);
    }
    const responseKey = `${method.replaceAll('.', '_')}_response`;
    const key = parsed[responseKey] ? responseKey : 'error_response';
    const reply = parsed[key];
    if (!reply || typeof reply !== 'object') {
      throw new PaymentProviderError('alipay', 'MalformedResponse', method);
    }
    const data = reply as GatewayReply;
    const sign = parsed.sign;
    if (typeof sign !== 'string' || sign === '') {
      // The gateway leaves some refusals unsigned (a bad request signature); never read them as answers.
      throw new PaymentProviderError(
        'alipay',
        safeCode(data.sub_code ?? data.code, 'UnsignedResponse'),
        `${method}: unsigned response`,
      );
    }
    try {
      sdk.checkResponseSign(text, key, sign, '');
    } catch {
      throw new PaymentProviderError('alipay', 'ResponseSignatureInvalid', method);
    }
    return data;
  }

  function refuse(reason: string): NotificationOutcome {
    return { kind: 'rejected', reason };
  }

  return {
    driver: 'alipay',
    methods: ['alipay'],

    async createPayment(request: PaymentRequest): Promise<PaymentAction> {
      if (request.method !== 'alipay') throw new Error(`Alipay cannot take ${request.method}`);
      // Phone browsers get the wap cashier (it hands over to the Alipay app); WeChat's in-app
      // browser blocks Alipay anyway, and the wap page at least tells the student to open a browser.
      const desktop = request.client === 'desktop';
      const method = desktop ? 'alipay.trade.page.pay' : 'alipay.trade.wap.pay';
      const bizContent: Record<string, string> = {
        out_trade_no: request.orderNo,
        total_amount: fenToYuan(request.amountFen),
        subject: cleanSubject(request.subject),
        product_code: desktop ? 'FAST_INSTANT_TRADE_PAY' : 'QUICK_WAP_WAY',
        time_expire: formatBeijingTime(request.expiresAt),
      };
      if (!desktop) bizContent.quit_url = request.returnUrl;
      const url = sdk.pageExecute(method, 'GET', {
        bizContent,
        notifyUrl: request.notifyUrl,
        returnUrl: request.returnUrl,
        timestamp: timestamp(),
      });
      return { redirect_url: url };
    },

    // `now` is not used: Alipay's notifications carry no freshness window (retries span ~25 h), and
    // a replay is harmless because the credit is keyed by trade_no.
    async verifyNotification(notification): Promise<NotificationOutcome> {
      const params = parseForm(notification.rawBody);
      if (typeof params === 'string') return refuse(params);
      if (!params.sign) return refuse('missing sign');
      if (params.sign_type !== undefined && params.sign_type !== 'RSA2') {
        return refuse(`sign_type ${safeCode(params.sign_type, '?')} is not RSA2`);
      }
      let authentic = false;
      try {
        // The values are already URL-decoded (URLSearchParams), so the SDK must not decode them again.
        authentic = sdk.checkNotifySignV2(params);
      } catch {
        authentic = false;
      }
      if (!authentic) return refuse('bad signature (RSA2 over the sorted parameters)');
      if (params.app_id !== settings.appId) {
        return refuse(`app_id ${safeCode(params.app_id, '?')} is not ours`);
      }
      if (settings.sellerId && params.seller_id !== settings.sellerId) {
        return refuse(`seller_id ${safeCode(params.seller_id, '?')} is not ours`);
      }
      const orderNo = params.out_trade_no;
      if (!orderNo) return refuse('missing out_trade_no');
      const status = params.trade_status ?? '';
      if (!PAID_STATES.has(status)) {
        return { kind: 'ignored', orderNo, reason: `trade_status ${safeCode(status, '?')}` };
      }
      const amountFen = yuanToFen(params.total_amount);
      if (amountFen === null) return refuse('malformed total_amount');
      if (!params.trade_no) return refuse('missing trade_no');
      const paidAt = parseBeijingTime(params.gmt_payment) ?? parseBeijingTime(params.notify_time);
      if (paidAt === null) return refuse('malformed gmt_payment');
      return {
        kind: 'paid',
        payment: { orderNo, transactionId: params.trade_no, amountFen, paidAt },
      };
    },

    notificationReply(accepted: boolean): NotificationReply {
      // Anything but the exact 7 characters `success` makes Alipay send the notification again.
      return { status: 200, contentType: 'text/plain', body: accepted ? 'success' : 'fail' };
    },

    async queryPayment(orderNo: string): Promise<PaymentQuery> {
      const data = await call('alipay.trade.query', { out_trade_no: orderNo });
      if (data.code !== '10000') {
        if (data.sub_code === 'ACQ.TRADE_NOT_EXIST') return { status: 'unknown' };
        throw new PaymentProviderError('alipay', safeCode(data.sub_code ?? data.code, 'QueryFailed'));
      }
      if (data.out_trade_no !== orderNo) {
        throw new PaymentProviderError('alipay', 'OrderMismatch', 'alipay.trade.query');
      }
      const status = typeof data.trade_status === 'string' ? data.trade_status : '';
      if (status === 'WAIT_BUYER_PAY') return { status: 'awaiting' };
      // TRADE_CLOSED also covers a payment refunded in full: nothing to credit either way.
      if (status === 'TRADE_CLOSED') return { status: 'closed' };
      if (!PAID_STATES.has(status)) {
        throw new PaymentProviderError('alipay', safeCode(status, 'UnknownTradeStatus'));
      }
      const amountFen = yuanToFen(data.total_amount as string | undefined);
      const transactionId = data.trade_no;
      if (amountFen === null || typeof transactionId !== 'string' || transactionId === '') {
        throw new PaymentProviderError('alipay', 'MalformedResponse', 'alipay.trade.query');
      }
      // send_pay_date is when Alipay settled the payment; a reply without it was paid by now at the latest.
      const paidAt = parseBeijingTime(data.send_pay_date as string | undefined) ?? Date.now();
      return { status: 'paid', payment: { orderNo, transactionId, amountFen, paidAt } };
    },

    async closePayment(orderNo: string): Promise<void> {
      try {
        const data = await call('alipay.trade.close', { out_trade_no: orderNo });
        // TRADE_NOT_EXIST: the student never opened the cashier, so there is nothing to close.
        if (data.code === '10000' || data.sub_code === 'ACQ.TRADE_NOT_EXIST') return;
        log.warn(
          { provider: 'alipay', orderNo, code: safeCode(data.sub_code ?? data.code, '?') },
          'Alipay refused to close the payment',
        );
      } catch (err) {
        log.warn({ provider: 'alipay', orderNo, err: (err as Error).message }, 'Alipay close failed');
      }
    },
  };
}
