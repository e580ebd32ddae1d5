import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { acceptedCardTypesOf } from '@app/contract/booking';
import type { ProductKind } from '@app/contract/payments';
import { ListSkeleton } from '../../../components/list-states.tsx';
import { lazyWithAntd } from '../../../lib/antd/lazy-with-antd.tsx';
import { RechargeForm } from '../../../features/payments/components/recharge-form.tsx';
import { useTeacherInfo } from '../../../features/teachers/api/get-teacher-info.ts';
import { CoinBalanceCard } from '../../../features/wallet/components/coin-balance-card.tsx';
import { backParam, recallBack, rememberBack } from './recharge-back.ts';
import '../../../locales/payments/index.ts';

/**
 * The packages render without antd (issue 18); the payment step (its QR code and dialogs) and the
 * exclusive card's teacher picker load with antd when they are shown.
 */
const PaymentStep = lazyWithAntd(() =>
  import('../../../features/payments/components/payment-step.tsx').then((module) => ({
    default: module.PaymentStep,
  })),
);
const RechargeTeacherPicker = lazyWithAntd(() =>
  import('./recharge-teacher-picker.tsx').then((module) => ({ default: module.RechargeTeacherPicker })),
);

/**
 * /user/recharge (issue 14): the wallet's balance above the packages; choosing one creates an order
 * and the page becomes its payment step (`?order_no=`, also where a provider's page returns the
 * student, contract payReturnPath). `?kind=card` opens on the lesson cards (the cards page's link).
 * It combines the wallet, payments and teachers features, so it is composed here.
 */
export default function RechargeRoute() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const orderNo = search.get('order_no') ?? '';
  const kind: ProductKind = search.get('kind') === 'card' ? 'card' : 'coin';
  const back = backParam(search.get('back')) ?? (orderNo ? recallBack(orderNo) : null);
  const teacherId = Number(search.get('teacher'));
  const cardTeacher = useTeacherInfo(Number.isInteger(teacherId) && teacherId > 0 ? teacherId : 0);
  const returnTo = back ? { to: back, label: t('payments.step.backToBooking') } : undefined;

  // The top-up's context (where to return, whose card) stays while the student changes packages.
  const withContext = (params: Record<string, string>) => ({
    ...params,
    ...(back ? { back } : {}),
    ...(cardTeacher.data ? { teacher: String(cardTeacher.data.id) } : {}),
  });
  const showKind = (next: ProductKind, replace: boolean) =>
    setSearch(withContext(next === 'card' ? { kind: 'card' } : {}), { replace });

  return (
    <div className="ls-pay-page">
      <h1>{t('titles.userRecharge')}</h1>
      {orderNo ? (
        <Suspense fallback={<ListSkeleton count={1} rows={4} testIdPrefix="payment-step" />}>
          <PaymentStep
            orderNo={orderNo}
            paidExtra={<CoinBalanceCard title={t('payments.step.newBalance')} />}
            onNewOrder={(k) => showKind(k, false)}
            returnTo={returnTo}
          />
        </Suspense>
      ) : (
        <>
          {returnTo && (
            <p className="ls-small" data-testid="recharge-back">
              {t('payments.step.backToBookingHint')} <Link to={returnTo.to}>{returnTo.label}</Link>
            </p>
          )}
          <CoinBalanceCard
            title={t('payments.balance')}
            action={
              <span className="ls-touch-links" style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
                <Link to="/user/coins">{t('payments.coinRecordsLink')}</Link>
                <Link to="/user/cards">{t('payments.cardsLink')}</Link>
              </span>
            }
          />
          <RechargeForm
            kind={kind}
            onKindChange={(next) => showKind(next, true)}
            renderTeacherPicker={(props) => (
              <Suspense fallback={<ListSkeleton count={1} rows={1} testIdPrefix="teacher-picker" />}>
                <RechargeTeacherPicker {...props} />
              </Suspense>
            )}
            defaultTeacher={
              cardTeacher.data ? { id: cardTeacher.data.id, name: cardTeacher.data.name } : null
            }
            preferredCardTypes={cardTeacher.data ? acceptedCardTypesOf(cardTeacher.data.nationality) : []}
            onOrderCreated={(no) => {
              if (back) rememberBack(no, back);
              setSearch(back ? { order_no: no, back } : { order_no: no });
            }}
          />
        </>
      )}
    </div>
  );
}
