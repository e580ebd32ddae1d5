import { CODES } from '@app/contract/codes';
import type { LoginPasswordBody, LoginSmsBody, RegBody, TokenPair, UserInfo } from '@app/contract/auth';
import type { Clock } from '../../clock.ts';
import type { Db, DbDialect } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { PASSWORD_LIMITS, passwordLoginRefusal } from './auth-limits.ts';
import { authRepository as repo, type StudentRow } from './auth.repository.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { SessionService } from './session.service.ts';
import type { SmsCodeService } from './sms-code.service.ts';

export type AuthServiceDeps = {
  db: Db;
  dialect: DbDialect;
  clock: Clock;
  hasher: PasswordHasher;
  sessions: SessionService;
  sms: SmsCodeService;
};

/** The nickname of a student registered by SMS login or /user/reg: 学员 + the last 4 digits. */
export function defaultNick(mobile: string): string {
  return `学员${mobile.slice(-4)}`;
}

export function toUserInfo(student: StudentRow): UserInfo {
  const sex = student.sex === 1 || student.sex === 2 ? student.sex : 0;
  return {
    student_id: student.id,
    student_eng_name: student.eng_name,
    student_phone: student.mobile,
    student_pic: student.pic,
    student_nick: student.nick,
    sex,
    birthday: student.birthday,
  };
}

/**
 * Login, registration and the student's own info (SPEC.md §7, DESIGN.md §7). Login failures are
 * 400 (wrong code or password) or 429 (locked, limited), never 401: 401 means "your session is
 * gone" to the web app.
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, dialect, clock, hasher, sessions, sms } = deps;

  async function findOrRegister(mobile: string): Promise<number> {
    const existing = await repo.findStudentByMobile(db, mobile);
    if (existing) return existing.id;
    await repo.insertStudentIfAbsent(
      db,
      { mobile, nick: defaultNick(mobile), passwordHash: null },
      clock.now(),
    );
    // Read back: a concurrent registration of the same phone may have inserted it instead.
    const created = await repo.findStudentByMobile(db, mobile);
    if (!created) throw new Error('student vanished right after its registration');
    return created.id;
  }

  return {
    /** SMS login; an unknown phone is registered on the spot (SPEC.md §2 "Login dialog"). */
    async loginWithSms(body: Pick<LoginSmsBody, 'mobile' | 'Code'>): Promise<TokenPair> {
      await sms.verifyAndConsume(body.mobile, body.Code);
      return sessions.issue(await findOrRegister(body.mobile));
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
        await repo.lockKeys(trx, dialect, [`pwd:mobile:${mobile}`, `pwd:ip:${ip}`]);
        const ipAttempts = await repo.recentAttemptsOfIp(
          trx,
          ip,
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

      const student = await repo.findStudentByMobile(db, mobile);
      const stored = student?.password_hash ?? null;
      const valid =
        stored !== null ? await hasher.verify(password, stored) : await hasher.dummyVerify(password);
      await repo.settleAttempt(db, gate.attemptId, valid ? 'ok' : 'fail');
      if (!valid || !student || stored === null) throw AppError.badRequest('auth.passwordWrong');
      if (hasher.needsRehash(stored)) {
        await repo.updatePasswordHash(db, student.id, await hasher.hash(password), clock.now());
      }
      return sessions.issue(student.id);
    },

    /**
     * Registration with a password. The code is checked first: only the phone's owner learns that it
     * is registered already (409), so /user/reg cannot be used to probe phones.
     */
    async register(body: RegBody): Promise<TokenPair> {
      await sms.verifyAndConsume(body.mobile, body.code);
      if (await repo.findStudentByMobile(db, body.mobile)) throw AppError.conflict('auth.alreadyRegistered');
      const passwordHash = await hasher.hash(body.password);
      const id = await repo.insertStudentIfAbsent(
        db,
        { mobile: body.mobile, nick: defaultNick(body.mobile), passwordHash },
        clock.now(),
      );
      // A concurrent registration of the same phone won the insert.
      if (id === null) throw AppError.conflict('auth.alreadyRegistered');
      return sessions.issue(id);
    },

    /** The student's info; 401 when the student no longer exists (the web app then resets the session). */
    async userInfo(studentId: number): Promise<UserInfo> {
      const student = await repo.findStudentById(db, studentId);
      if (!student) throw new AppError(CODES.UNAUTHORIZED, 'error.unauthorized');
      return toUserInfo(student);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
