import { useTranslation } from 'react-i18next';
import { Descriptions, Typography } from 'antd';
import { PAY_ORDER_STATUSES } from '@app/contract/enums';
import type { Order } from '@app/contract/payments';
import { DateTime } from '../../../components/date-time.tsx';
import { EnumTag } from '../../../components/enum-tag.tsx';
import { Fen } from '../../../components/money.tsx';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { productTitle } from '../lib/product-title.ts';
import { PayMethodLabel } from './pay-method-label.tsx';
import '../../../locales/payments/index.ts';

/** Everything about one order: package, teacher, amount, method, status and its times. */
export function OrderDetails({ order }: { order: Order }) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const items = [
    {
      key: 'no',
      label: t('payments.orders.orderNo'),
      children: (
        <Typography.Text copyable data-testid="order-detail-no">
          {order.order_no}
        </Typography.Text>
      ),
    },
    {
      key: 'status',
      label: t('payments.orders.status'),
      children: <EnumTag items={PAY_ORDER_STATUSES} value={order.status} testId="order-detail-status" />,
    },
    { key: 'product', label: t('payments.orders.product'), children: productTitle(order.product, language) },
    ...(order.teacher
      ? [{ key: 'teacher', label: t('payments.orders.teacher'), children: order.teacher.name }]
      : []),
    { key: 'amount', label: t('payments.orders.amount'), children: <Fen value={order.amount_fen} /> },
    {
      key: 'method',
      label: t('payments.orders.method'),
      children: <PayMethodLabel method={order.pay_method} />,
    },
    {
      key: 'created',
      label: t('payments.orders.createdAt'),
      children: <DateTime value={order.created_at} />,
    },
    ...(order.status === 0
      ? [
          {
            key: 'expires',
            label: t('payments.orders.expiresAt'),
            children: <DateTime value={order.expires_at} />,
          },
        ]
      : []),
    ...(order.paid_at
      ? [{ key: 'paid', label: t('payments.orders.paidAt'), children: <DateTime value={order.paid_at} /> }]
      : []),
    ...(order.closed_at
      ? [
          {
            key: 'closed',
            label: t('payments.orders.closedAt'),
            children: <DateTime value={order.closed_at} />,
          },
        ]
      : []),
  ];
  return <Descriptions column={1} size="small" bordered items={items} data-testid="order-details" />;
}
