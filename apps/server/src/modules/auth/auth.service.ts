import { CODES } from '@app/contract/codes';
import type { LoginPasswordBody, LoginSmsBody, RegBody, TokenPair, UserInfo } from '@app/contract/auth';
import type { SetPasswordBody } from '@app/contract/users';
import type { Clock } from '../../clock.ts';
import type { Db, DbDialect } from '../../db/database.ts';
import { lockKeys } from '../../db/locks.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { clientPasswordHash } from './client-password-hash.ts';
import { isGateRefusal } from './concurrency-gate.ts';
import { PASSWORD_LIMITS, passwordLoginRefusal } from './auth-limits.ts';
import type { StudentQuotas, StudentsService } from '../students/students.service.ts';
import { authRepository as repo } from './auth.repository.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { SessionService } from './session.service.ts';
import type { CheckedCode, SmsCodeService } from './sms-code.service.ts';

const DAY = 86_400_000;

export type AuthServiceDeps = {
  db: Db;
  dialect: DbDialect;
  clock: Clock;
  hasher: PasswordHasher;
  students: StudentsService;
  quotas: StudentQuotas;
  sessions: SessionService;
  sms: SmsCodeService;
};

/**
 * Login, registration and the student's own info (SPEC.md §7, DESIGN.md §7). Login failures are
 * 400 (wrong code or password) or 429 (locked, limited), never 401: 401 means "your session is
 * gone" to the web app.
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, dialect, clock, hasher, students, quotas, sessions, sms } = deps;

  return {
    /**
     * SMS login; an unknown phone is registered on the spot (SPEC.md §2 "Login dialog"). `ip` is
     * the client IP key (failed code checks are limited per IP).
     */
    async loginWithSms(
      body: Pick<LoginSmsBody, 'mobile' | 'Code' | 'challenge_id'>,
      ip: string,
    ): Promise<TokenPair> {
      await sms.verifyAndConsume({
        mobile: body.mobile,
        code: body.Code,
        challengeId: body.challenge_id,
        ip,
      });
      return sessions.issue(await students.findOrRegister(body.mobile));
    },

    /**
     * Password login. Order: the IP limit, then the phone's lockout, both decided in a transaction
     * serialized per phone and IP that also records the attempt as pending (so concurrent guesses
     * count against the limits before they are checked); then one scrypt verification — of the
     * stored hash, or `dummyVerify` when the phone is unknown or has no password, so the reply and
     * its timing do not tell whether the phone is registered.
     */
    async loginWithPassword(
      body: Pick<LoginPasswordBody, 'mobile' | 'password'>,
      ip: string,
    ): Promise<TokenPair> {
      const { mobile, password } = body;
      const now = clock.now();
      const gate = await withTransaction(db, async (trx) => {
        await lockKeys(trx, dialect, [`pwd:mobile:${mobile}`, `pwd:ip:${ip}`]);
        const ipAttempts = await repo.recentTimes(
          trx,
          'passwordAttempt',
          { key: 'ip', value: ip },
          now - PASSWORD_LIMITS.ipWindowMs,
          PASSWORD_LIMITS.maxAttemptsPerIp,
        );
        const failures = await repo.recentFailuresOfMobile(
          trx,
          mobile,
          now - PASSWORD_LIMITS.failureWindowMs - PASSWORD_LIMITS.lockMs,
          PASSWORD_LIMITS.maxFailures,
        );
        const refusal = passwordLoginRefusal(now, ipAttempts, failures);
        if (refusal) return { ok: false as const, refusal };
        return { ok: true as const, attemptId: await repo.insertAttempt(trx, { mobile, ip, at: now }) };
      });
      if (!gate.ok) {
        const { key, params, retryAfterMs } = gate.refusal;
        throw new AppError(CODES.TOO_MANY_REQUESTS, key, params, {
          retry_after_seconds: Math.ceil(retryAfterMs / 1000),
        });
      }

      const student = await students.findByMobile(mobile);
      const stored = student?.password_hash ?? null;
      let valid: boolean;
      try {
        valid = stored !== null ? await hasher.verify(password, stored) : await hasher.dummyVerify(password);
      } catch (error) {
        // Refused by the scrypt queue (429): nothing was checked, so it counts as no failure.
        if (isGateRefusal(error)) await repo.deleteAttempt(db, gate.attemptId);
        throw error;
      }
      await repo.settleAttempt(db, gate.attemptId, valid ? 'ok' : 'fail');
      if (!valid || !student || stored === null) throw AppError.badRequest('auth.passwordWrong');
      if (hasher.needsRehash(stored)) {
        await students.setPasswordHash(student.id, await hasher.hash(password));
      }
      return sessions.issue(student.id);
    },

    /**
     * Registration with a password (docs/decisions.md "Registration keeps the code"). The code is
     * checked first, without consuming it and before the student table is read: a wrong code gets
     * the same 400 after the same work whether or not the phone is registered, so /user/reg cannot
     * probe phones. Only the holder of the right code (the phone's owner) learns that the phone is
     * registered (409), and the code stays usable, with its try given back, so the student can log
     * in with it at once. A new phone's student row is inserted and the code consumed in one
     * transaction: a concurrent registration that wins the insert leaves the code unused too.
     */
    async register(body: RegBody, ip: string): Promise<TokenPair> {
      const { mobile } = body;
      const checked = await sms.checkCode({ mobile, code: body.code, challengeId: body.challenge_id, ip });
      if (await students.findByMobile(mobile)) {
        await sms.release(checked);
        throw AppError.conflict('auth.alreadyRegistered');
      }
      let passwordHash: string;
      try {
        passwordHash = await hasher.hash(body.password);
      } catch (error) {
        // Refused by the scrypt queue (429): the code stays usable, its try given back.
        if (isGateRefusal(error)) await sms.release(checked);
        throw error;
      }
      const id = await withTransaction(db, async (trx) => {
        const inserted = await students.registerIfAbsent(mobile, passwordHash, trx);
        // Consuming fails (400, the insert rolls back) when a concurrent request used the code.
        if (inserted !== null) await sms.consume(checked, trx);
        return inserted;
      });
      if (id === null) {
        await sms.release(checked);
        throw AppError.conflict('auth.alreadyRegistered');
      }
      return sessions.issue(id);
    },

    /**
     * POST /user/setPassword (DESIGN.md §7 "Sessions", issue 32 §4). An access token alone is not
     * enough: the student proves it is them with the current password (`old_password`) or, for an
     * account without one (or a forgotten one), a fresh SMS code of their phone with its challenge.
     * No proof: 400, not counted. Each try with a proof counts against the student's quota (5 per
     * 15 min; the 6th is 429) before it is checked, so concurrent guesses count too. The new hash
     * is stored only if the stored one is still the one the proof was checked against (a
     * concurrent change: 409), with the code consumed in the same transaction; then every other
     * session of the student ends, the one that asked (`familyId`) stays. Returns how many ended.
     */
    async setPassword(
      student: { studentId: number; familyId: string },
      body: SetPasswordBody,
      ip: string,
    ): Promise<{ revoked_sessions: number }> {
      const { studentId } = student;
      const account = await students.credentialsOf(studentId);
      if (!account) throw new AppError(CODES.UNAUTHORIZED, 'error.unauthorized');
      const stored = account.passwordHash;
      const byPassword = stored !== null && body.old_password !== undefined;
      if (!byPassword && body.code === undefined) {
        throw AppError.badRequest(stored === null ? 'user.codeRequired' : 'user.oldPasswordRequired');
      }

      const ticket = await quotas.take(studentId, 'setPassword');
      let checked: CheckedCode | null = null;
      let newHash: string;
      try {
        if (byPassword) {
          if (!(await hasher.verify(body.old_password!, stored))) {
            throw AppError.badRequest('user.oldPasswordWrong');
          }
        } else {
          checked = await sms.checkCode({
            mobile: account.mobile,
            code: body.code!,
            challengeId: body.challenge_id,
            ip,
          });
        }
        newHash = await hasher.hash(body.password);
      } catch (error) {
        if (isGateRefusal(error)) {
          // The scrypt queue was full: nothing was judged, so neither the try nor the code is used.
          await quotas.giveBack(ticket);
          if (checked) await sms.release(checked);
        }
        throw error;
      }

      const code = checked;
      await withTransaction(db, async (trx) => {
        if (!(await students.replacePasswordHash(studentId, stored, newHash, trx))) {
          throw AppError.conflict('error.conflict');
        }
        // Consuming fails (400, the change rolls back) when a concurrent request used the code.
        if (code) await sms.consume(code, trx);
      });
      const revoked = await sessions.revokeOthers(studentId, student.familyId);
      return { revoked_sessions: revoked };
    },

    /**
     * What an account stores for a password typed in the web app (its client hash, then scrypt): the
     * demo seed stores the demo student's this way, like any other.
     */
    storedPasswordHash(password: string, mobile: string): Promise<string> {
      return hasher.hash(clientPasswordHash(password, mobile));
    },

    /** Deletes rows no limit reads any more (the `auth.purge` job); idempotent. */
    async purgeExpired(): Promise<void> {
      const now = clock.now();
      await repo.purgeExpired(db, {
        sendsBefore: now - 2 * DAY,
        codesBefore: now - DAY,
        attemptsBefore: now - DAY,
        familiesBefore: now - DAY,
      });
    },

    /** The student's info; 401 when the student no longer exists (the web app then resets the session). */
    async userInfo(studentId: number): Promise<UserInfo> {
      const info = await students.userInfo(studentId);
      if (!info) throw new AppError(CODES.UNAUTHORIZED, 'error.unauthorized');
      return info;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
