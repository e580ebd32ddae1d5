import { useTranslation } from 'react-i18next';
import type { CourseItem } from '@app/contract/courses';
import { COURSE_STATUSES } from '@app/contract/enums';
import { EnumTag } from '../../../components/enum-tag.tsx';
import { courseOutcome, OUTCOME_TONES } from '../lib/course-page.ts';
import '../../../locales/courses/index.ts';

/** A class's status with its label and tone from the contract (COURSE_STATUSES). */
export function CourseStatusTag({ status }: { status: number }) {
  return <EnumTag items={COURSE_STATUSES} value={status} testId="course-status" />;
}

/** The outcome chip of a class (courseOutcome), in the tones of the app's chips; nothing when there is none. */
export function CourseOutcomeTag({
  course,
}: {
  course: Pick<CourseItem, 'status' | 'attended' | 'late_cancel'>;
}) {
  const { t } = useTranslation();
  const outcome = courseOutcome(course);
  if (!outcome) return null;
  return (
    <span
      className={`ls-enum-tag ls-tone ${OUTCOME_TONES[outcome]}`}
      data-testid="course-outcome"
      data-outcome={outcome}
    >
      {t(`courses.list.outcome.${outcome}`)}
    </span>
  );
}
