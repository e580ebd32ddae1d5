import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { StarFilled } from '@ant-design/icons';
import type { CourseInfo, CourseReview } from '@app/contract/courses';
import { REVIEW_TAGS } from '@app/contract/enums';
import { ListSkeleton } from '../../../components/list-states.tsx';
import { lazyWithAntd } from '../../../lib/antd/lazy-with-antd.tsx';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useFormatTime } from '../hooks/use-format-time.ts';
import { reviewArea } from '../lib/course-page.ts';
import '../../../locales/courses/index.ts';
import '../../../components/enum-tag.css';

/** The form is antd's (stars, tags, a text area): it loads with antd, the rest of the page without. */
const ReviewForm = lazyWithAntd(() =>
  import('./review-form.tsx').then((module) => ({ default: module.ReviewForm })),
);

function tagLabel(value: string, lang: 'zh-Hans' | 'en'): string {
  return REVIEW_TAGS.find((tag) => tag.value === value)?.label[lang] ?? value;
}

/** The student's submitted review, read-only. */
function SubmittedReview({ review }: { review: CourseReview }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const format = useFormatTime();
  return (
    <div className="ls-c-review" data-testid="course-review">
      <div className="ls-c-review-head">
        {/* Drawn stars, not a disabled Rate: its stars stay focusable radios inside the label. */}
        <span
          className="ls-c-stars"
          role="img"
          aria-label={t('courses.review.ratingValue', { rating: review.rating })}
        >
          {[1, 2, 3, 4, 5].map((star) => (
            <StarFilled
              key={star}
              aria-hidden="true"
              className={star <= review.rating ? 'is-on' : undefined}
            />
          ))}
        </span>
        <span className="ls-muted ls-small">
          {t('courses.review.submittedAt', { date: format(review.created_at, 'date') })}
        </span>
      </div>
      {review.tags.length > 0 && (
        <div className="ls-c-tags">
          {review.tags.map((tag) => (
            <span key={tag} className="ls-enum-tag ls-tone">
              {tagLabel(tag, lang)}
            </span>
          ))}
        </div>
      )}
      {review.content && <p className="ls-c-review-text">{review.content}</p>}
    </div>
  );
}

/** The review area of a class page: the review, the form, or why there is neither. */
export function ReviewPanel({ course }: { course: CourseInfo }) {
  const { t } = useTranslation();
  const area = reviewArea(course);
  if (area === 'none') return null;
  return (
    <section className="ls-c-card" aria-labelledby="course-review-title">
      <h2 id="course-review-title">{t('courses.review.title')}</h2>
      {area === 'review' && course.review && <SubmittedReview review={course.review} />}
      {area === 'form' && (
        <Suspense fallback={<ListSkeleton count={1} rows={3} testIdPrefix="review-form" />}>
          <ReviewForm course={course} />
        </Suspense>
      )}
      {area === 'closed' && (
        <p className="ls-muted" data-testid="review-closed">
          {t('courses.review.closed')}
        </p>
      )}
    </section>
  );
}
