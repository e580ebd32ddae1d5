import { useTranslation } from 'react-i18next';
import { CANCEL_FREE_HOURS } from '@app/contract/constants';
import type { CourseInfo } from '@app/contract/courses';
import { whatCameBack } from '../lib/course-page.ts';
import '../../../locales/courses/index.ts';

/** What came back to the student for a cancelled or called-off class, and why. */
export function CameBackNote({
  course,
}: {
  course: Pick<CourseInfo, 'status' | 'late_cancel' | 'pay_type' | 'price_coins'>;
}) {
  const { t } = useTranslation();
  const back = whatCameBack(course);
  if (!back) return null;
  const hours = CANCEL_FREE_HOURS;
  const text =
    back.kind === 'coins'
      ? t('courses.view.backCoins', { coins: back.coins, hours })
      : back.kind === 'lesson'
        ? t('courses.view.backLesson', { hours })
        : back.kind === 'nothingLate'
          ? t('courses.view.backNothingLate', { hours })
          : back.kind === 'coinsCompensated'
            ? t('courses.view.backCoinsCompensated', { coins: back.coins })
            : t('courses.view.backLessonsCompensated');
  return (
    <p
      className={back.kind === 'nothingLate' ? 'ls-c-warn' : undefined}
      data-testid="course-came-back"
      data-kind={back.kind}
    >
      {text}
    </p>
  );
}
