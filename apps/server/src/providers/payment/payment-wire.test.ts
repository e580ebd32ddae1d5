import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  fenToYuan,
  formatBeijingTime,
  formatRfc3339Beijing,
  headerValue,
  loadPrivateKey,
  loadPublicKey,
  parseBeijingTime,
  parseRfc3339,
  yuanToFen,
} from './payment-wire.ts';

describe('money on the wire', () => {
  it('formats integer fen as yuan with two decimals and reads it back exactly', () => {
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(10)).toBe('0.10');
    expect(fenToYuan(199990)).toBe('1999.90');
    expect(fenToYuan(60000)).toBe('600.00');
    // Every amount up to 1000 yuan and a few large ones round-trip (no float ever involved).
    for (let fen = 1; fen <= 100_000; fen += 1) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
    expect(yuanToFen(fenToYuan(9_999_999_999))).toBe(9_999_999_999);
  });

  it('refuses to format zero, negative or fractional fen', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => fenToYuan(bad)).toThrow();
  });

  it('refuses yuan strings that are not plain decimals with at most two places', () => {
    for (const bad of ['1.999', '-1', '+1', '1e3', '01', '1.', '.5', '', ' 1', '1,0', '0x10', 'Infinity']) {
      expect(yuanToFen(bad), bad).toBeNull();
    }
    expect(yuanToFen(undefined)).toBeNull();
  });
});

describe('Beijing time', () => {
  it('formats and parses UTC+8 regardless of the server time zone', () => {
    const at = Date.UTC(2026, 0, 31, 16, 30, 5); // 2026-02-01 00:30:05 in Beijing
    expect(formatBeijingTime(at)).toBe('2026-02-01 00:30:05');
    expect(formatRfc3339Beijing(at)).toBe('2026-02-01T00:30:05+08:00');
    expect(parseBeijingTime('2026-02-01 00:30:05')).toBe(at);
    expect(parseRfc3339('2026-02-01T00:30:05+08:00')).toBe(at);
  });

  it('refuses impossible or differently formatted times', () => {
    for (const bad of ['2026-02-30 10:00:00', '2026-01-01 24:00:00', '2026-01-01T10:00:00', '']) {
      expect(parseBeijingTime(bad), bad).toBeNull();
    }
    expect(parseRfc3339('2026-02-01T00:30:05')).toBeNull(); // no offset: ambiguous
    expect(parseRfc3339(1767225600000)).toBeNull();
  });
});

describe('keys and headers', () => {
  it('reads a PEM whose line breaks arrived as literal \\n from an environment variable', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const escaped = (pem: string) => pem.trim().replaceAll('\n', '\\n');
    const priv = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const pub = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(loadPrivateKey(escaped(priv), 'k').asymmetricKeyType).toBe('rsa');
    expect(loadPublicKey(escaped(pub), 'k').asymmetricKeyType).toBe('rsa');
    expect(() => loadPublicKey('garbage', 'The platform key')).toThrow(/The platform key/);
  });

  it('reads a header case-insensitively and treats a doubled header as missing', () => {
    expect(headerValue({ 'Wechatpay-Serial': 'A' }, 'wechatpay-serial')).toBe('A');
    expect(headerValue({ 'wechatpay-serial': ['A'] }, 'Wechatpay-Serial')).toBe('A');
    expect(headerValue({ 'wechatpay-serial': ['A', 'B'] }, 'wechatpay-serial')).toBeUndefined();
    expect(
      headerValue({ 'wechatpay-serial': 'A', 'Wechatpay-Serial': 'B' }, 'wechatpay-serial'),
    ).toBeUndefined();
  });
});
