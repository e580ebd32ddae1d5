import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Modal, Radio, Skeleton } from 'antd';
import { CANCEL_FREE_HOURS } from '@app/contract/constants';
import { CARD_TYPES } from '@app/contract/enums';
import type { CourseItem } from '@app/contract/courses';
import type { LessonCard } from '@app/contract/wallet';
import { Coins } from '../../../components/money.tsx';
import { DateTime } from '../../../components/date-time.tsx';
import { isApiError } from '../../../lib/http/api-error.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { lastUsableDay } from '../../../lib/time/card-validity.ts';
import { formatInZone, studentTimeZone } from '../../../lib/time/zoned-time.ts';
import { useBookCourse } from '../api/book-course.ts';
import {
  defaultPayOption,
  needsTopUp,
  payBodyOf,
  payOptionsOf,
  slotGoneShown,
  startsWithinCancelWindow,
  topUpHref,
  type BookingTeacher,
  type PayOption,
} from '../lib/booking-options.ts';
import { newIdempotencyKey } from '../lib/idempotency-key.ts';
import './booking.css';
import '../../../locales/courses/index.ts';

export type BookingSlot = { id: number; start: string; end: string };

export type BookingDialogProps = {
  slot: BookingSlot;
  teacher: BookingTeacher;
  /** The student's coins and cards (the wallet's queries, passed in by the page). */
  wallet: { balance: number; cards: readonly LessonCard[] } | 'loading' | 'error';
  onRetryWallet: () => void;
  /** False once a refreshed schedule shows the slot taken or closed: the dialog says so. */
  slotFree: boolean;
  onClose: () => void;
  onBooked: (course: CourseItem) => void;
};

/**
 * Before the student pays for a slot starting within the free-cancellation window: cancelling it
 * later refunds nothing (DESIGN.md §7 "Cancelling"; the hours are the contract's CANCEL_FREE_HOURS).
 */
export function LateBookingWarning() {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      title={t('courses.booking.lateTitle', { hours: CANCEL_FREE_HOURS })}
      description={t('courses.booking.lateBody', { hours: CANCEL_FREE_HOURS })}
      data-testid="booking-late-warning"
    />
  );
}

/** No way to pay: recharge coins or buy a card, then come back to this teacher and slot. */
export function TopUpOffer({ teacherId, slotId }: { teacherId: number; slotId: number }) {
  const { t } = useTranslation();
  return (
    <div className="ls-booking-topup" data-testid="booking-topup">
      <p className="ls-small">{t('courses.booking.topUpHint')}</p>
      <div className="ls-booking-topup-links">
        <Link
          to={topUpHref('coin', teacherId, slotId)}
          className="ls-link-btn"
          data-testid="booking-recharge"
        >
          {t('courses.booking.recharge')}
        </Link>
        <Link
          to={topUpHref('card', teacherId, slotId)}
          className="ls-link-btn ls-link-btn-ghost"
          data-testid="booking-buy-card"
        >
          {t('courses.booking.buyCard')}
        </Link>
      </div>
    </div>
  );
}

/**
 * Pay and confirm (DESIGN.md §7 "Booking"): the slot in the student's zone (Beijing time beside it),
 * coins or a card that pays for this teacher, the price and the cancellation policy of SPEC.md §9.
 * Mounted anew for every slot the student picks, so each dialog has its own Idempotency-Key: a
 * double click or a retry after a lost reply gets the first booking back, never a second one. The
 * key is renewed when the payment changes (same key, other body is a 409) and after a refusal (the
 * server replays a stored refusal for its key, and the student may have fixed the cause meanwhile).
 * Refusals are toasted by the HTTP client in the server's words; the dialog stays open and usable.
 * A slot starting within the free-cancellation window says, before the student pays, that cancelling
 * it would refund nothing; a student with no way to pay gets links to recharge or buy a card that
 * bring them back to this slot.
 */
export function BookingDialog({
  slot,
  teacher,
  wallet,
  onRetryWallet,
  slotFree,
  onClose,
  onBooked,
}: BookingDialogProps) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const book = useBookCourse();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [refusal, setRefusal] = useState<string | null>(null);
  const options = useMemo(
    () => (typeof wallet === 'object' ? payOptionsOf(teacher, wallet.balance, wallet.cards) : []),
    [teacher, wallet],
  );
  const [picked, setPicked] = useState<PayOption['value'] | null>(null);
  const choice = picked ?? defaultPayOption(options);
  const chosen = options.find((o) => o.value === choice && !o.disabled);
  const minutes = Math.round((Date.parse(slot.end) - Date.parse(slot.start)) / 60_000);
  const [openedAt] = useState(() => Date.now());
  const late = startsWithinCancelWindow(slot.start, openedAt);
  // The schedule refreshed by this dialog's own booking shows the slot taken: not a reason to warn.
  const slotGone = slotGoneShown(slotFree, book.status);

  const choose = (value: PayOption['value']) => {
    setPicked(value);
    setIdempotencyKey(newIdempotencyKey());
    setRefusal(null);
  };

  const confirm = () => {
    if (!chosen) return;
    setRefusal(null);
    book.mutate(
      { slot_id: slot.id, ...payBodyOf(chosen.value), idempotencyKey },
      {
        onSuccess: onBooked,
        onError: (error) => {
          // No reply (timeout, offline): keep the key, so confirming again cannot book twice.
          if (isApiError(error) && (error.kind === 'envelope' || error.kind === 'http')) {
            setIdempotencyKey(newIdempotencyKey());
            setRefusal(error.msg);
          }
        },
      },
    );
  };

  const cardLabel = (card: LessonCard) =>
    t('courses.booking.cardOption', {
      type: CARD_TYPES.find((c) => c.value === card.type)?.label[lang] ?? String(card.type),
      left: card.lessons_left,
      total: card.lessons_total,
      date: formatInZone(lastUsableDay(card.expires_at), lang, studentTimeZone(), 'date'),
    });

  return (
    <Modal
      open
      title={t('courses.booking.dialogTitle')}
      onCancel={book.isPending ? undefined : onClose}
      maskClosable={!book.isPending}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose} disabled={book.isPending}>
          {t('courses.booking.close')}
        </Button>,
        <Button
          key="confirm"
          type="primary"
          loading={book.isPending}
          disabled={!chosen || !slotFree}
          onClick={confirm}
          data-testid="booking-confirm"
        >
          {t('courses.booking.confirm')}
        </Button>,
      ]}
    >
      <div className="ls-booking-dialog" data-testid="booking-dialog">
        <dl className="ls-booking-facts">
          <dt>{t('courses.booking.teacher')}</dt>
          <dd>{teacher.name}</dd>
          <dt>{t('courses.booking.when')}</dt>
          <dd data-testid="booking-time">
            <DateTime value={slot.start} />
            <span className="ls-muted ls-small"> · {t('courses.booking.length', { minutes })}</span>
          </dd>
        </dl>

        {slotGone && (
          <Alert
            type="warning"
            showIcon
            title={t('courses.booking.slotGone')}
            data-testid="booking-slot-gone"
          />
        )}

        {late && <LateBookingWarning />}

        <h3 className="ls-booking-h" id="booking-pay-with">
          {t('courses.booking.payWith')}
        </h3>
        {wallet === 'loading' ? (
          <Skeleton active paragraph={{ rows: 2 }} title={false} />
        ) : wallet === 'error' ? (
          <Alert
            type="error"
            showIcon
            title={t('courses.booking.walletError')}
            action={<Button onClick={onRetryWallet}>{t('list.retry')}</Button>}
          />
        ) : (
          <Radio.Group
            className="ls-booking-options"
            aria-labelledby="booking-pay-with"
            value={choice}
            onChange={(e) => choose(e.target.value as PayOption['value'])}
          >
            {options.map((o) =>
              o.kind === 'coin' ? (
                <Radio key={o.value} value={o.value} disabled={o.disabled} data-testid="pay-coin">
                  <span className="ls-booking-option">
                    <span>{t('courses.booking.payCoins')}</span>
                    <span className="ls-muted ls-small" data-testid="pay-coin-balance">
                      {o.disabled
                        ? t('courses.booking.notEnoughCoins', { price: o.price, balance: o.balance })
                        : t('courses.booking.balance', { coins: o.balance })}
                    </span>
                  </span>
                </Radio>
              ) : (
                <Radio key={o.value} value={o.value} data-testid="pay-card">
                  <span className="ls-booking-option">{cardLabel(o.card)}</span>
                </Radio>
              ),
            )}
            {!options.some((o) => o.kind === 'card') && (
              <p className="ls-muted ls-small ls-booking-note">{t('courses.booking.noUsableCard')}</p>
            )}
          </Radio.Group>
        )}
        {needsTopUp(options) && <TopUpOffer teacherId={teacher.id} slotId={slot.id} />}

        <dl className="ls-booking-facts ls-booking-price">
          <dt>{t('courses.booking.price')}</dt>
          <dd data-testid="booking-price">
            {chosen?.kind === 'card' ? t('courses.booking.priceCard') : <Coins value={teacher.price_coins} />}
          </dd>
        </dl>

        <section className="ls-booking-policy" aria-labelledby="booking-policy">
          <h3 className="ls-booking-h" id="booking-policy">
            {t('courses.booking.policyTitle')}
          </h3>
          <ul>
            <li>{t('courses.booking.policyFree', { hours: CANCEL_FREE_HOURS })}</li>
            <li>{t('courses.booking.policyLate', { hours: CANCEL_FREE_HOURS })}</li>
            <li>{t('courses.booking.policyFrequent')}</li>
          </ul>
        </section>

        {refusal && (
          <Alert type="error" showIcon title={refusal} data-testid="booking-refusal" role="alert" />
        )}
      </div>
    </Modal>
  );
}
