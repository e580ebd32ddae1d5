import { cardPaysFor } from '@app/contract/booking';
import { CANCEL_FREE_HOURS } from '@app/contract/constants';
import type { LessonCard } from '@app/contract/wallet';

/** The teacher as the booking dialog needs it. */
export type BookingTeacher = { id: number; name: string; nationality: string; price_coins: number };

/** One way to pay for a lesson, and why it cannot be chosen when it cannot. */
export type PayOption =
  | { kind: 'coin'; value: 'coin'; disabled: boolean; balance: number; price: number }
  | { kind: 'card'; value: `card:${number}`; disabled: false; card: LessonCard };

/**
 * The payment choices of a booking (DESIGN.md §7): coins (disabled when the balance is below the
 * teacher's price, so the dialog can say why) and every card that pays for this teacher, is not
 * expired and has lessons left (type 200 for PH teachers, type 100 only when bound to this teacher).
 * Cards that cannot pay are left out rather than shown disabled: a student with five exclusive cards
 * for other teachers should not read five reasons. Cards come soonest expiry first (the server's
 * order), which is also the card it would pick itself.
 */
export function payOptionsOf(
  teacher: BookingTeacher,
  balance: number,
  cards: readonly LessonCard[],
  now: number = Date.now(),
): PayOption[] {
  const coin: PayOption = {
    kind: 'coin',
    value: 'coin',
    disabled: balance < teacher.price_coins,
    balance,
    price: teacher.price_coins,
  };
  const usable = cards.filter(
    (card) =>
      card.usable &&
      card.lessons_left > 0 &&
      Date.parse(card.expires_at) > now &&
      cardPaysFor({ type: card.type, teacher_id: card.teacher?.id ?? null }, teacher),
  );
  return [
    coin,
    ...usable.map((card): PayOption => ({ kind: 'card', value: `card:${card.id}`, disabled: false, card })),
  ];
}

/** The option chosen first: a usable card (it costs no coins), else coins when affordable, else none. */
export function defaultPayOption(options: readonly PayOption[]): PayOption['value'] | null {
  const card = options.find((o) => o.kind === 'card');
  if (card) return card.value;
  const coin = options.find((o) => o.kind === 'coin' && !o.disabled);
  return coin ? coin.value : null;
}

/** The bookCourse body fields of an option value. */
export function payBodyOf(
  value: PayOption['value'],
): { pay_type: 'coin' } | { pay_type: 'card'; card_id: number } {
  return value === 'coin' ? { pay_type: 'coin' } : { pay_type: 'card', card_id: Number(value.slice(5)) };
}

/**
 * Whether the class starts within the free-cancellation window (CANCEL_FREE_HOURS, DESIGN.md §7
 * "Cancelling"): cancelling it after booking would refund nothing, so the dialog says so first.
 */
export function startsWithinCancelWindow(start: string, now: number = Date.now()): boolean {
  return Date.parse(start) - now < CANCEL_FREE_HOURS * 3_600_000;
}

/**
 * Whether the student has no way to pay (coins short and no card that pays for this teacher): the
 * dialog then offers to recharge coins or buy a card, and to come back to this slot afterwards.
 */
export function needsTopUp(options: readonly PayOption[]): boolean {
  return options.length > 0 && options.every((o) => o.disabled);
}

/**
 * The recharge page for a top-up during a booking, with `back` set to this booking (the teacher's
 * page with the slot open), where the paid order's page offers to return.
 */
export function topUpHref(kind: 'coin' | 'card', teacherId: number, slotId: number): string {
  const params = new URLSearchParams();
  // A card for this teacher: the exclusive card's picker starts on them.
  if (kind === 'card') params.set('kind', 'card');
  if (kind === 'card') params.set('teacher', String(teacherId));
  params.set('back', `/teacher/booking/${teacherId}?slot=${slotId}`);
  return `/user/recharge?${params.toString()}`;
}

/**
 * Whether the "time no longer free" warning applies: not while this dialog's own booking is under
 * way or done, when the refreshed schedule shows the slot as taken because the student took it.
 */
export function slotGoneShown(slotFree: boolean, booking: 'idle' | 'pending' | 'success' | 'error'): boolean {
  return !slotFree && booking !== 'pending' && booking !== 'success';
}
