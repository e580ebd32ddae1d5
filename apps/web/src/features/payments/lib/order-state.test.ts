import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/http/api-error.ts';
import {
  EXPIRY_GRACE_MS,
  ORDER_POLL_MS,
  formatCountdown,
  isOrderNotFound,
  isWeChatBrowser,
  newIdempotencyKey,
  offeredPayMethods,
  payActionView,
  paymentPhaseOf,
  pollIntervalOf,
  secondsLeft,
} from './order-state.ts';

const expiresAt = '2026-11-23T08:15:00.000Z';
const expiry = Date.parse(expiresAt);
const order = (status: number) => ({ status, expires_at: expiresAt });

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('payment phase', () => {
  it('is paid or closed by status, whatever the clock says', () => {
    expect(paymentPhaseOf(order(200), expiry + 60_000)).toBe('paid');
    expect(paymentPhaseOf(order(500), expiry - 60_000)).toBe('closed');
  });

  it('awaits payment until expires_at, then is expired', () => {
    expect(paymentPhaseOf(order(0), expiry - 1)).toBe('awaiting');
    expect(paymentPhaseOf(order(0), expiry)).toBe('expired');
  });
});

describe('polling', () => {
  it('polls every 2 s while awaiting payment, through a short grace after expiry', () => {
    expect(pollIntervalOf(order(0), expiry - 60_000)).toBe(ORDER_POLL_MS);
    expect(pollIntervalOf(order(0), expiry + EXPIRY_GRACE_MS - 1)).toBe(ORDER_POLL_MS);
    expect(pollIntervalOf(order(0), expiry + EXPIRY_GRACE_MS)).toBe(false);
  });

  it('stops once the order is paid or closed, and before it has loaded', () => {
    expect(pollIntervalOf(order(200), expiry - 60_000)).toBe(false);
    expect(pollIntervalOf(order(500), expiry - 60_000)).toBe(false);
    expect(pollIntervalOf(undefined, expiry - 60_000)).toBe(false);
  });
});

describe('countdown', () => {
  it('counts whole seconds up to expires_at and never below zero', () => {
    expect(secondsLeft(expiresAt, expiry - 900_000)).toBe(900);
    expect(secondsLeft(expiresAt, expiry - 1_500)).toBe(2);
    expect(secondsLeft(expiresAt, expiry + 5_000)).toBe(0);
  });

  it('shows mm:ss, and h:mm:ss from an hour', () => {
    expect(formatCountdown(905)).toBe('15:05');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(3725)).toBe('1:02:05');
  });
});

describe('payment methods', () => {
  it('recognises the WeChat in-app browser by MicroMessenger', () => {
    expect(isWeChatBrowser(WECHAT_UA)).toBe(true);
    expect(isWeChatBrowser(SAFARI_UA)).toBe(false);
  });

  it('offers no Alipay inside WeChat, and both elsewhere', () => {
    expect(offeredPayMethods(['wechat', 'alipay'], WECHAT_UA)).toEqual(['wechat']);
    expect(offeredPayMethods(['wechat', 'alipay'], SAFARI_UA)).toEqual(['wechat', 'alipay']);
    expect(offeredPayMethods(['alipay'], WECHAT_UA)).toEqual([]);
  });
});

describe('pay action', () => {
  it('shows a QR code, with a link only when its content is a web address', () => {
    expect(payActionView({ qr_code: 'weixin://wxpay/bizpayurl?pr=abc' })).toEqual({
      kind: 'qr',
      value: 'weixin://wxpay/bizpayurl?pr=abc',
      openUrl: null,
    });
    const cashier = 'http://localhost:3000/api/v1/pay/sandbox/2026112316000012345678?t=x&via=qr';
    expect(payActionView({ qr_code: cashier })).toEqual({ kind: 'qr', value: cashier, openUrl: cashier });
  });

  it('opens a page for a redirect', () => {
    expect(payActionView({ redirect_url: 'https://openapi.alipay.com/gateway.do?x=1' })).toEqual({
      kind: 'redirect',
      url: 'https://openapi.alipay.com/gateway.do?x=1',
    });
  });
});

describe('idempotency key', () => {
  it('is 32 hex digits, new on every call', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe('isOrderNotFound', () => {
  const error = (httpStatus: number | undefined, kind: ApiError['kind']) =>
    new ApiError({ code: httpStatus ?? -1, msg: 'x', kind, ...(httpStatus ? { httpStatus } : {}) });
  it("is true for an unknown or another student's order (404) and a malformed number (400)", () => {
    expect(isOrderNotFound(error(404, 'envelope'))).toBe(true);
    expect(isOrderNotFound(error(400, 'envelope'))).toBe(true);
  });
  it('is false for a network failure, a timeout, a server error or no error', () => {
    expect(isOrderNotFound(error(undefined, 'network'))).toBe(false);
    expect(isOrderNotFound(error(undefined, 'timeout'))).toBe(false);
    expect(isOrderNotFound(error(500, 'http'))).toBe(false);
    expect(isOrderNotFound(null)).toBe(false);
  });
});
