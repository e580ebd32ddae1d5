import type { Trx } from '../../db/transaction.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { CourseRow } from './courses.repository.ts';

/**
 * Gives back what a class cost, in the caller's transaction: coin log 600 or card log 3, plus
 * (teacher no-show) 700 or 7 of the same amount. Cancelling (courses.service.ts) and the no-show
 * (class-lifecycle.service.ts) both refund this way.
 */
export async function refundClass(
  wallet: Pick<WalletService, 'creditCoins' | 'creditCardLessons'>,
  trx: Trx,
  course: CourseRow,
  compensate: boolean,
): Promise<{ coins: number; lessons: number }> {
  const studentId = course.student_id;
  if (course.pay_type === 'coin') {
    if (course.price_coins <= 0) return { coins: 0, lessons: 0 };
    const amount = course.price_coins;
    await wallet.creditCoins(trx, 600, { studentId, amount, courseId: course.id });
    if (compensate) await wallet.creditCoins(trx, 700, { studentId, amount, courseId: course.id });
    return { coins: compensate ? 2 * amount : amount, lessons: 0 };
  }
  if (course.card_id === null) return { coins: 0, lessons: 0 };
  const entry = { studentId, cardId: course.card_id, amount: 1, courseId: course.id };
  await wallet.creditCardLessons(trx, 3, entry);
  if (compensate) await wallet.creditCardLessons(trx, 7, entry);
  return { coins: 0, lessons: compensate ? 2 : 1 };
}
