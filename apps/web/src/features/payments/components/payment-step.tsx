import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, QRCode, Spin } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import type { Order } from '@app/contract/payments';
import { Fen } from '../../../components/money.tsx';
import { ListError, ListSkeleton } from '../../../components/list-states.tsx';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useOrderInfo } from '../api/get-order-info.ts';
import { useConfirmCloseOrder } from '../hooks/use-confirm-close-order.ts';
import { useNow } from '../hooks/use-now.ts';
import {
  formatCountdown,
  isOrderNotFound,
  paymentPhaseOf,
  payActionView,
  secondsLeft,
  type PaymentPhase,
} from '../lib/order-state.ts';
import { productTitle } from '../lib/product-title.ts';
import { OrderNotFound } from './order-not-found.tsx';
import { PayMethodIcon } from './pay-method-icon.tsx';
import { PayMethodLabel, usePayMethodName } from './pay-method-label.tsx';
import './payments.css';
import '../../../locales/payments/index.ts';

export type PaymentStepProps = {
  orderNo: string;
  /** Shown once paid: the refreshed balance (the composing page gives the wallet's card). */
  paidExtra?: ReactNode;
  /** Back to the packages for a new order (after expiry or closing, or "buy more"). */
  onNewOrder: (kind: Order['kind']) => void;
  /** Where the student came from to pay (a booking): the paid state's first action leads back. */
  returnTo?: { to: string; label: string } | undefined;
};

/**
 * The payment step of an order (DESIGN.md §7, §8 "payment waiting state"): how to pay it (a QR code,
 * or the provider's page), a countdown to its expiry and its live status, polled every 2 s until it
 * is paid, closed or expired; then the success or expiry state.
 */
export function PaymentStep({ orderNo, paidExtra, onNewOrder, returnTo }: PaymentStepProps) {
  const { t } = useTranslation();
  const order = useOrderInfo(orderNo);
  const awaiting = order.data?.status === 0;
  const now = useNow(1_000, awaiting);

  if (order.isPending) return <ListSkeleton testIdPrefix="payment" count={1} rows={6} />;
  if (isOrderNotFound(order.error)) return <OrderNotFound onNewOrder={onNewOrder} />;
  if (order.isError || !order.data) {
    return (
      <ListError
        testIdPrefix="payment"
        title={t('payments.step.loadError')}
        onRetry={() => void order.refetch()}
      />
    );
  }
  const phase = paymentPhaseOf(order.data, now);
  return (
    <section className="ls-pay-step" data-testid="payment-step" data-phase={phase} aria-live="polite">
      {phase === 'awaiting' ? (
        <Waiting order={order.data} now={now} />
      ) : (
        <Outcome
          order={order.data}
          phase={phase}
          paidExtra={paidExtra}
          onNewOrder={onNewOrder}
          returnTo={returnTo}
        />
      )}
    </section>
  );
}

function OrderFacts({ order }: { order: Order }) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  return (
    <dl className="ls-pay-facts">
      <div>
        <dt>{t('payments.orders.product')}</dt>
        <dd data-testid="payment-product">
          {productTitle(order.product, language)}
          {order.teacher && ` · ${order.teacher.name}`}
        </dd>
      </div>
      <div>
        <dt>{t('payments.step.amount')}</dt>
        <dd className="ls-pay-amount">
          <Fen value={order.amount_fen} />
        </dd>
      </div>
      <div>
        <dt>{t('payments.orders.method')}</dt>
        <dd>
          <PayMethodLabel method={order.pay_method} />
        </dd>
      </div>
      <div>
        <dt>{t('payments.step.orderNo')}</dt>
        <dd className="ls-pay-order-no" data-testid="payment-order-no">
          {order.order_no}
        </dd>
      </div>
    </dl>
  );
}

function Waiting({ order, now }: { order: Order; now: number }) {
  const { t } = useTranslation();
  const methodName = usePayMethodName()(order.pay_method);
  const confirmClose = useConfirmCloseOrder();
  const view = order.pay ? payActionView(order.pay) : null;
  // The provider's page replaces this one and returns to it (issue 33 §3), on a desktop too: a new
  // tab would not have this tab's session (sessionStorage without "remember me") and returned to the
  // login page right after the money was taken.
  const left = secondsLeft(order.expires_at, now);

  return (
    <div className="ls-pay-waiting">
      <div className="ls-pay-waiting-head">
        <Spin size="small" />
        <h2>{t('payments.step.waitingTitle')}</h2>
      </div>
      <div className="ls-pay-waiting-body">
        <div className="ls-pay-action">
          {view?.kind === 'qr' && (
            <>
              <p className="ls-pay-scan">{t(`payments.step.scan.${order.pay_method}`)}</p>
              <div className="ls-pay-qr" data-testid="payment-qr" data-value={view.value}>
                {/* Dark on white in both themes: scanners read that best. */}
                <QRCode
                  value={view.value}
                  size={200}
                  color="#000000"
                  bgColor="#ffffff"
                  bordered={false}
                  aria-label={t('payments.step.qrLabel', { method: methodName })}
                />
              </div>
              {view.openUrl && (
                <a
                  href={view.openUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="ls-small"
                  data-testid="payment-open-page"
                >
                  {t('payments.step.openPage')}
                </a>
              )}
            </>
          )}
          {view?.kind === 'redirect' && (
            <>
              <Button
                type="primary"
                size="large"
                href={view.url}
                rel="noreferrer"
                className="ls-pay-go"
                data-testid="payment-redirect"
              >
                <PayMethodIcon method={order.pay_method} size={20} />
                {t('payments.step.goPay', { method: methodName })}
              </Button>
              <p className="ls-muted ls-small">{t('payments.step.redirectHint')}</p>
            </>
          )}
        </div>
        <div className="ls-pay-side">
          <p className="ls-pay-countdown" role="timer" aria-live="off" data-testid="payment-countdown">
            <ClockCircleOutlined aria-hidden="true" /> <span>{t('payments.step.timeLeft')}</span>{' '}
            <strong>{formatCountdown(left)}</strong>
          </p>
          <p className="ls-muted ls-small">{t('payments.step.checking')}</p>
          <OrderFacts order={order} />
          <div className="ls-pay-links">
            <Link to={`/user/orders?order_no=${order.order_no}`} data-testid="payment-view-order">
              {t('payments.step.viewOrder')}
            </Link>
            <Button
              type="link"
              className="ls-pay-danger"
              onClick={() => confirmClose(order.order_no)}
              data-testid="payment-close"
            >
              {t('payments.step.cancelOrder')}
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}

function Outcome({
  order,
  phase,
  paidExtra,
  onNewOrder,
  returnTo,
}: {
  order: Order;
  phase: Exclude<PaymentPhase, 'awaiting'>;
  paidExtra?: ReactNode;
  onNewOrder: (kind: Order['kind']) => void;
  returnTo?: { to: string; label: string } | undefined;
}) {
  const { t } = useTranslation();
  const paid = phase === 'paid';
  const { coins, bonus_coins: bonus } = order.product;
  return (
    <div className={`ls-pay-outcome is-${phase}`}>
      <div className="ls-pay-outcome-icon" aria-hidden="true">
        {paid ? <CheckCircleFilled /> : <CloseCircleOutlined />}
      </div>
      <h2 data-testid="payment-outcome-title">
        {paid
          ? t('payments.step.paidTitle')
          : phase === 'expired'
            ? t('payments.step.expiredTitle')
            : t('payments.step.closedTitle')}
      </h2>
      <p>
        {paid
          ? order.kind === 'coin'
            ? bonus > 0
              ? t('payments.step.paidCoinsBonus', { coins, bonus })
              : t('payments.step.paidCoins', { coins })
            : t('payments.step.paidCard')
          : phase === 'expired'
            ? t('payments.step.expiredBody')
            : t('payments.step.closedBody')}
      </p>
      {paid && paidExtra}
      <OrderFacts order={order} />
      <div className="ls-pay-outcome-actions">
        {paid && returnTo && (
          <Link to={returnTo.to} className="ls-link-btn" data-testid="payment-return">
            {returnTo.label}
          </Link>
        )}
        {paid ? (
          <>
            <Link
              to={order.kind === 'coin' ? '/user/coins' : '/user/cards'}
              className={returnTo ? 'ls-link-btn ls-link-btn-ghost' : 'ls-link-btn'}
              data-testid="payment-to-wallet"
            >
              {order.kind === 'coin' ? t('payments.step.toCoins') : t('payments.step.toCards')}
            </Link>
            <Button onClick={() => onNewOrder(order.kind)}>{t('payments.step.buyMore')}</Button>
          </>
        ) : (
          <Button type="primary" onClick={() => onNewOrder(order.kind)} data-testid="payment-new-order">
            {t('payments.step.newOrder')}
          </Button>
        )}
        <Link to={`/user/orders?order_no=${order.order_no}`}>{t('payments.step.viewOrder')}</Link>
      </div>
    </div>
  );
}
