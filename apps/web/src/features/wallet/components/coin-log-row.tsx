import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COIN_LOG_TYPES } from '@app/contract/enums';
import { ORDER_NO_PATTERN } from '@app/contract/payments';
import type { CoinLog } from '@app/contract/wallet';
import { DateTime } from '../../../components/date-time.tsx';
import { EnumTag } from '../../../components/enum-tag.tsx';
import { Coins } from '../../../components/money.tsx';
import { SignedAmount } from './signed-amount.tsx';
import '../../../locales/wallet/index.ts';

/** One coin ledger entry: type, what it was for, when, the signed amount and the balance after it. */
export function CoinLogRow({ log }: { log: CoinLog }) {
  const { t } = useTranslation();
  // Only a real order number opens the order (an entry made by an operator may carry another reference).
  const orderNo = log.order_no !== null && ORDER_NO_PATTERN.test(log.order_no) ? log.order_no : null;
  return (
    <article className="ls-w-record" data-testid="coin-record" data-type={log.type}>
      <div className="ls-w-record-main">
        <div className="ls-w-record-head">
          <EnumTag items={COIN_LOG_TYPES} value={log.type} testId="record-type" />
          <span className="ls-muted ls-small">
            <DateTime value={log.created_at} />
          </span>
        </div>
        {log.remark && <p className="ls-w-record-remark">{log.remark}</p>}
        {(log.course_id !== null || orderNo !== null) && (
          <p className="ls-w-record-links ls-small">
            {log.course_id !== null && (
              <Link to={`/course/view/${log.course_id}`}>{t('wallet.viewClass')}</Link>
            )}
            {orderNo !== null && (
              <Link to={`/user/orders?order_no=${orderNo}`}>{t('wallet.viewOrder', { orderNo })}</Link>
            )}
          </p>
        )}
      </div>
      <div className="ls-w-record-side">
        <SignedAmount value={log.amount} />
        <span className="ls-muted ls-small">
          {t('wallet.balanceAfter')} <Coins value={log.balance_after} />
        </span>
      </div>
    </article>
  );
}
