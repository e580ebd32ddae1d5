import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAliyunSmsProvider } from './aliyun-sms-provider.ts';
import { SmsSendError } from './sms-provider.ts';

type Recorded = { method: string; url: URL; headers: IncomingMessage['headers']; body: string };

const SECRET = 'test-access-key-secret';
const config = {
  accessKeyId: 'test-access-key-id',
  accessKeySecret: SECRET,
  signName: '灵言学堂',
  templateCode: 'SMS_000000001',
};

let server: Server;
let origin: string;
let recorded: Recorded[];
let reply: { status: number; body: object };
const logs: object[] = [];
const logger = { info: (obj: object) => void logs.push(obj) };

beforeEach(async () => {
  recorded = [];
  logs.length = 0;
  reply = {
    status: 200,
    body: { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'F655A8D5' },
  };
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      recorded.push({
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://fake'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** RFC 3986 encoding as Aliyun's V3 signature defines it. */
function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Recomputes the ACS3-HMAC-SHA256 signature from what arrived on the wire, independently of the SDK. */
function expectValidAcs3Signature(r: Recorded, secret: string): void {
  const auth = String(r.headers.authorization ?? '');
  const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
    auth,
  );
  expect(match, `Authorization header: ${auth}`).not.toBeNull();
  const [, credential, signedHeaders, signature] = match!;
  expect(credential).toBe(config.accessKeyId);
  const names = signedHeaders!.split(';');
  expect(names).toEqual(
    expect.arrayContaining(['host', 'x-acs-action', 'x-acs-date', 'x-acs-signature-nonce']),
  );
  const payloadHash = createHash('sha256').update(r.body).digest('hex');
  expect(r.headers['x-acs-content-sha256']).toBe(payloadHash);
  const query = [...r.url.searchParams.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
    .join('&');
  const headers = names.map((n) => `${n}:${String(r.headers[n] ?? '').trim()}\n`).join('');
  const canonical = [r.method, r.url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
  const stringToSign = `ACS3-HMAC-SHA256\n${createHash('sha256').update(canonical).digest('hex')}`;
  expect(signature).toBe(createHmac('sha256', secret).update(stringToSign).digest('hex'));
}

describe('Aliyun SMS provider (official SDK against a local fake endpoint)', () => {
  it('sends SendSms with phone, signature name, template and the code as template parameter, signed', async () => {
    const provider = createAliyunSmsProvider({ ...config, endpoint: origin }, logger);
    await provider.sendCode({ mobile: '13800138000', code: '042917', lang: 'zh-Hans', requestId: 'req-1' });

    expect(recorded).toHaveLength(1);
    const r = recorded[0]!;
    expect(r.method).toBe('POST');
    expect(r.headers['x-acs-action']).toBe('SendSms');
    expect(r.headers['x-acs-version']).toBe('2017-05-25');
    const q = r.url.searchParams;
    expect(q.get('PhoneNumbers')).toBe('13800138000');
    expect(q.get('SignName')).toBe('灵言学堂');
    expect(q.get('TemplateCode')).toBe('SMS_000000001');
    expect(JSON.parse(q.get('TemplateParam') ?? 'null')).toEqual({ code: '042917' });
    expectValidAcs3Signature(r, SECRET);
    expect(JSON.stringify(logs)).not.toContain('13800138000');
    expect(JSON.stringify(logs)).not.toContain('042917');
  });

  it('throws an error with the provider code but without the phone number when Aliyun refuses', async () => {
    reply = {
      status: 200,
      body: {
        Code: 'isv.BUSINESS_LIMIT_CONTROL',
        Message: '触发分钟级流控Permits:1 13800138000',
        RequestId: 'X',
      },
    };
    const provider = createAliyunSmsProvider({ ...config, endpoint: origin }, logger);
    const error = await provider.sendCode({ mobile: '13800138000', code: '123456', lang: 'en' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SmsSendError);
    const sms = error as SmsSendError;
    expect(sms.providerCode).toBe('isv.BUSINESS_LIMIT_CONTROL');
    expect(sms.message).toContain('isv.BUSINESS_LIMIT_CONTROL');
    expect(JSON.stringify({ ...sms, message: sms.message, stack: sms.stack })).not.toContain('13800138000');
    expect(sms.cause).toBeUndefined();
  });

  it('maps an HTTP error reply of the SDK to an error carrying the code only', async () => {
    reply = {
      status: 400,
      body: { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' },
    };
    const provider = createAliyunSmsProvider({ ...config, endpoint: origin }, logger);
    const error = (await provider.sendCode({ mobile: '13800138000', code: '123456', lang: 'en' }).then(
      () => null,
      (e: unknown) => e,
    )) as SmsSendError;
    expect(error).toBeInstanceOf(SmsSendError);
    expect(error.providerCode).toBe('InvalidAccessKeyId.NotFound');
    expect(JSON.stringify({ ...error, message: error.message, stack: error.stack })).not.toContain(
      '13800138000',
    );
    expect(recorded).toHaveLength(1); // no retry: SendSms is not idempotent
  });

  it('reports an unreachable endpoint without leaking the request', async () => {
    const provider = createAliyunSmsProvider({ ...config, endpoint: 'http://127.0.0.1:1' }, logger);
    const error = (await provider.sendCode({ mobile: '13800138000', code: '123456', lang: 'en' }).then(
      () => null,
      (e: unknown) => e,
    )) as SmsSendError;
    expect(error).toBeInstanceOf(SmsSendError);
    expect(error.message).not.toContain('13800138000');
  });

  it('refuses an incomplete configuration', () => {
    expect(() => createAliyunSmsProvider({ ...config, signName: '' }, logger)).toThrow(/signName/);
  });
});
