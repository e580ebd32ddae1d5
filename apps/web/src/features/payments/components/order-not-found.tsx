import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Order } from '@app/contract/payments';
import { ListEmpty } from '../../../components/list-states.tsx';
import '../../../locales/payments/index.ts';

/** A wrong or stale `?order_no=`: not an error to retry, nothing was charged for it. */
export function OrderNotFound({ onNewOrder }: { onNewOrder?: (kind: Order['kind']) => void }) {
  const { t } = useTranslation();
  return (
    <ListEmpty testIdPrefix="payment-not-found" description={t('payments.step.notFound')}>
      <span className="ls-pay-links">
        <Link to="/user/orders">{t('payments.step.toOrders')}</Link>
        {onNewOrder && (
          <button type="button" className="ls-link-btn" onClick={() => onNewOrder('coin')}>
            {t('payments.step.newOrder')}
          </button>
        )}
      </span>
    </ListEmpty>
  );
}
