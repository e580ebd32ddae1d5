import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../lib/storage.ts';
import { SMS_SEND_KEY_PREFIX, SMS_SEND_LAST_KEY, createSmsSendStore } from './sms-send-store.ts';

const PHONE = '13800138000';
const OTHER = '13900139000';
const T0 = 1_790_000_000_000;
const SENT = { resend_after_seconds: 60, code_valid_seconds: 300, challenge_id: 'c-hall_enge-0123456789' };

function setup(initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  let t = T0;
  const clock = { advance: (ms: number) => (t += ms), now: () => t };
  // A new store over the same storage each time: as a reopened dialog or a reload would see it.
  const open = () => createSmsSendStore(() => storage, clock.now);
  return { storage, clock, open, t0: t };
}

describe('SMS send store (per phone, sessionStorage)', () => {
  it('keeps the countdown of a phone across a reopened dialog, until the resend time', () => {
    const { storage, clock, open, t0 } = setup();
    open().recordSend(PHONE, SENT);
    expect(JSON.parse(storage.dump()[`${SMS_SEND_KEY_PREFIX}${PHONE}`]!)).toEqual({
      sentAt: t0,
      resendAt: t0 + 60_000,
      challengeId: SENT.challenge_id,
      expiresAt: t0 + 300_000,
    });
    clock.advance(20_000);
    const reopened = open();
    expect(reopened.resendAt(PHONE)).toBe(t0 + 60_000);
    expect(reopened.resendAt(` ${PHONE} `)).toBe(t0 + 60_000);
    // Another phone is not held back by this one's countdown.
    expect(reopened.resendAt(OTHER)).toBeNull();
    expect(reopened.resendAt('')).toBeNull();
    clock.advance(40_000);
    expect(open().resendAt(PHONE)).toBeNull();
  });

  it('returns the challenge of the phone while its code is valid', () => {
    const { clock, open } = setup();
    open().recordSend(PHONE, SENT);
    expect(open().challengeFor(PHONE)).toBe(SENT.challenge_id);
    expect(open().challengeFor(OTHER)).toBeUndefined();
    clock.advance(300_000 - 1);
    expect(open().challengeFor(PHONE)).toBe(SENT.challenge_id);
    clock.advance(1);
    expect(open().challengeFor(PHONE)).toBeUndefined();
  });

  it('replaces the challenge with each new send of the phone', () => {
    const { clock, open } = setup();
    open().recordSend(PHONE, SENT);
    clock.advance(61_000);
    open().recordSend(PHONE, { ...SENT, challenge_id: 'second-challenge' });
    expect(open().challengeFor(PHONE)).toBe('second-challenge');
  });

  it('counts down to the time a refusal names, keeping the earlier challenge', () => {
    const { clock, open, t0 } = setup();
    open().recordSend(PHONE, SENT);
    clock.advance(61_000);
    open().recordRefusal(PHONE, 40 * 60);
    expect(open().resendAt(PHONE)).toBe(t0 + 61_000 + 40 * 60_000);
    expect(open().challengeFor(PHONE)).toBe(SENT.challenge_id);
    // A refusal for a phone with no send here: a countdown and no challenge.
    open().recordRefusal(OTHER, 30);
    expect(open().resendAt(OTHER)).toBe(t0 + 61_000 + 30_000);
    expect(open().challengeFor(OTHER)).toBeUndefined();
  });

  it('falls back to 60 s and no challenge when the send returned no data', () => {
    const { open, t0 } = setup();
    open().recordSend(PHONE, null);
    expect(open().resendAt(PHONE)).toBe(t0 + 60_000);
    expect(open().challengeFor(PHONE)).toBeUndefined();
  });

  it('offers the phone of the newest send to the reopened dialog while its code is live', () => {
    const { storage, clock, open } = setup();
    expect(open().lastMobile()).toBeNull();
    open().recordSend(OTHER, SENT);
    open().recordSend(PHONE, SENT);
    expect(storage.dump()[SMS_SEND_LAST_KEY]).toBe(PHONE);
    expect(open().lastMobile()).toBe(PHONE);
    clock.advance(300_000);
    expect(open().lastMobile()).toBeNull();
  });

  it('ignores malformed records and times too far ahead (a changed clock)', () => {
    const key = `${SMS_SEND_KEY_PREFIX}${PHONE}`;
    for (const raw of ['{oops', 'null', '"x"', '{"resendAt":"soon"}', '{"resendAt":-5}']) {
      const store = setup({ [key]: raw, [SMS_SEND_LAST_KEY]: PHONE }).open();
      expect(store.resendAt(PHONE), raw).toBeNull();
      expect(store.challengeFor(PHONE), raw).toBeUndefined();
      expect(store.lastMobile(), raw).toBeNull();
    }
    const ahead = setup({ [key]: JSON.stringify({ resendAt: T0 + 2 * 3_600_000 }) }).open();
    expect(ahead.resendAt(PHONE)).toBeNull();
  });

  it('works without storage (privacy mode): nothing is remembered, nothing throws', () => {
    const store = createSmsSendStore(() => null);
    store.recordSend(PHONE, SENT);
    store.recordRefusal(PHONE, 30);
    expect(store.resendAt(PHONE)).toBeNull();
    expect(store.challengeFor(PHONE)).toBeUndefined();
    expect(store.lastMobile()).toBeNull();
  });
});
