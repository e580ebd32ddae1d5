import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_STATES, FEEDBACK_TYPES, labelOf } from '@app/contract/enums';
import type { FeedbackItem } from '@app/contract/feedback';
import { DateTime } from '../../../components/date-time.tsx';
import { useSettings } from '../../../lib/settings/settings-store.ts';

const STATE_COLOURS: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'default' };

/** One complaint: type, state (0 pending, 1 processed, 2 closed), what was written and the reply. */
export function FeedbackRecord({ item }: { item: FeedbackItem }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  return (
    <article className="ls-fb-item" data-testid="feedback-item" data-state={item.state}>
      <div className="ls-fb-head">
        <Tag>{labelOf(FEEDBACK_TYPES, item.type, lang)}</Tag>
        <Tag color={STATE_COLOURS[item.state]} data-testid="feedback-state">
          {labelOf(FEEDBACK_STATES, item.state, lang)}
        </Tag>
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
