import * as dysms from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { SmsSendError, type SmsLogger, type SmsNoticeTemplate, type SmsProvider } from './sms-provider.ts';

export type AliyunSmsConfig = {
  accessKeyId: string;
  accessKeySecret: string;
  /** The registered signature (签名). */
  signName: string;
  /** The registered verification-code template (e.g. SMS_123456789) with a `${code}` parameter. */
  templateCode: string;
  /** Registered templates of notices (class reminders); a notice without one is refused. */
  noticeTemplates?: Partial<Record<SmsNoticeTemplate, string>>;
  /**
   * Host (`dysmsapi.aliyuncs.com`, the default, over HTTPS) or a full origin such as
   * `http://127.0.0.1:8080`, which tests use to point the SDK at a local fake server.
   */
  endpoint?: string;
  connectTimeoutMs?: number;
  readTimeoutMs?: number;
};

const DEFAULT_ENDPOINT = 'dysmsapi.aliyuncs.com';

/**
 * The SDK ships CommonJS with `exports.default = Client`. Under Node's ESM loader a default import is
 * the whole `module.exports`, while bundlers and the typings hand out the class itself; accept both.
 */
function sdkClientClass(): typeof dysms.default {
  const candidate: unknown = dysms.default;
  if (typeof candidate === 'function') return candidate as typeof dysms.default;
  return (candidate as { default: typeof dysms.default }).default;
}

function splitEndpoint(endpoint: string): { protocol: 'http' | 'https'; host: string } {
  const match = /^(https?):\/\/([^/]+)\/?$/i.exec(endpoint.trim());
  if (match) return { protocol: match[1]!.toLowerCase() as 'http' | 'https', host: match[2]! };
  return { protocol: 'https', host: endpoint.trim() };
}

/** Provider codes look like `isv.BUSINESS_LIMIT_CONTROL`; anything else is not echoed into our errors. */
function safeCode(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^[\w.-]{1,80}$/.test(value) ? value : fallback;
}

/** Aliyun's messages may quote the request; keep long digit runs (phone numbers) out of our logs. */
function safeDetail(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  return value.replace(/\d{5,}/g, '[digits]').slice(0, 200);
}

/**
 * Aliyun Dysms through the official SDK (`@alicloud/dysmsapi20170525`, API 2017-05-25, SendSms).
 * The SDK signs every request (ACS3-HMAC-SHA256) and does not retry by default, which we keep:
 * SendSms is not idempotent, so a retry after a timeout could send the code twice.
 */
export function createAliyunSmsProvider(config: AliyunSmsConfig, logger: SmsLogger): SmsProvider {
  for (const key of ['accessKeyId', 'accessKeySecret', 'signName', 'templateCode'] as const) {
    if (!config[key]) throw new Error(`Aliyun SMS configuration is missing ${key}`);
  }
  const { protocol, host } = splitEndpoint(config.endpoint ?? DEFAULT_ENDPOINT);
  const Client = sdkClientClass();
  const client = new Client(
    new $OpenApiUtil.Config({
      accessKeyId: config.accessKeyId,
      accessKeySecret: config.accessKeySecret,
      endpoint: host,
      protocol,
      connectTimeout: config.connectTimeoutMs ?? 5_000,
      readTimeout: config.readTimeoutMs ?? 10_000,
    }),
  );

  async function send(
    mobile: string,
    templateCode: string,
    templateParam: Record<string, string>,
    requestId: string | undefined,
  ): Promise<void> {
    const request = new dysms.SendSmsRequest({
      phoneNumbers: mobile,
      signName: config.signName,
      templateCode,
      templateParam: JSON.stringify(templateParam),
    });
    let body: dysms.SendSmsResponseBody | undefined;
    try {
      body = (await client.sendSms(request)).body;
    } catch (err) {
      // SDK errors may hold the whole request (phone number included): rethrow only a code.
      const e = err as { code?: unknown; statusCode?: unknown; message?: unknown } | null;
      const status = typeof e?.statusCode === 'number' ? `HTTP ${e.statusCode}` : undefined;
      throw new SmsSendError('aliyun', safeCode(e?.code, 'RequestFailed'), status);
    }
    if (body?.code !== 'OK') {
      throw new SmsSendError('aliyun', safeCode(body?.code, 'UnexpectedResponse'), safeDetail(body?.message));
    }
    logger.info(
      { provider: 'aliyun', bizId: body.bizId, providerRequestId: body.requestId, requestId },
      'SMS sent',
    );
  }

  return {
    name: 'aliyun',
    async sendCode({ mobile, code, requestId }) {
      await send(mobile, config.templateCode, { code }, requestId);
    },

    async sendNotice(message) {
      const templateCode = config.noticeTemplates?.[message.template];
      if (!templateCode) throw new SmsSendError('aliyun', 'TemplateNotConfigured', message.template);
      await send(message.mobile, templateCode, message.params, message.requestId);
    },
  };
}
