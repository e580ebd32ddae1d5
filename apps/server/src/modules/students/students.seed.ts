import { appSettingRepository } from '../../db/app-setting.repository.ts';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { studentsRepository } from './students.repository.ts';

/** The demo student of DESIGN.md §10; the web app's login page hints at it on demo installations. */
export const DEMO_STUDENT = {
  mobile: '13800138000',
  password: 'demo1234',
  nick: '小明',
  engName: 'Leo',
  sex: 1,
  birthday: '2008-05-20',
} as const;

/** app_setting marker: the demo student was seeded into this database (once; issue 32). */
export const DEMO_STUDENT_SETTING = 'demo_student_seeded';

/**
 * Seeds the demo student once per database and returns its id, or undefined when it was seeded
 * before and has since been deleted: staff who delete it keep it deleted (issue 32). A database
 * demo-seeded before the marker existed gets the marker on its next start, with the student it has
 * (or a new one when it had none). The password is stored like any other: scrypt of the client
 * hash. The marker and the student are written in one transaction, so instances starting together
 * seed it once.
 */
export async function seedDemoStudent(
  db: Db,
  options: {
    /** The stored hash of a password (the auth service's `storedPasswordHash`). */
    hashPassword: (password: string, mobile: string) => Promise<string>;
    now: number;
  },
): Promise<number | undefined> {
  if ((await appSettingRepository.find(db, DEMO_STUDENT_SETTING)) !== undefined) {
    return (await studentsRepository.findStudentByMobile(db, DEMO_STUDENT.mobile))?.id;
  }
  // Hashed before the transaction: scrypt takes a moment and the transaction should not wait on it.
  const passwordHash = await options.hashPassword(DEMO_STUDENT.password, DEMO_STUDENT.mobile);
  return withTransaction(db, async (trx) => {
    const first = await appSettingRepository.insertIfAbsent(
      trx,
      DEMO_STUDENT_SETTING,
      String(options.now),
      options.now,
    );
    if (first) {
      await studentsRepository.insertStudentIfAbsent(
        trx,
        {
          mobile: DEMO_STUDENT.mobile,
          nick: DEMO_STUDENT.nick,
          engName: DEMO_STUDENT.engName,
          sex: DEMO_STUDENT.sex,
          birthday: DEMO_STUDENT.birthday,
          passwordHash,
        },
        options.now,
      );
    }
    return (await studentsRepository.findStudentByMobile(trx, DEMO_STUDENT.mobile))?.id;
  });
}
