import { appSettingRepository, SETTING_KEYS } from '../app-setting.repository.ts';
import type { Db } from '../database.ts';
import { DEMO_STUDENT } from '../../modules/students/students.seed.ts';
import { studentsRepository } from '../../modules/students/students.repository.ts';

/*
 * What the demo seed left behind, read by the seed itself and by GET /app/config. Kept apart from the
 * seed (index.ts), which builds the services: a service that reads these facts then does not import
 * the code that builds it.
 */

/** Whether the installation was demo-seeded (later demo content is topped up on its starts). */
export async function hasDemoData(db: Db): Promise<boolean> {
  return (await appSettingRepository.find(db, SETTING_KEYS.demoSeeded)) !== undefined;
}

/**
 * Whether the demo student can log in (the `demo` flag of GET /app/config: the login page offers its
 * phone and password): the installation is a demo and staff have not deleted the student.
 */
export async function hasDemoLogin(db: Db): Promise<boolean> {
  return (
    (await hasDemoData(db)) &&
    (await studentsRepository.findStudentByMobile(db, DEMO_STUDENT.mobile)) !== undefined
  );
}
