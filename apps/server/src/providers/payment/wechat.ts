import { createDecipheriv, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import type {
  NotificationOutcome,
  NotificationReply,
  PaymentAction,
  PaymentProvider,
  PaymentQuery,
  PaymentRequest,
  VerifiedPayment,
} from './payment-provider.ts';
import {
  formatRfc3339Beijing,
  headerValue,
  loadPrivateKey,
  loadPublicKey,
  parseRfc3339,
  PaymentProviderError,
  safeCode,
  silentLogger,
  type PaymentLogger,
} from './payment-wire.ts';

export type WechatPaySettings = {
  mchId: string;
  appId: string;
  /** The APIv3 key: 32 characters, used as the AES-256-GCM key of notification resources. */
  apiV3Key: string;
  /** The merchant API certificate's private key (PEM). */
  merchantPrivateKey: string;
  /** The serial of the merchant API certificate (serial_no in our Authorization header). */
  merchantSerial: string;
  /** The platform certificate or the WeChat Pay public key (PEM) that signs notifications and replies. */
  platformPublicKey: string;
  /** The platform certificate's serial, or the public key's id `PUB_KEY_ID_…` (Wechatpay-Serial). */
  platformSerial: string;
  apiBase?: string;
};

export type WechatPayDeps = {
  fetch?: typeof fetch;
  log?: PaymentLogger;
  timeoutMs?: number;
};

export const DEFAULT_WECHAT_API_BASE = 'https://api.mch.weixin.qq.com';

/** WeChat Pay refuses a notification or a reply signed more than 5 minutes from our clock. */
const MAX_SKEW_SECONDS = 300;
const USER_AGENT = 'lingyan-server (node; WeChatPay APIv3)';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/**
 * WeChat Pay API v3 with node:crypto only: requests signed with the merchant key
 * (WECHATPAY2-SHA256-RSA2048), replies and notifications verified with the platform key named by
 * the configured serial, notification resources decrypted with AEAD_AES_256_GCM (PROVIDERS.md).
 */
export function createWechatPayProvider(
  settings: WechatPaySettings,
  deps: WechatPayDeps = {},
): PaymentProvider {
  for (const key of [
    'mchId',
    'appId',
    'apiV3Key',
    'merchantPrivateKey',
    'merchantSerial',
    'platformPublicKey',
    'platformSerial',
  ] as const) {
    if (!settings[key]) throw new Error(`WeChat Pay configuration is missing ${key}`);
  }
  const apiV3Key = Buffer.from(settings.apiV3Key, 'utf8');
  if (apiV3Key.length !== 32) throw new Error('WeChat Pay apiV3Key must be 32 bytes');
  const merchantKey = loadPrivateKey(settings.merchantPrivateKey, 'WeChat Pay merchantPrivateKey');
  const platformKey = loadPublicKey(settings.platformPublicKey, 'WeChat Pay platformPublicKey');
  const apiBase = (settings.apiBase ?? DEFAULT_WECHAT_API_BASE).replace(/\/+$/, '');
  const fetchImpl = deps.fetch ?? fetch;
  const log = deps.log ?? silentLogger;
  const timeoutMs = deps.timeoutMs ?? 10_000;

  /**
   * Checks a WeChat signature (`timestamp\nnonce\nbody\n`) and its serial and time; returns why it
   * fails, or null. Shared by notifications and by the replies to our own calls.
   */
  function signatureProblem(
    headers: Record<string, string | string[] | undefined>,
    body: Buffer,
    nowMs: number,
    key: KeyObject = platformKey,
  ): string | null {
    const timestamp = headerValue(headers, 'wechatpay-timestamp');
    const nonce = headerValue(headers, 'wechatpay-nonce');
    const signature = headerValue(headers, 'wechatpay-signature');
    const serial = headerValue(headers, 'wechatpay-serial');
    if (!timestamp) return 'missing Wechatpay-Timestamp';
    if (!nonce) return 'missing Wechatpay-Nonce';
    if (!signature) return 'missing Wechatpay-Signature';
    if (!serial) return 'missing Wechatpay-Serial';
    if (!/^\d{1,12}$/.test(timestamp)) return 'malformed Wechatpay-Timestamp';
    const skew = Math.abs(Math.floor(nowMs / 1000) - Number(timestamp));
    if (skew > MAX_SKEW_SECONDS) {
      return `Wechatpay-Timestamp is ${skew} s from now (limit ${MAX_SKEW_SECONDS} s)`;
    }
    const signatureType = headerValue(headers, 'wechatpay-signature-type');
    if (signatureType !== undefined && signatureType !== 'WECHATPAY2-SHA256-RSA2048') {
      return `signature type ${safeCode(signatureType, '?')} is not WECHATPAY2-SHA256-RSA2048`;
    }
    // Only the configured key is trusted; a rotated platform certificate needs a configuration change.
    if (serial !== settings.platformSerial) {
      return `Wechatpay-Serial ${safeCode(serial, '?')} is not the configured platform serial`;
    }
    const message = Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`), body, Buffer.from('\n')]);
    let valid = false;
    try {
      valid = verify('sha256', message, key, Buffer.from(signature, 'base64'));
    } catch {
      valid = false;
    }
    // WeChat sends deliberately bad signatures (WECHATPAY/SIGNTEST/…) to check that we verify.
    return valid ? null : 'bad signature';
  }

  function authorization(method: string, pathAndQuery: string, body: string): string {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex').toUpperCase();
    const message = `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`;
    const signature = sign('sha256', Buffer.from(message, 'utf8'), merchantKey).toString('base64');
    return (
      `WECHATPAY2-SHA256-RSA2048 mchid="${settings.mchId}",nonce_str="${nonce}",` +
      `signature="${signature}",timestamp="${timestamp}",serial_no="${settings.merchantSerial}"`
    );
  }

  type ApiReply = { status: number; data: Json | null };

  /**
   * One signed call. A success reply, and the "no such order" reply that reconciliation acts on, are
   * believed only with a valid platform signature; other errors are reported by code only.
   */
  async function call(method: 'GET' | 'POST', path: string, payload?: Json): Promise<ApiReply> {
    const url = new URL(`${apiBase}${path}`);
    const body = payload === undefined ? '' : JSON.stringify(payload);
    let status: number;
    let text: Buffer;
    let headers: Record<string, string>;
    try {
      const response = await fetchImpl(url, {
        method,
        headers: {
          authorization: authorization(method, `${url.pathname}${url.search}`, body),
          accept: 'application/json',
          'user-agent': USER_AGENT,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: payload === undefined ? undefined : body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = Buffer.from(await response.arrayBuffer());
      headers = Object.fromEntries(response.headers.entries());
    } catch (err) {
      throw new PaymentProviderError(
        'wechat',
        'RequestFailed',
        `${method} ${path}: ${(err as Error).message}`,
      );
    }
    let data: Json | null = null;
    if (text.length > 0) {
      try {
        const parsed: unknown = JSON.parse(text.toString('utf8'));
        data = isObject(parsed) ? parsed : null;
      } catch {
        data = null;
      }
    }
    const trusted = (status >= 200 && status < 300) || data?.code === 'ORDER_NOT_EXIST';
    if (trusted) {
      const problem = signatureProblem(headers, text, Date.now());
      if (problem) throw new PaymentProviderError('wechat', 'ResponseSignatureInvalid', problem);
    }
    return { status, data };
  }

  function failure(reply: ApiReply, what: string): PaymentProviderError {
    return new PaymentProviderError('wechat', safeCode(reply.data?.code, `HTTP_${reply.status}`), what);
  }

  function outTradeNoPath(orderNo: string): string {
    return `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}`;
  }

  function decryptResource(resource: Json): Json | string {
    if (resource.algorithm !== 'AEAD_AES_256_GCM') return 'resource algorithm is not AEAD_AES_256_GCM';
    const { ciphertext, nonce } = resource;
    const associatedData = resource.associated_data ?? '';
    if (!nonEmpty(ciphertext) || !nonEmpty(nonce) || typeof associatedData !== 'string') {
      return 'malformed resource';
    }
    const sealed = Buffer.from(ciphertext, 'base64');
    if (sealed.length <= 16) return 'malformed resource ciphertext';
    let plaintext: string;
    try {
      const decipher = createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(nonce, 'utf8'));
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(sealed.subarray(sealed.length - 16));
      plaintext = Buffer.concat([
        decipher.update(sealed.subarray(0, sealed.length - 16)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return 'resource decryption failed (AES-256-GCM tag mismatch)';
    }
    try {
      const parsed: unknown = JSON.parse(plaintext);
      return isObject(parsed) ? parsed : 'decrypted resource is not an object';
    } catch {
      return 'decrypted resource is not JSON';
    }
  }

  /** A transaction (decrypted notification or query reply) that says SUCCESS, read strictly. */
  function paidTransaction(orderNo: string, tx: Json): VerifiedPayment | string {
    const amount = isObject(tx.amount) ? tx.amount : {};
    const total = amount.total;
    if (typeof total !== 'number' || !Number.isSafeInteger(total) || total <= 0) {
      return 'malformed amount.total';
    }
    if (amount.currency !== undefined && amount.currency !== 'CNY') return 'currency is not CNY';
    if (!nonEmpty(tx.transaction_id)) return 'missing transaction_id';
    const paidAt = parseRfc3339(tx.success_time);
    if (paidAt === null) return 'malformed success_time';
    return { orderNo, transactionId: tx.transaction_id, amountFen: total, paidAt };
  }

  function merchantProblem(tx: Json): string | null {
    if (tx.mchid !== settings.mchId) return `mchid ${safeCode(tx.mchid, '?')} is not ours`;
    if (tx.appid !== settings.appId) return `appid ${safeCode(tx.appid, '?')} is not ours`;
    return null;
  }

  return {
    driver: 'wechat',
    methods: ['wechat'],

    async createPayment(request: PaymentRequest): Promise<PaymentAction> {
      if (request.method !== 'wechat') throw new Error(`WeChat Pay cannot take ${request.method}`);
      if (!Number.isSafeInteger(request.amountFen) || request.amountFen <= 0) {
        throw new Error(`amount must be positive fen: ${request.amountFen}`);
      }
      // H5 pay serves phone browsers only (WeChat refuses it inside its own browser, and JSAPI would
      // need the student's openid): desktop and WeChat's browser get the Native QR code, which the
      // in-app browser can scan by a long press.
      const h5 = request.client === 'mobile';
      const payload: Json = {
        appid: settings.appId,
        mchid: settings.mchId,
        description: [...request.subject].slice(0, 127).join(''),
        out_trade_no: request.orderNo,
        time_expire: formatRfc3339Beijing(request.expiresAt),
        notify_url: request.notifyUrl,
        amount: { total: request.amountFen, currency: 'CNY' },
      };
      if (h5) {
        payload.scene_info = { payer_client_ip: request.clientIp, h5_info: { type: 'Wap' } };
      }
      const path = h5 ? '/v3/pay/transactions/h5' : '/v3/pay/transactions/native';
      const reply = await call('POST', path, payload);
      if (reply.status !== 200) throw failure(reply, path);
      if (h5) {
        const h5Url = reply.data?.h5_url;
        if (!nonEmpty(h5Url)) throw new PaymentProviderError('wechat', 'MalformedResponse', path);
        // Without redirect_url the cashier returns to the page that opened it, not to the order.
        const separator = h5Url.includes('?') ? '&' : '?';
        return { redirect_url: `${h5Url}${separator}redirect_url=${encodeURIComponent(request.returnUrl)}` };
      }
      const codeUrl = reply.data?.code_url;
      if (!nonEmpty(codeUrl)) throw new PaymentProviderError('wechat', 'MalformedResponse', path);
      return { qr_code: codeUrl };
    },

    async verifyNotification(notification, now): Promise<NotificationOutcome> {
      const problem = signatureProblem(notification.headers, notification.rawBody, now);
      if (problem) return { kind: 'rejected', reason: problem };
      let body: unknown;
      try {
        body = JSON.parse(notification.rawBody.toString('utf8'));
      } catch {
        return { kind: 'rejected', reason: 'body is not JSON' };
      }
      if (!isObject(body) || !isObject(body.resource)) {
        return { kind: 'rejected', reason: 'missing resource' };
      }
      const tx = decryptResource(body.resource);
      if (typeof tx === 'string') return { kind: 'rejected', reason: tx };
      const notOurs = merchantProblem(tx);
      if (notOurs) return { kind: 'rejected', reason: notOurs };
      if (!nonEmpty(tx.out_trade_no)) return { kind: 'rejected', reason: 'missing out_trade_no' };
      const orderNo = tx.out_trade_no;
      if (tx.trade_state !== 'SUCCESS') {
        return { kind: 'ignored', orderNo, reason: `trade_state ${safeCode(tx.trade_state, '?')}` };
      }
      const paid = paidTransaction(orderNo, tx);
      if (typeof paid === 'string') return { kind: 'rejected', reason: paid };
      return { kind: 'paid', payment: paid };
    },

    notificationReply(accepted: boolean): NotificationReply {
      if (accepted) return { status: 204 };
      // Any 4xx/5xx makes WeChat retry (15 s … 6 h); the message is for their console only.
      return {
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'FAIL', message: 'notification not accepted' }),
      };
    },

    async queryPayment(orderNo: string): Promise<PaymentQuery> {
      const path = `${outTradeNoPath(orderNo)}?mchid=${encodeURIComponent(settings.mchId)}`;
      const reply = await call('GET', path);
      if (reply.status === 404 && reply.data?.code === 'ORDER_NOT_EXIST') return { status: 'unknown' };
      if (reply.status !== 200 || !reply.data) throw failure(reply, 'query');
      const tx = reply.data;
      const notOurs = merchantProblem(tx) ?? (tx.out_trade_no === orderNo ? null : 'out_trade_no differs');
      if (notOurs) throw new PaymentProviderError('wechat', 'OrderMismatch', notOurs);
      switch (tx.trade_state) {
        case 'NOTPAY':
        case 'USERPAYING':
          return { status: 'awaiting' };
        // REFUND: paid, then refunded from the merchant platform before we credited; nothing to credit.
        case 'CLOSED':
        case 'REVOKED':
        case 'PAYERROR':
        case 'REFUND':
          return { status: 'closed' };
        case 'SUCCESS': {
          const paid = paidTransaction(orderNo, tx);
          if (typeof paid === 'string') throw new PaymentProviderError('wechat', 'MalformedResponse', paid);
          return { status: 'paid', payment: paid };
        }
        default:
          throw new PaymentProviderError('wechat', safeCode(tx.trade_state, 'UnknownTradeState'));
      }
    },

    async closePayment(orderNo: string): Promise<void> {
      try {
        const reply = await call('POST', `${outTradeNoPath(orderNo)}/close`, { mchid: settings.mchId });
        if (reply.status === 204 || reply.status === 200) return;
        log.warn(
          { provider: 'wechat', orderNo, code: safeCode(reply.data?.code, `HTTP_${reply.status}`) },
          'WeChat Pay refused to close the payment',
        );
      } catch (err) {
        log.warn({ provider: 'wechat', orderNo, err: (err as Error).message }, 'WeChat Pay close failed');
      }
    },
  };
}
