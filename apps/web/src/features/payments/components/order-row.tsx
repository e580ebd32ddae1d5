import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { PAY_ORDER_STATUSES } from '@app/contract/enums';
import { payReturnPath, type Order } from '@app/contract/payments';
import { DateTime } from '../../../components/date-time.tsx';
import { EnumTag } from '../../../components/enum-tag.tsx';
import { Fen } from '../../../components/money.tsx';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useConfirmCloseOrder } from '../hooks/use-confirm-close-order.ts';
import { ORDER_STATUS } from '../lib/order-state.ts';
import { productTitle } from '../lib/product-title.ts';
import { PayMethodLabel } from './pay-method-label.tsx';
import '../../../locales/payments/index.ts';

/** One order in the list: package, status, amount, method, time, and what can be done with it. */
export function OrderRow({ order, onDetails }: { order: Order; onDetails: (orderNo: string) => void }) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const confirmClose = useConfirmCloseOrder();
  const awaiting = order.status === ORDER_STATUS.awaiting;
  return (
    <article
      className="ls-pay-order"
      data-testid="order-row"
      data-order-no={order.order_no}
      data-status={order.status}
    >
      <div className="ls-pay-order-main">
        <span className="ls-pay-order-title">
          <span>{productTitle(order.product, language)}</span>
          <EnumTag items={PAY_ORDER_STATUSES} value={order.status} testId="order-status" />
        </span>
        <span className="ls-small">
          <Fen value={order.amount_fen} /> · <PayMethodLabel method={order.pay_method} size={16} />
          {order.teacher && ` · ${order.teacher.name}`}
        </span>
        <span className="ls-muted ls-small">
          <DateTime value={order.created_at} />
        </span>
      </div>
      <div className="ls-pay-order-side">
        {awaiting && (
          <>
            <Link to={payReturnPath(order.order_no)} className="ls-link-btn" data-testid="order-continue">
              {t('payments.orders.continuePay')}
            </Link>
            <Button
              className="ls-pay-danger"
              onClick={() => confirmClose(order.order_no)}
              data-testid="order-close"
            >
              {t('payments.orders.close')}
            </Button>
          </>
        )}
        <Button onClick={() => onDetails(order.order_no)} data-testid="order-details-button">
          {t('payments.orders.details')}
        </Button>
      </div>
    </article>
  );
}
