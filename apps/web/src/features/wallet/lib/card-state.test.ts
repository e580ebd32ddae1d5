import { describe, expect, it } from 'vitest';
import { cardStateOf } from './card-state.ts';

const now = Date.parse('2026-11-23T08:00:00Z');
const card = (over: Partial<{ expires_at: string; lessons_left: number; usable: boolean }>) => ({
  expires_at: '2026-12-01T00:00:00Z',
  lessons_left: 3,
  usable: true,
  ...over,
});

describe('cardStateOf', () => {
  it('is usable with lessons left before expiry', () => {
    expect(cardStateOf(card({}), now)).toBe('usable');
  });

  it('is expired once expires_at has passed, even with lessons left', () => {
    expect(cardStateOf(card({ expires_at: '2026-11-23T08:00:00Z' }), now)).toBe('expired');
  });

  it('is used up with no lessons left before expiry', () => {
    expect(cardStateOf(card({ lessons_left: 0, usable: false }), now)).toBe('usedUp');
  });
});
