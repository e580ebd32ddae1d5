import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/**
 * Small pieces the real payment adapters share (alipay.ts, wechat.ts): money and Beijing-time
 * formats of the providers' wire, key loading and header reading. Money stays in integers: a yuan
 * string is built from and parsed into integer fen without ever passing through a float.
 */

export type PaymentLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
};

export const silentLogger: PaymentLogger = { info() {}, warn() {} };

/** 1999.90 yuan from 199990 fen. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen <= 0) throw new Error(`amount must be positive fen: ${fen}`);
  const cents = String(fen % 100).padStart(2, '0');
  return `${Math.trunc(fen / 100)}.${cents}`;
}

/** At most 10 integer digits: Alipay's ceiling is 100 000 000 yuan, and fen stay a safe integer. */
const YUAN = /^(0|[1-9]\d{0,9})(?:\.(\d{1,2}))?$/;

/** 199990 fen from "1999.90"; null for anything that is not a plain non-negative decimal. */
export function yuanToFen(value: string | undefined | null): number | null {
  if (typeof value !== 'string') return null;
  const match = YUAN.exec(value);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(fraction);
}

const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

function beijingParts(epochMs: number): string[] {
  const d = new Date(epochMs + BEIJING_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return [
    String(d.getUTCFullYear()),
    pad(d.getUTCMonth() + 1),
    pad(d.getUTCDate()),
    pad(d.getUTCHours()),
    pad(d.getUTCMinutes()),
    pad(d.getUTCSeconds()),
  ];
}

/** `yyyy-MM-dd HH:mm:ss` in Beijing time (Alipay's timestamp, time_expire, gmt_payment), whatever TZ the server runs in. */
export function formatBeijingTime(epochMs: number): string {
  const [y, mo, d, h, mi, s] = beijingParts(epochMs);
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
}

/** RFC 3339 with the +08:00 offset, as WeChat Pay writes time_expire. */
export function formatRfc3339Beijing(epochMs: number): string {
  const [y, mo, d, h, mi, s] = beijingParts(epochMs);
  return `${y}-${mo}-${d}T${h}:${mi}:${s}+08:00`;
}

const BEIJING_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Epoch ms of a Beijing `yyyy-MM-dd HH:mm:ss`; null when malformed or not a real calendar time. */
export function parseBeijingTime(value: string | undefined | null): number | null {
  const match = typeof value === 'string' ? BEIJING_TIME.exec(value) : null;
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(utc);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) {
    return null;
  }
  return utc - BEIJING_OFFSET_MS;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/** Epoch ms of an RFC 3339 time with an explicit offset (WeChat's success_time); null otherwise. */
export function parseRfc3339(value: unknown): number | null {
  if (typeof value !== 'string' || !RFC3339.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** Key text as a PEM block, or the bare base64 that the providers' consoles hand out. */
function derOf(text: string): Buffer | null {
  return text.includes('-----BEGIN') ? null : Buffer.from(text.replace(/\s+/g, ''), 'base64');
}

/** A PEM put in one environment variable often arrives with literal `\n` for its line breaks. */
function unescapeNewlines(text: string): string {
  return text.includes('\\n') ? text.replaceAll('\\n', '\n') : text;
}

export function loadPrivateKey(keyText: string, what: string): KeyObject {
  const text = unescapeNewlines(keyText);
  try {
    const der = derOf(text);
    if (!der) return createPrivateKey(text);
    try {
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    } catch {
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
    }
  } catch {
    throw new Error(`${what} is not a readable RSA private key`);
  }
}

export function loadPublicKey(keyText: string, what: string): KeyObject {
  const text = unescapeNewlines(keyText);
  try {
    const der = derOf(text);
    // A certificate PEM works too: createPublicKey takes its public key.
    return der ? createPublicKey({ key: der, format: 'der', type: 'spki' }) : createPublicKey(text);
  } catch {
    throw new Error(`${what} is not a readable public key`);
  }
}

/**
 * One header's value, looked up case-insensitively. A header sent twice is ambiguous and reads as
 * missing: a verifier must never have to choose which of two signatures to believe.
 */
export function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const wanted = name.toLowerCase();
  let found: string | undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    if (found !== undefined || (Array.isArray(value) && value.length !== 1)) return undefined;
    found = Array.isArray(value) ? value[0] : value;
  }
  return found;
}

/** Provider codes are echoed into logs and errors only when they look like codes. */
export function safeCode(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^[\w.-]{1,80}$/.test(value) ? value : fallback;
}

/** Thrown when a provider call fails; carries the provider's error code for the logs. */
export class PaymentProviderError extends Error {
  override readonly name = 'PaymentProviderError';
  readonly provider: 'alipay' | 'wechat';
  readonly providerCode: string;

  constructor(provider: 'alipay' | 'wechat', providerCode: string, detail?: string) {
    super(`${provider} ${providerCode}${detail ? `: ${detail}` : ''}`);
    this.provider = provider;
    this.providerCode = providerCode;
  }
}
