import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Drawer, Grid, Segmented } from 'antd';
import { PAY_ORDER_STATUSES, type PayOrderStatus } from '@app/contract/enums';
import { ListError, ListSkeleton } from '../../../components/list-states.tsx';
import { CountedPagedList } from '../../../components/counted-paged-list.tsx';
import { usePageParam } from '../../../lib/paging/use-page-param.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useOrderInfo } from '../api/get-order-info.ts';
import { useOrderList } from '../api/get-order-list.ts';
import { OrderDetails } from '../components/order-details.tsx';
import { OrderNotFound } from '../components/order-not-found.tsx';
import { OrderRow } from '../components/order-row.tsx';
import { isOrderNotFound, ORDER_STATUS } from '../lib/order-state.ts';
import '../components/payments.css';
import '../../../locales/payments/index.ts';

const PAGE_SIZE = 10;
const STATUS_VALUES: readonly number[] = PAY_ORDER_STATUSES.map((s) => s.value);

/**
 * /user/orders: the student's recharge orders, newest first, filtered by status (`?status=`: 0
 * awaiting, 200 paid, 500 closed) and paged; details in a drawer (`?order_no=`, so a coin record or
 * the payment step can link to one order); an awaiting order can be paid on or closed.
 */
export default function OrdersRoute() {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const screens = Grid.useBreakpoint();
  const [search, setSearch] = useSearchParams();
  const [page, setPage] = usePageParam();
  const rawStatus = search.get('status');
  const status =
    rawStatus !== null && STATUS_VALUES.includes(Number(rawStatus)) && rawStatus !== ''
      ? (Number(rawStatus) as PayOrderStatus)
      : undefined;
  const orderNo = search.get('order_no') ?? '';
  const orders = useOrderList({
    current: page,
    size: PAGE_SIZE,
    ...(status === undefined ? {} : { status }),
  });

  const update = (change: (params: URLSearchParams) => void) => {
    const params = new URLSearchParams(search);
    change(params);
    setSearch(params);
  };
  const setStatus = (next: PayOrderStatus | undefined) =>
    update((p) => {
      if (next === undefined) p.delete('status');
      else p.set('status', String(next));
      p.delete('page');
    });

  return (
    <div className="ls-pay-page">
      <h1>{t('titles.userOrders')}</h1>
      <div className="ls-pay-orders-head">
        <Segmented<PayOrderStatus | 'all'>
          value={status ?? 'all'}
          onChange={(v) => setStatus(v === 'all' ? undefined : v)}
          aria-label={t('payments.orders.statusFilter')}
          data-testid="order-status-filter"
          options={[
            { value: 'all', label: t('payments.orders.all') },
            ...PAY_ORDER_STATUSES.map((s) => ({ value: s.value, label: s.label[language] })),
          ]}
        />
      </div>
      <CountedPagedList
        query={orders}
        page={page}
        onPageChange={setPage}
        testId="order-list"
        testIdPrefix="orders"
        skeletonCount={3}
        errorTitle={t('payments.orders.errorTitle')}
        emptyText={status === undefined ? t('payments.orders.empty') : t('payments.orders.emptyOfStatus')}
        countText={(count) => t('payments.orders.count', { count })}
        renderItem={(order) => (
          <OrderRow
            key={order.order_no}
            order={order}
            onDetails={(no) => update((p) => p.set('order_no', no))}
          />
        )}
      />
      <Drawer
        open={orderNo !== ''}
        onClose={() => update((p) => p.delete('order_no'))}
        title={t('payments.orders.detailTitle')}
        size={screens.sm ? 480 : '100%'}
        destroyOnHidden
        data-testid="order-drawer"
      >
        {orderNo !== '' && <OrderDrawerBody orderNo={orderNo} />}
      </Drawer>
    </div>
  );
}

function OrderDrawerBody({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const order = useOrderInfo(orderNo);
  if (order.isPending) return <ListSkeleton testIdPrefix="order" count={1} rows={6} />;
  if (isOrderNotFound(order.error)) return <OrderNotFound />;
  if (order.isError || !order.data) {
    return (
      <ListError
        testIdPrefix="order"
        title={t('payments.step.loadError')}
        onRetry={() => void order.refetch()}
      />
    );
  }
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <OrderDetails order={order.data} />
      {order.data.status === ORDER_STATUS.paid && (
        <p style={{ margin: 0 }}>
          <Link
            to={
              order.data.kind === 'coin'
                ? '/user/coins'
                : `/user/cards${order.data.card_id === null ? '' : `?card_id=${order.data.card_id}`}`
            }
          >
            {order.data.kind === 'coin' ? t('payments.step.toCoins') : t('payments.orders.viewCard')}
          </Link>
        </p>
      )}
    </div>
  );
}
