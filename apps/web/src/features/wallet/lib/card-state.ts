import type { LessonCard } from '@app/contract/wallet';

export type CardState = 'usable' | 'expired' | 'usedUp';

/**
 * What a card is to the student: usable, expired (time is up, lessons or not) or used up. The
 * server's `usable` was true when the list was read; the clock decides between reads.
 */
export function cardStateOf(
  card: Pick<LessonCard, 'expires_at' | 'lessons_left' | 'usable'>,
  now: number,
): CardState {
  if (now >= Date.parse(card.expires_at)) return 'expired';
  if (card.lessons_left <= 0) return 'usedUp';
  return card.usable ? 'usable' : 'expired';
}
