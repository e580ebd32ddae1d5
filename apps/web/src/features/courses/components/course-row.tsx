import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CourseItem } from '@app/contract/courses';
import { CARD_TYPES } from '@app/contract/enums';
import { DateTime } from '../../../components/date-time.tsx';
import { Coins } from '../../../components/money.tsx';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { courseOutcome, OUTCOME_NOTE_KEYS } from '../lib/course-page.ts';
import { CourseOutcomeTag, CourseStatusTag } from './course-status-tag.tsx';
import { TeacherLine } from './teacher-line.tsx';
import '../../../locales/courses/index.ts';

/** How a class was paid: the coins, or the card type. */
export function PayTypeLine({
  course,
}: {
  course: Pick<CourseItem, 'pay_type' | 'price_coins' | 'card_type'>;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  if (course.pay_type === 'coin') {
    return (
      <span className="ls-c-pay" data-testid="course-pay" data-pay="coin">
        {t('courses.list.payCoins')} <Coins value={course.price_coins} />
      </span>
    );
  }
  const card = CARD_TYPES.find((c) => c.value === course.card_type);
  return (
    <span className="ls-c-pay" data-testid="course-pay" data-pay="card">
      {t('courses.list.payCard')}
      {card && ` · ${card.label[lang]}`}
    </span>
  );
}

/** One class of the recent or finished list: the whole row links to the class page. */
export function CourseRow({ course }: { course: CourseItem }) {
  const { t } = useTranslation();
  const outcome = courseOutcome(course);
  return (
    <Link
      to={`/course/view/${course.id}`}
      className="ls-c-row ls-c-row-grid"
      data-testid="course-row"
      data-course-id={course.id}
    >
      <TeacherLine teacher={course.teacher} />
      <span className="ls-c-row-main">
        <span className="ls-c-row-time">
          <DateTime value={course.start} />{' '}
          <span className="ls-muted ls-small ls-c-nowrap">
            · {t('courses.list.minutes', { count: course.minutes })}
          </span>
        </span>
        <PayTypeLine course={course} />
        {outcome && (
          <span className="ls-muted ls-small" data-testid="course-outcome-note">
            {t(OUTCOME_NOTE_KEYS[outcome])}
          </span>
        )}
      </span>
      <span className="ls-c-row-tags">
        <CourseStatusTag status={course.status} />
        <CourseOutcomeTag course={course} />
      </span>
    </Link>
  );
}
