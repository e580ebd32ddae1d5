import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { CARD_TYPES, type PayMethod } from '@app/contract/enums';
import type { Product, ProductKind } from '@app/contract/payments';
import { EnumTag } from '../../../components/enum-tag.tsx';
import { Fen } from '../../../components/money.tsx';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-states.tsx';
import { formatFen } from '../../../lib/money/money.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useCreateOrder } from '../api/create-order.ts';
import { useProductList } from '../api/get-product-list.ts';
import { isWeChatBrowser, newIdempotencyKey, offeredPayMethods } from '../lib/order-state.ts';
import { productTitle } from '../lib/product-title.ts';
import { PayMethodIcon } from './pay-method-icon.tsx';
import { usePayMethodName } from './pay-method-label.tsx';
import '../../../components/fields.css';
import './payments.css';
import '../../../locales/payments/index.ts';

/** The teacher an exclusive-teacher card is bought for. */
export type TeacherChoice = { id: number; name: string };

export type TeacherPickerProps = {
  value: TeacherChoice | null;
  onChange: (teacher: TeacherChoice) => void;
  /** The error to show under the picker (none chosen at submit). */
  error: string | null;
};

export type RechargeFormProps = {
  kind: ProductKind;
  onKindChange: (kind: ProductKind) => void;
  /** The teacher picker of an exclusive card (composed from the teachers feature by the page). */
  renderTeacherPicker: (props: TeacherPickerProps) => ReactNode;
  onOrderCreated: (orderNo: string) => void;
  /** The exclusive card's teacher until the student picks one (a booking's "buy a card" link). */
  defaultTeacher?: TeacherChoice | null;
  /** Card types to offer first (those that pay for that teacher), until the student picks a package. */
  preferredCardTypes?: readonly number[];
};

const EXCLUSIVE_CARD = 100;

/**
 * Choosing what to buy (DESIGN.md §7, issue 14): coin packages (price, coins, bonus coins) or card
 * packages (type, lessons, validity; an exclusive card names its teacher), the payment method with
 * the apps' icons (no Alipay inside WeChat, PROVIDERS.md), then an order with one Idempotency-Key
 * per confirmation.
 */
export function RechargeForm({
  kind,
  onKindChange,
  renderTeacherPicker,
  onOrderCreated,
  defaultTeacher = null,
  preferredCardTypes = [],
}: RechargeFormProps) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const methodName = usePayMethodName();
  const products = useProductList();
  const create = useCreateOrder();
  const [chosen, setChosen] = useState<Record<ProductKind, number | null>>({ coin: null, card: null });
  const [pickedTeacher, setTeacher] = useState<TeacherChoice | null>(null);
  const teacher = pickedTeacher ?? defaultTeacher;
  const [teacherError, setTeacherError] = useState<string | null>(null);
  const [method, setMethod] = useState<PayMethod | null>(null);
  const inWeChat = isWeChatBrowser(navigator.userAgent);

  const packages = products.data?.products.filter((p) => p.kind === kind) ?? [];
  const product =
    packages.find((p) => p.id === chosen[kind]) ??
    packages.find((p) => p.card_type !== null && preferredCardTypes.includes(p.card_type)) ??
    packages[0];
  const methods = products.data ? offeredPayMethods(products.data.pay_methods, navigator.userAgent) : [];
  const payMethod = method && methods.includes(method) ? method : (methods[0] ?? null);
  const needsTeacher = product?.card_type === EXCLUSIVE_CARD;

  const submit = () => {
    if (!product || !payMethod) return;
    if (needsTeacher && !teacher) {
      setTeacherError(t('payments.teacherRequired'));
      return;
    }
    create.mutate(
      {
        product_id: product.id,
        pay_method: payMethod,
        ...(needsTeacher && teacher ? { teacher_id: teacher.id } : {}),
        idempotencyKey: newIdempotencyKey(),
      },
      { onSuccess: (order) => onOrderCreated(order.order_no) },
    );
  };

  return (
    <div className="ls-pay-page" data-testid="recharge-form">
      <div
        className="ls-segmented"
        role="radiogroup"
        aria-label={t('payments.kind')}
        data-testid="recharge-kind"
      >
        {(['coin', 'card'] as const).map((value) => (
          <label key={value} className={value === kind ? 'is-checked' : undefined}>
            <input
              type="radio"
              name="recharge-kind"
              value={value}
              checked={value === kind}
              onChange={() => onKindChange(value)}
            />
            {value === 'coin' ? t('payments.kindCoin') : t('payments.kindCard')}
          </label>
        ))}
      </div>
      {products.isPending ? (
        <ListSkeleton testIdPrefix="products" className="ls-pay-options" count={4} rows={2} />
      ) : products.isError ? (
        <ListError
          testIdPrefix="products"
          title={t('payments.productsError')}
          onRetry={() => void products.refetch()}
        />
      ) : packages.length === 0 || !product ? (
        <ListEmpty testIdPrefix="products" description={t('payments.noProducts')} />
      ) : (
        <>
          <fieldset className="ls-pay-panel">
            <legend className="ls-sr-only">{t('payments.packages')}</legend>
            <h2 aria-hidden="true">{t('payments.packages')}</h2>
            <div className="ls-pay-options" data-testid="packages">
              {packages.map((p) => (
                <PackageOption
                  key={p.id}
                  product={p}
                  checked={p.id === product.id}
                  onChoose={() => {
                    setChosen((c) => ({ ...c, [kind]: p.id }));
                    setTeacherError(null);
                  }}
                  title={productTitle(p, language)}
                />
              ))}
            </div>
          </fieldset>
          {needsTeacher && (
            <section className="ls-pay-panel" aria-labelledby="recharge-teacher-title">
              <h2 id="recharge-teacher-title">{t('payments.teacher')}</h2>
              {renderTeacherPicker({
                value: teacher,
                onChange: (next) => {
                  setTeacher(next);
                  setTeacherError(null);
                },
                error: teacherError,
              })}
            </section>
          )}
          <fieldset className="ls-pay-panel">
            <legend className="ls-sr-only">{t('payments.payMethod')}</legend>
            <h2 aria-hidden="true">{t('payments.payMethod')}</h2>
            {inWeChat && (
              <p className="ls-pay-alert is-info" role="note" data-testid="wechat-only">
                <InfoCircleFilled aria-hidden="true" />
                {t('payments.wechatOnly')}
              </p>
            )}
            {methods.length === 0 ? (
              <p className="ls-pay-alert is-warning" role="alert">
                <ExclamationCircleFilled aria-hidden="true" />
                {t('payments.noMethods')}
              </p>
            ) : (
              <div className="ls-pay-options is-methods" data-testid="pay-methods">
                {methods.map((m) => (
                  <label
                    key={m}
                    className={`ls-pay-option is-method${m === payMethod ? ' is-checked' : ''}`}
                    data-testid={`pay-method-${m}`}
                  >
                    <input
                      type="radio"
                      name="pay-method"
                      value={m}
                      checked={m === payMethod}
                      onChange={() => setMethod(m)}
                    />
                    <PayMethodIcon method={m} size={28} />
                    <span>{methodName(m)}</span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          <div className="ls-pay-panel ls-pay-total">
            <div>
              <span className="ls-muted">{t('payments.total')}</span>{' '}
              <span className="ls-pay-total-amount" data-testid="recharge-total">
                <Fen value={product.price_fen} />
              </span>
              <p className="ls-muted ls-small" style={{ margin: 0 }}>
                {t('payments.payNote')}
              </p>
            </div>
            <button
              type="button"
              className="ls-btn ls-btn-primary ls-btn-large"
              disabled={!payMethod || create.isPending}
              aria-busy={create.isPending}
              onClick={submit}
              data-testid="recharge-submit"
            >
              {create.isPending && <span className="ls-btn-spinner" aria-hidden="true" />}
              {t('payments.payNow', { amount: formatFen(product.price_fen) })}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

function PackageOption({
  product,
  checked,
  onChoose,
  title,
}: {
  product: Product;
  checked: boolean;
  onChoose: () => void;
  title: string;
}) {
  const { t } = useTranslation();
  return (
    <label
      className={`ls-pay-option${checked ? ' is-checked' : ''}`}
      data-testid="package"
      data-product-id={product.id}
      data-bonus={product.bonus_coins}
    >
      <input type="radio" name="package" value={product.id} checked={checked} onChange={onChoose} />
      {product.kind === 'card' && product.card_type !== null && (
        <EnumTag items={CARD_TYPES} value={product.card_type} />
      )}
      <span className="ls-pay-option-title">{title}</span>
      <span className="ls-pay-option-price">
        <Fen value={product.price_fen} />
      </span>
      {product.kind === 'coin' ? (
        product.bonus_coins > 0 && (
          <span className="ls-enum-tag ls-tone is-gold" data-testid="package-bonus">
            {t('payments.bonus', { bonus: product.bonus_coins })}
          </span>
        )
      ) : (
        <>
          <span className="ls-small">
            {t('payments.lessons', { count: product.lessons })} ·{' '}
            {t('payments.validity', { days: product.validity_days })}
          </span>
          <span className="ls-muted ls-small">
            {product.card_type === EXCLUSIVE_CARD ? t('payments.exclusiveHint') : t('payments.filipinoHint')}
          </span>
        </>
      )}
    </label>
  );
}
