import { useTranslation } from 'react-i18next';
import { FEEDBACK_STATES, FEEDBACK_TYPES } from '@app/contract/enums';
import type { FeedbackItem } from '@app/contract/feedback';
import { DateTime } from '../../../components/date-time.tsx';
import { EnumTag } from '../../../components/enum-tag.tsx';

/** One complaint: type, state (0 pending, 1 processed, 2 closed), what was written and the reply. */
export function FeedbackRecord({ item }: { item: FeedbackItem }) {
  const { t } = useTranslation();
  return (
    <article className="ls-fb-item" data-testid="feedback-item" data-state={item.state}>
      <div className="ls-fb-head">
        <EnumTag items={FEEDBACK_TYPES} value={item.type} />
        <EnumTag items={FEEDBACK_STATES} value={item.state} testId="feedback-state" />
        <span className="ls-muted ls-small">
          <DateTime value={item.created_at} />
        </span>
      </div>
      <p className="ls-fb-content">{item.content}</p>
      {item.reply ? (
        <div className="ls-fb-reply" data-testid="feedback-reply">
          <div className="ls-small ls-muted">
            {t('feedback.reply')}
            {item.reply_at && (
              <>
                {' · '}
                <DateTime value={item.reply_at} />
              </>
            )}
          </div>
          <p>{item.reply}</p>
        </div>
      ) : (
        <p className="ls-muted ls-small">{t('feedback.noReply')}</p>
      )}
    </article>
  );
}
