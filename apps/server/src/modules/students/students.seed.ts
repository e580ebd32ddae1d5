import type { Db } from '../../db/database.ts';
import { clientPasswordHash } from '../auth/client-password-hash.ts';
import { createPasswordHasher } from '../auth/password-hasher.ts';
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

/**
 * Inserts the demo student unless its phone exists (idempotent, so demo databases made before this
 * feature get it on their next start). The password is stored like any other: scrypt of the client
 * hash. Returns the student's id.
 */
export async function seedDemoStudent(db: Db, options: { scryptCost: number; now: number }): Promise<number> {
  const existing = await studentsRepository.findStudentByMobile(db, DEMO_STUDENT.mobile);
  if (existing) return existing.id;
  const hasher = createPasswordHasher({ cost: options.scryptCost });
  const passwordHash = await hasher.hash(clientPasswordHash(DEMO_STUDENT.password, DEMO_STUDENT.mobile));
  await studentsRepository.insertStudentIfAbsent(
    db,
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
  const created = await studentsRepository.findStudentByMobile(db, DEMO_STUDENT.mobile);
  if (!created) throw new Error('demo student was not stored');
  return created.id;
}
