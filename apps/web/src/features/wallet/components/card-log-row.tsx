import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CARD_LOG_TYPES, CARD_TYPES } from '@app/contract/enums';
import type { CardLog } from '@app/contract/wallet';
import { DateTime } from '../../../components/date-time.tsx';
import { EnumTag } from '../../../components/enum-tag.tsx';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { SignedAmount } from './signed-amount.tsx';
import '../../../locales/wallet/index.ts';

/** One card ledger entry: type, which card, when, the signed lessons and the lessons left after it. */
export function CardLogRow({ log }: { log: CardLog }) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const cardType =
    CARD_TYPES.find((c) => c.value === log.card_type)?.label[language] ?? String(log.card_type);
  return (
    <article
      className="ls-w-record"
      data-testid="card-record"
      data-type={log.type}
      data-card-id={log.card_id}
    >
      <div className="ls-w-record-main">
        <div className="ls-w-record-head">
          <EnumTag items={CARD_LOG_TYPES} value={log.type} testId="record-type" />
          <span className="ls-small">{t('wallet.cardOption', { type: cardType, id: log.card_id })}</span>
        </div>
        <p className="ls-muted ls-small" style={{ margin: '2px 0 0' }}>
          <DateTime value={log.created_at} />
        </p>
        {log.remark && <p className="ls-w-record-remark">{log.remark}</p>}
        {log.course_id !== null && (
          <p className="ls-w-record-links ls-small">
            <Link to={`/course/view/${log.course_id}`}>{t('wallet.viewClass')}</Link>
          </p>
        )}
      </div>
      <div className="ls-w-record-side">
        <SignedAmount value={log.amount} unit={(amount) => t('wallet.lessonsAmount', { amount })} />
        <span className="ls-muted ls-small">
          {t('wallet.lessonsAfter')} {log.lessons_after}
        </span>
      </div>
    </article>
  );
}
