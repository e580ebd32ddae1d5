import { CODES } from '@app/contract/codes';
import type { Lang } from '@app/contract/i18n';
import type { Clock } from '../../clock.ts';
import type { Db, DbDialect } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import { SMS_LIMITS, budgetDayOf, budgetRefusal, smsSendRefusal, type Refusal } from './auth-limits.ts';
import { authRepository as repo } from './auth.repository.ts';
import { generateSmsCode, hashSmsCode, smsCodeMatches } from './sms-code.ts';

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

export type SendCodeInput = { mobile: string; ip: string; lang: Lang; requestId?: string };

function tooMany(refusal: Refusal): AppError {
  return new AppError(CODES.TOO_MANY_REQUESTS, refusal.key, refusal.params, {
    retry_after_seconds: Math.ceil(refusal.retryAfterMs / 1000),
  });
}

/**
 * SMS verification codes (DESIGN.md §7 "SMS codes"): one code serves login and registration; it is
 * stored only as an HMAC bound to the phone, valid 5 min, single use, and dead after 5 wrong tries.
 * Sending never looks at whether the phone is registered, so the reply and its timing are the same
 * for every phone.
 */
export function createSmsCodeService(deps: SmsCodeServiceDeps) {
  const { db, dialect, clock, provider, pepper, dailyBudget } = deps;

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
      const outcome = await withTransaction(db, async (trx) => {
        await repo.lockKeys(trx, dialect, [`sms:mobile:${mobile}`, `sms:ip:${ip}`]);
        const phoneSends = await repo.recentSendsOfMobile(
          trx,
          mobile,
          now - SMS_LIMITS.dayMs,
          SMS_LIMITS.perPhonePerDay,
        );
        const ipSends = await repo.recentSendsOfIp(trx, ip, now - SMS_LIMITS.hourMs, SMS_LIMITS.perIpPerHour);
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
      };
    },

    /**
     * Checks a code and consumes it; throws a 400 AppError when it does not match, expired, was
     * used, or ran out of tries. A try is taken (counted) before the comparison, so concurrent
     * guesses cannot get more than 5 tries out of one code.
     */
    async verifyAndConsume(mobile: string, code: string): Promise<void> {
      const now = clock.now();
      const latest = await repo.findLatestCode(db, mobile);
      if (!latest || latest.consumedAt !== null) throw AppError.badRequest('auth.codeInvalid');
      if (latest.expiresAt <= now) throw AppError.badRequest('auth.codeExpired');
      if (latest.attempts >= SMS_LIMITS.maxTries) throw AppError.badRequest('auth.tooManyCodeTries');
      const attempt = await repo.takeCodeTry(db, latest.id, SMS_LIMITS.maxTries, now);
      if (attempt === null) throw AppError.badRequest('auth.codeInvalid');
      if (!smsCodeMatches(mobile, code, pepper, latest.codeHash)) {
        throw AppError.badRequest(
          attempt >= SMS_LIMITS.maxTries ? 'auth.tooManyCodeTries' : 'auth.codeInvalid',
        );
      }
      if (!(await repo.consumeCode(db, latest.id, now))) throw AppError.badRequest('auth.codeInvalid');
    },
  };
}

export type SmsCodeService = ReturnType<typeof createSmsCodeService>;
