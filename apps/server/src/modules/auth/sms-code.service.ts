import { CODES } from '@app/contract/codes';
import type { Lang } from '@app/contract/i18n';
import type { Clock } from '../../clock.ts';
import type { Db, DbDialect } from '../../db/database.ts';
import { lockKeys } from '../../db/locks.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { SmsNoticeMessage, SmsProvider } from '../../providers/sms/sms-provider.ts';
import {
  CODE_CHECK_LIMITS,
  SMS_LIMITS,
  budgetDayOf,
  budgetRefusal,
  codeCheckRefusal,
  smsSendRefusal,
  type Refusal,
} from './auth-limits.ts';
import { authRepository as repo, type CodeBucket, type CodeRow } from './auth.repository.ts';
import {
  challengeMatches,
  generateChallenge,
  generateSmsCode,
  hashChallenge,
  hashSmsCode,
  smsCodeMatches,
} from './sms-code.ts';

export type SmsCodeServiceDeps = {
  db: Db;
  dialect: DbDialect;
  clock: Clock;
  provider: SmsProvider;
  /** HMAC key of stored codes (SMS_CODE_PEPPER or the generated one). */
  pepper: string;
  dailyBudget: number;
  log: { warn(obj: object, msg?: string): void };
};

/** `ip`: the client IP key (http/client-ip.ts `clientIpKey`), so IPv6 counts per /64. */
export type SendCodeInput = { mobile: string; ip: string; lang: Lang; requestId?: string };

/** A code check: `challengeId` as the client sent it (optional); `ip` the client IP key. */
export type CheckCodeInput = { mobile: string; code: string; challengeId?: string | undefined; ip: string };

/** A code that matched and is not consumed yet: consume it, or give its try back. */
export type CheckedCode = { codeId: number; bucket: CodeBucket };

function tooMany(refusal: Refusal): AppError {
  return new AppError(CODES.TOO_MANY_REQUESTS, refusal.key, refusal.params, {
    retry_after_seconds: Math.ceil(refusal.retryAfterMs / 1000),
  });
}

/** The bucket a try counts in: the code's own only with its challenge (compared in constant time). */
function bucketOf(code: CodeRow, challengeId: string | undefined): CodeBucket {
  return challengeId !== undefined &&
    code.challengeHash !== null &&
    challengeMatches(challengeId, code.challengeHash)
    ? 'challenge'
    : 'open';
}

/**
 * SMS verification codes (DESIGN.md §7 "SMS codes", "Code binding"): one code serves login and
 * registration; it is stored only as an HMAC bound to the phone, valid 5 min, single use. The send
 * returns a challenge, and wrong tries count in two buckets of 5: with the matching challenge (the
 * client that asked for the code; when they run out the code is dead) and without it (anyone else:
 * clients that follow SPEC.md's call shape, or a stranger guessing). A stranger can therefore never
 * burn the code of the student who asked for it. Failed checks are also limited per client IP.
 * Sending never looks at whether the phone is registered, so the reply and its timing are the same
 * for every phone.
 */
export function createSmsCodeService(deps: SmsCodeServiceDeps) {
  const { db, dialect, clock, provider, pepper, dailyBudget } = deps;

  /**
   * Checks a code without consuming it; throws 429 when the client's IP has too many failed
   * checks, 400 when the code does not match, expired, was used, or its bucket ran out of tries.
   * The IP's check is recorded before the comparison (in a transaction serialized per IP) and a
   * try is taken from the bucket before it (conditional increment), so concurrent guesses count
   * against both limits; a right code takes its IP record back.
   */
  async function checkCode({ mobile, code, challengeId, ip }: CheckCodeInput): Promise<CheckedCode> {
    const now = clock.now();
    const gate = await withTransaction(db, async (trx) => {
      await lockKeys(trx, dialect, [`code:ip:${ip}`]);
      const failures = await repo.recentTimes(
        trx,
        'codeFailure',
        { key: 'ip', value: ip },
        now - CODE_CHECK_LIMITS.ipWindowMs,
        CODE_CHECK_LIMITS.maxFailuresPerIp,
      );
      const refusal = codeCheckRefusal(now, failures);
      if (refusal) return { ok: false as const, refusal };
      return { ok: true as const, failureId: await repo.insertCodeFailure(trx, { ip, at: now }) };
    });
    if (!gate.ok) throw tooMany(gate.refusal);

    const latest = await repo.findLatestCode(db, mobile);
    if (!latest || latest.consumedAt !== null) throw AppError.badRequest('auth.codeInvalid');
    if (latest.expiresAt <= now) throw AppError.badRequest('auth.codeExpired');
    const bucket = bucketOf(latest, challengeId);
    const { maxTries } = SMS_LIMITS;
    const used = bucket === 'challenge' ? latest.challengeAttempts : latest.attempts;
    if (used >= maxTries || latest.challengeAttempts >= maxTries) {
      throw AppError.badRequest('auth.tooManyCodeTries');
    }
    const attempt = await repo.takeCodeTry(db, latest.id, bucket, maxTries, now);
    if (attempt === null) throw AppError.badRequest('auth.codeInvalid');
    if (!smsCodeMatches(mobile, code, pepper, latest.codeHash)) {
      throw AppError.badRequest(attempt >= maxTries ? 'auth.tooManyCodeTries' : 'auth.codeInvalid');
    }
    await repo.deleteCodeFailure(db, gate.failureId);
    return { codeId: latest.id, bucket };
  }

  /**
   * Consumes a checked code (single use), in the caller's transaction when given; a 400 when a
   * concurrent request consumed it first.
   */
  async function consume(checked: CheckedCode, trx: Db = db): Promise<void> {
    if (!(await repo.consumeCode(trx, checked.codeId, clock.now()))) {
      throw AppError.badRequest('auth.codeInvalid');
    }
  }

  return {
    /**
     * Sends a new code unless a limit refuses it (429, nothing sent). The limits are checked and the
     * send recorded in one transaction serialized per phone and per IP, so concurrent requests
     * cannot slip past them; the provider is called after commit, outside any lock, and a failed
     * delivery takes its record back (it counts against no limit) and answers 503.
     */
    async sendCode({ mobile, ip, lang, requestId }: SendCodeInput) {
      const now = clock.now();
      const day = budgetDayOf(now);
      const code = generateSmsCode();
      const challenge = generateChallenge();
      const outcome = await withTransaction(db, async (trx) => {
        await lockKeys(trx, dialect, [`sms:mobile:${mobile}`, `sms:ip:${ip}`]);
        const phoneSends = await repo.recentTimes(
          trx,
          'smsSend',
          { key: 'mobile', value: mobile },
          now - SMS_LIMITS.dayMs,
          SMS_LIMITS.perPhonePerDay,
        );
        const ipSends = await repo.recentTimes(
          trx,
          'smsSend',
          { key: 'ip', value: ip },
          now - SMS_LIMITS.hourMs,
          SMS_LIMITS.perIpPerHour,
        );
        const refusal = smsSendRefusal(now, phoneSends, ipSends);
        if (refusal) return { ok: false as const, refusal };
        // The budget row is the last gate: taking from it only when every per-phone/IP rule passed.
        if (!(await repo.takeBudget(trx, day, dailyBudget))) {
          return { ok: false as const, refusal: budgetRefusal(now) };
        }
        const sendId = await repo.insertSend(trx, { mobile, ip, sentAt: now });
        const codeId = await repo.insertCode(trx, {
          mobile,
          codeHash: hashSmsCode(mobile, code, pepper),
          challengeHash: hashChallenge(challenge),
          createdAt: now,
          expiresAt: now + SMS_LIMITS.codeValidMs,
        });
        return { ok: true as const, sendId, codeId };
      });
      if (!outcome.ok) throw tooMany(outcome.refusal);

      try {
        await provider.sendCode({ mobile, code, lang, ...(requestId ? { requestId } : {}) });
      } catch (err) {
        deps.log.warn({ err, provider: provider.name }, 'SMS provider refused or failed the send');
        await withTransaction(db, async (trx) => {
          await repo.deleteSend(trx, outcome.sendId);
          await repo.deleteCode(trx, outcome.codeId);
          await repo.returnBudget(trx, day);
        });
        throw new AppError(CODES.UNAVAILABLE, 'auth.smsUnavailable');
      }
      return {
        resend_after_seconds: SMS_LIMITS.resendMs / 1000,
        code_valid_seconds: SMS_LIMITS.codeValidMs / 1000,
        challenge_id: challenge,
      };
    },

    checkCode,
    consume,
    /**
     * Sends a notice (a class reminder) against the same daily budget as the codes
     * (SMS_DAILY_BUDGET, DESIGN.md §7): 'budget' when the day's budget is spent (nothing sent),
     * 'failed' when the provider refused it (its budget unit given back; the caller decides whether
     * to try again), 'sent' otherwise. Per-phone and per-IP code limits do not apply: the school
     * sends these, not a visitor.
     */
    async sendNotice(message: SmsNoticeMessage): Promise<'sent' | 'budget' | 'failed'> {
      const day = budgetDayOf(clock.now());
      const taken = await withTransaction(db, (trx) => repo.takeBudget(trx, day, dailyBudget));
      if (!taken) return 'budget';
      try {
        await provider.sendNotice(message);
        return 'sent';
      } catch (err) {
        deps.log.warn(
          { err, provider: provider.name, template: message.template },
          'SMS provider refused or failed a notice',
        );
        await withTransaction(db, (trx) => repo.returnBudget(trx, day));
        return 'failed';
      }
    },

    /** A right code that is not used (registration refused): its try goes back, it stays usable. */
    async release(checked: CheckedCode): Promise<void> {
      await repo.returnCodeTry(db, checked.codeId, checked.bucket);
    },

    /** Checks a code and consumes it (SMS login). */
    async verifyAndConsume(input: CheckCodeInput): Promise<void> {
      await consume(await checkCode(input));
    },
  };
}

export type SmsCodeService = ReturnType<typeof createSmsCodeService>;
