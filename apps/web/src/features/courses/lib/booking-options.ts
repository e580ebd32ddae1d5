import { cardPaysFor } from '@app/contract/booking';
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
