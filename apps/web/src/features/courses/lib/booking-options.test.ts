import type { LessonCard } from '@app/contract/wallet';
import { describe, expect, it } from 'vitest';
import { CANCEL_FREE_HOURS } from '@app/contract/constants';
import {
  defaultPayOption,
  needsTopUp,
  payBodyOf,
  payOptionsOf,
  slotGoneShown,
  startsWithinCancelWindow,
  topUpHref,
  type BookingTeacher,
} from './booking-options.ts';

const NOW = Date.parse('2030-01-10T00:00:00Z');
const ph: BookingTeacher = { id: 7, name: 'Ana', nationality: 'PH', price_coins: 120 };
const us: BookingTeacher = { id: 8, name: 'Bob', nationality: 'US', price_coins: 200 };

function card(over: Partial<LessonCard> & { id: number; type: number }): LessonCard {
  return {
    teacher: null,
    lessons_total: 10,
    lessons_left: 5,
    expires_at: '2030-06-01T00:00:00Z',
    usable: true,
    created_at: '2029-12-01T00:00:00Z',
    ...over,
  };
}

describe('payOptionsOf', () => {
  it('offers coins, disabled with the balance and price when the balance is short', () => {
    const [coin] = payOptionsOf(ph, 119, [], NOW);
    expect(coin).toEqual({ kind: 'coin', value: 'coin', disabled: true, balance: 119, price: 120 });
    expect(payOptionsOf(ph, 120, [], NOW)[0]!.disabled).toBe(false);
  });

  it('offers a Filipino-teacher card for a PH teacher only', () => {
    const cards = [card({ id: 1, type: 200 })];
    expect(payOptionsOf(ph, 0, cards, NOW).map((o) => o.value)).toEqual(['coin', 'card:1']);
    expect(payOptionsOf(us, 0, cards, NOW).map((o) => o.value)).toEqual(['coin']);
  });

  it('offers an exclusive card only for the teacher it is bound to', () => {
    const bound = card({ id: 2, type: 100, teacher: { id: 8, name: 'Bob', avatar: '' } });
    const other = card({ id: 3, type: 100, teacher: { id: 9, name: 'Cy', avatar: '' } });
    expect(payOptionsOf(us, 0, [bound, other], NOW).map((o) => o.value)).toEqual(['coin', 'card:2']);
    expect(payOptionsOf(ph, 0, [bound, other], NOW).map((o) => o.value)).toEqual(['coin']);
  });

  it('leaves out expired and used-up cards, whatever the server flag says', () => {
    const cards = [
      card({ id: 4, type: 200, lessons_left: 0 }),
      card({ id: 5, type: 200, expires_at: '2030-01-09T23:59:59Z' }),
      card({ id: 6, type: 200, usable: false }),
    ];
    expect(payOptionsOf(ph, 0, cards, NOW).map((o) => o.value)).toEqual(['coin']);
  });
});

describe('defaultPayOption', () => {
  it('prefers a card, then affordable coins, else nothing', () => {
    expect(defaultPayOption(payOptionsOf(ph, 500, [card({ id: 1, type: 200 })], NOW))).toBe('card:1');
    expect(defaultPayOption(payOptionsOf(ph, 500, [], NOW))).toBe('coin');
    expect(defaultPayOption(payOptionsOf(ph, 5, [], NOW))).toBeNull();
  });
});

describe('payBodyOf', () => {
  it('maps an option to the bookCourse fields', () => {
    expect(payBodyOf('coin')).toEqual({ pay_type: 'coin' });
    expect(payBodyOf('card:42')).toEqual({ pay_type: 'card', card_id: 42 });
  });
});

describe('startsWithinCancelWindow', () => {
  const at = (hours: number) => new Date(NOW + hours * 3_600_000).toISOString();
  it('is true for a slot starting less than CANCEL_FREE_HOURS ahead, false from then on', () => {
    expect(startsWithinCancelWindow(at(1), NOW)).toBe(true);
    expect(
      startsWithinCancelWindow(new Date(NOW + CANCEL_FREE_HOURS * 3_600_000 - 1).toISOString(), NOW),
    ).toBe(true);
    expect(startsWithinCancelWindow(at(CANCEL_FREE_HOURS), NOW)).toBe(false);
    expect(startsWithinCancelWindow(at(72), NOW)).toBe(false);
  });
});

describe('needsTopUp', () => {
  it('is true only when neither coins nor any card can pay', () => {
    expect(needsTopUp(payOptionsOf(us, 199, [], NOW))).toBe(true);
    expect(needsTopUp(payOptionsOf(us, 200, [], NOW))).toBe(false);
    expect(needsTopUp(payOptionsOf(ph, 0, [card({ id: 1, type: 200 })], NOW))).toBe(false);
    // A card for another teacher pays nothing here.
    expect(
      needsTopUp(
        payOptionsOf(us, 0, [card({ id: 2, type: 100, teacher: { id: 99, name: 'X', avatar: '' } })], NOW),
      ),
    ).toBe(true);
  });
});

describe('topUpHref', () => {
  it('sends coins to the recharge page and a card to its cards, both with the booking to come back to', () => {
    const coins = new URL(topUpHref('coin', 8, 1234), 'https://app.test');
    expect(coins.pathname).toBe('/user/recharge');
    expect(coins.searchParams.get('back')).toBe('/teacher/booking/8?slot=1234');
    expect(coins.searchParams.get('kind')).toBeNull();
    const cardUrl = new URL(topUpHref('card', 8, 1234), 'https://app.test');
    expect(cardUrl.searchParams.get('kind')).toBe('card');
    expect(cardUrl.searchParams.get('teacher')).toBe('8');
    expect(cardUrl.searchParams.get('back')).toBe('/teacher/booking/8?slot=1234');
  });
});

describe('slotGoneShown', () => {
  it('warns about a taken slot, but not while or after this dialog books it', () => {
    expect(slotGoneShown(false, 'idle')).toBe(true);
    expect(slotGoneShown(false, 'error')).toBe(true);
    expect(slotGoneShown(false, 'pending')).toBe(false);
    expect(slotGoneShown(false, 'success')).toBe(false);
    expect(slotGoneShown(true, 'idle')).toBe(false);
  });
});
