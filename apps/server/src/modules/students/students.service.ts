import type { UserInfo } from '@app/contract/auth';
import { PROFILE_KEYS, type SetUserInfoBody, type UserProfile } from '@app/contract/users';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { withTransaction, type Trx } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { studentsRepository as repo, type ProfileChanges, type StudentRow } from './students.repository.ts';

/** The per-student limits are part of this module's service surface (other modules take them from here). */
export { createStudentQuotas, type StudentQuotas } from './student-quotas.ts';

export type StudentsServiceDeps = { db: Db; clock: Clock };

/** The nickname of a student registered by SMS login or /user/reg: 学员 + the last 4 digits. */
function defaultNick(mobile: string): string {
  return `学员${mobile.slice(-4)}`;
}

/** The student's public shape (SPEC.md §3 profile fields); never the row itself. */
function toUserInfo(student: StudentRow): UserInfo {
  const sex = student.sex === 1 || student.sex === 2 ? student.sex : 0;
  return {
    student_id: student.id,
    student_eng_name: student.eng_name,
    student_phone: student.mobile,
    student_pic: student.pic,
    student_nick: student.nick,
    sex,
    birthday: student.birthday,
    has_password: student.password_hash !== null,
  };
}

function toProfile(student: StudentRow): UserProfile {
  return { ...toUserInfo(student), class_reminder: student.class_reminder === 1 };
}

/** UTC+14 (Kiribati): the last zone where a date is still "today"; later dates are the future everywhere. */
const LATEST_ZONE_OFFSET_MS = 14 * 3_600_000;

/** The allow-listed fields of a setUserInfo body as columns; fields not sent stay unchanged. */
function profileChanges(body: SetUserInfoBody): ProfileChanges {
  const changes: ProfileChanges = {};
  if (body.student_nick !== undefined) changes.nick = body.student_nick;
  if (body.student_eng_name !== undefined) changes.eng_name = body.student_eng_name;
  if (body.sex !== undefined) changes.sex = body.sex;
  if (body.birthday !== undefined) changes.birthday = body.birthday;
  if (body.class_reminder !== undefined) changes.class_reminder = body.class_reminder ? 1 : 0;
  return changes;
}

/**
 * The student record (DESIGN.md §11): auth registers and reads students through this service, and
 * the user centre (profile, password) will too; nobody else touches the table. Methods that write
 * take the caller's transaction when they are part of a larger change (registration with a code).
 */
export function createStudentsService(deps: StudentsServiceDeps) {
  const { db, clock } = deps;

  return {
    findByMobile(mobile: string): Promise<StudentRow | undefined> {
      return repo.findStudentByMobile(db, mobile);
    },

    /**
     * Registers a phone with the default nick unless it exists; returns the new id, or null when
     * the phone was registered (the unique index decides under concurrency).
     */
    registerIfAbsent(
      mobile: string,
      passwordHash: string | null,
      trx: Db | Trx = db,
    ): Promise<number | null> {
      return repo.insertStudentIfAbsent(
        trx,
        { mobile, nick: defaultNick(mobile), passwordHash },
        clock.now(),
      );
    },

    /** The id of the phone's student, registering the phone (no password) when it is new. */
    async findOrRegister(mobile: string): Promise<number> {
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
    },

    setPasswordHash(studentId: number, passwordHash: string): Promise<void> {
      return repo.updatePasswordHash(db, studentId, passwordHash, clock.now());
    },

    /** The phone and stored password hash (null: none) of a student, or undefined when gone. */
    async credentialsOf(
      studentId: number,
    ): Promise<{ mobile: string; passwordHash: string | null } | undefined> {
      const student = await repo.findStudentById(db, studentId);
      return student && { mobile: student.mobile, passwordHash: student.password_hash };
    },

    /**
     * Sets a new password hash only if the stored one is still `expected` (the one the change was
     * proven against; null when there was none), in the caller's transaction when given; whether
     * it did.
     */
    replacePasswordHash(
      studentId: number,
      expected: string | null,
      passwordHash: string,
      trx: Db | Trx = db,
    ): Promise<boolean> {
      return repo.replacePasswordHash(trx, studentId, expected, passwordHash, clock.now());
    },

    /** The profile page's shape (user info and settings), or undefined when the student is gone. */
    async profile(studentId: number): Promise<UserProfile | undefined> {
      const student = await repo.findStudentById(db, studentId);
      return student && toProfile(student);
    },

    /** The profiles of the students of `ids` that exist, by id. */
    async profiles(ids: readonly number[]): Promise<Map<number, UserProfile>> {
      const profiles = new Map<number, UserProfile>();
      for (const [id, student] of await repo.findStudentsByIds(db, ids)) profiles.set(id, toProfile(student));
      return profiles;
    },

    /**
     * POST /user/setUserInfo. The contract's strict schema is the allow-list (DESIGN.md §7); the
     * rule that needs the clock is here: a birthday may not be later than today anywhere on Earth.
     */
    async updateProfile(studentId: number, body: SetUserInfoBody): Promise<UserProfile | undefined> {
      const now = clock.now();
      const latestToday = new Date(now + LATEST_ZONE_OFFSET_MS).toISOString().slice(0, 10);
      if (typeof body.birthday === 'string' && body.birthday > latestToday) {
        throw AppError.badRequest(PROFILE_KEYS.birthdayInvalid);
      }
      const changes = profileChanges(body);
      if (Object.keys(changes).length > 0) await repo.updateProfile(db, studentId, changes, now);
      const student = await repo.findStudentById(db, studentId);
      return student && toProfile(student);
    },

    /**
     * Points the profile at a new avatar; returns the URL it replaced ('' when none), or undefined
     * when the student no longer exists.
     */
    replaceAvatar(studentId: number, url: string): Promise<string | undefined> {
      return withTransaction(db, (trx) => repo.replacePic(trx, studentId, url, clock.now()));
    },

    /** Whom a class reminder goes to, and whether the student wants it. */
    async reminderTarget(studentId: number): Promise<{ mobile: string; wanted: boolean } | undefined> {
      const student = await repo.findStudentById(db, studentId);
      return student && { mobile: student.mobile, wanted: student.class_reminder === 1 };
    },

    /** The student's public shape, or undefined when the student no longer exists. */
    async userInfo(studentId: number): Promise<UserInfo | undefined> {
      const student = await repo.findStudentById(db, studentId);
      return student && toUserInfo(student);
    },
  };
}

export type StudentsService = ReturnType<typeof createStudentsService>;
