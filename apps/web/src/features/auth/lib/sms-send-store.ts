import { SMS_CODE_VALID_SECONDS, SMS_RESEND_SECONDS, type SendSmsResult } from '@app/contract/auth';
import {
  browserStorage,
  readItem,
  readJson,
  writeItem,
  writeJson,
  type KeyValueStorage,
} from '../../../lib/storage.ts';

/**
 * The SMS sends of this browser session, per phone number (issue #11 point 7, DESIGN.md §7 "Code
 * binding"), in sessionStorage: when "Get code" may be pressed again, and the challenge_id of the
 * last send, which login and /user/reg send back with its code. Closing and reopening the login
 * dialog (or reloading) therefore keeps the countdown the server enforces and the challenge that
 * protects the code from strangers' guesses. sessionStorage, not localStorage: it ends with the tab,
 * as the code does.
 */

/** One key per phone: `SMS_SEND:<mobile>`. */
export const SMS_SEND_KEY_PREFIX = 'SMS_SEND:';
/** The phone of the newest send, to fill in the reopened dialog. */
export const SMS_SEND_LAST_KEY = 'SMS_SEND_LAST';
/** No limit waits longer (the server says so in hours beyond that): a farther time is not trusted. */
const MAX_WAIT_MS = 3_600_000;

export type SmsSendRecord = {
  /** When the last code was sent to this phone (epoch ms); null when only a refusal is known. */
  sentAt: number | null;
  /** When "Get code" may be pressed again for this phone (epoch ms). */
  resendAt: number;
  /** The challenge_id of the last send; null when none is known. */
  challengeId: string | null;
  /** When the last code expires (epoch ms): its challenge is sent back until then. */
  expiresAt: number | null;
};

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

function parseRecord(value: unknown): SmsSendRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const r = value as Record<string, unknown>;
  if (!isTime(r.resendAt)) return null;
  return {
    sentAt: isTime(r.sentAt) ? r.sentAt : null,
    resendAt: r.resendAt,
    challengeId: typeof r.challengeId === 'string' && r.challengeId !== '' ? r.challengeId : null,
    expiresAt: isTime(r.expiresAt) ? r.expiresAt : null,
  };
}

export type SmsSendStore = {
  /** A code was sent to `mobile`: count down from now and keep the send's challenge. */
  recordSend(mobile: string, result: SendSmsResult | null): void;
  /**
   * The server refused a send and said when to try again: count down to then. The challenge of an
   * earlier send stays (its code is still the valid one).
   */
  recordRefusal(mobile: string, retryAfterSeconds: number): void;
  /** When "Get code" may be pressed again for `mobile`; null when it may be pressed now. */
  resendAt(mobile: string): number | null;
  /** The challenge_id to send back with the code of `mobile`, while that code can be valid. */
  challengeFor(mobile: string): string | undefined;
  /** The phone of the newest send while its countdown runs or its code is valid, else null. */
  lastMobile(): string | null;
};

export function createSmsSendStore(
  storage: () => KeyValueStorage | null,
  now: () => number = Date.now,
): SmsSendStore {
  const keyOf = (mobile: string) => `${SMS_SEND_KEY_PREFIX}${mobile.trim()}`;
  const read = (mobile: string) => (mobile.trim() ? parseRecord(readJson(storage(), keyOf(mobile))) : null);
  const write = (mobile: string, record: SmsSendRecord) => {
    writeJson(storage(), keyOf(mobile), record);
    writeItem(storage(), SMS_SEND_LAST_KEY, mobile.trim());
  };
  const live = (record: SmsSendRecord, t: number) =>
    (record.resendAt > t && record.resendAt <= t + MAX_WAIT_MS) ||
    (record.expiresAt !== null && record.expiresAt > t);

  return {
    recordSend(mobile, result) {
      const t = now();
      write(mobile, {
        sentAt: t,
        resendAt: t + (result?.resend_after_seconds || SMS_RESEND_SECONDS) * 1000,
        challengeId: result?.challenge_id || null,
        expiresAt: t + (result?.code_valid_seconds || SMS_CODE_VALID_SECONDS) * 1000,
      });
    },

    recordRefusal(mobile, retryAfterSeconds) {
      const t = now();
      const previous = read(mobile);
      write(mobile, {
        sentAt: previous?.sentAt ?? null,
        resendAt: Math.max(previous?.resendAt ?? 0, t + retryAfterSeconds * 1000),
        challengeId: previous?.challengeId ?? null,
        expiresAt: previous?.expiresAt ?? null,
      });
    },

    resendAt(mobile) {
      const record = read(mobile);
      const t = now();
      if (!record || record.resendAt <= t || record.resendAt > t + MAX_WAIT_MS) return null;
      return record.resendAt;
    },

    challengeFor(mobile) {
      const record = read(mobile);
      if (!record?.challengeId || record.expiresAt === null || record.expiresAt <= now()) return undefined;
      return record.challengeId;
    },

    lastMobile() {
      const mobile = readItem(storage(), SMS_SEND_LAST_KEY);
      const record = mobile ? read(mobile) : null;
      return mobile && record && live(record, now()) ? mobile : null;
    },
  };
}

/** The store of this browser session (sessionStorage; nothing is remembered where it is unusable). */
export const smsSends = createSmsSendStore(() => browserStorage('session'));
