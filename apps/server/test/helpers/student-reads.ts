import { createStudentSession } from '../../../../test-support/students.ts';
import { transportOf } from './auth.ts';
import { giveCoins, manualClock } from './courses.ts';
import { createTeacher } from './factories.ts';
import { createTestApp } from './test-app.ts';

/**
 * What the tests of a logged-in student's everyday reads start from (issue 36): an app on a manual
 * clock at `now`, a teacher at 100 coins a class, and a student signed in with 1,000 coins.
 */
export async function studentReadsSetup(now: number) {
  const clock = manualClock(now);
  const t = await createTestApp({ clock });
  const teacher = await createTeacher(t.db, { price_coins: 100 });
  const s = await createStudentSession(transportOf(t));
  await giveCoins(t.db, t.app.wallet, s.studentId, 1000);
  return { t, clock, teacher, s };
}
