import { describe, expect, it } from 'vitest';
import {
  averageScore,
  cancelOutcome,
  courseOutcome,
  OUTCOME_NOTE_KEYS,
  playbackNoteKey,
  reviewArea,
  routeId,
  whatCameBack,
} from './course-page.ts';

const HOUR = 3_600_000;
const now = Date.parse('2025-03-10T10:00:00Z');
const startIn = (ms: number) => new Date(now + ms).toISOString();

describe('cancelOutcome', () => {
  it('promises the coins paid back 24 h or more before the start', () => {
    const course = {
      start: startIn(24 * HOUR),
      cancel_refunds: true,
      pay_type: 'coin' as const,
      price_coins: 120,
    };
    expect(cancelOutcome(course, now)).toEqual({ kind: 'coins', coins: 120 });
  });

  it('promises one card lesson back for a class paid by card', () => {
    const course = {
      start: startIn(48 * HOUR),
      cancel_refunds: true,
      pay_type: 'card' as const,
      price_coins: 0,
    };
    expect(cancelOutcome(course, now)).toEqual({ kind: 'card' });
  });

  it('warns of a late cancellation less than 24 h before the start, even if the page said refundable', () => {
    // The dialog stayed open across the line: the device clock decides against a refund.
    const course = {
      start: startIn(24 * HOUR - 1000),
      cancel_refunds: true,
      pay_type: 'coin' as const,
      price_coins: 120,
    };
    expect(cancelOutcome(course, now)).toEqual({ kind: 'late' });
  });

  it('trusts the server when it says nothing would be refunded (a device clock running late)', () => {
    const course = {
      start: startIn(30 * HOUR),
      cancel_refunds: false,
      pay_type: 'card' as const,
      price_coins: 0,
    };
    expect(cancelOutcome(course, now)).toEqual({ kind: 'late' });
  });
});

describe('playbackNoteKey', () => {
  it('says nothing when the recording is there, and why otherwise', () => {
    expect(playbackNoteKey({ state: 'ready' }, 300)).toBeNull();
    expect(playbackNoteKey({ state: 'pending' }, 300)).toBe('courses.view.playbackPending');
    expect(playbackNoteKey({ state: 'expired' }, 300)).toBe('courses.view.playbackExpired');
    expect(playbackNoteKey({ state: 'missed' }, 300)).toBe('courses.view.playbackMissed');
  });

  it('tells a class still to come from a cancelled one', () => {
    expect(playbackNoteKey({ state: 'none' }, 100)).toBe('courses.view.playbackLater');
    expect(playbackNoteKey({ state: 'none' }, 200)).toBe('courses.view.playbackLater');
    expect(playbackNoteKey({ state: 'none' }, -200)).toBe('courses.view.playbackNone');
    expect(playbackNoteKey({ state: 'none' }, -100)).toBe('courses.view.playbackNone');
  });
});

describe('reviewArea', () => {
  const review = { rating: 5, tags: [], content: '', created_at: '2025-03-01T00:00:00Z' };
  it('shows a submitted review rather than the form', () => {
    expect(reviewArea({ status: 300, attended: true, review, reviewable: false })).toBe('review');
  });
  it('shows the form while the class is reviewable', () => {
    expect(reviewArea({ status: 300, attended: true, review: null, reviewable: true })).toBe('form');
  });
  it('says the window closed for an attended class never reviewed', () => {
    expect(reviewArea({ status: 300, attended: true, review: null, reviewable: false })).toBe('closed');
    expect(reviewArea({ status: 300, attended: null, review: null, reviewable: false })).toBe('closed');
  });
  it('shows nothing for a missed, cancelled or coming class', () => {
    expect(reviewArea({ status: 300, attended: false, review: null, reviewable: false })).toBe('none');
    expect(reviewArea({ status: -200, attended: null, review: null, reviewable: false })).toBe('none');
    expect(reviewArea({ status: 100, attended: null, review: null, reviewable: false })).toBe('none');
  });
});

describe('averageScore', () => {
  it('averages the skills to one decimal', () => {
    expect(averageScore({ pronunciation: 4, vocabulary: 3, grammar: 4, fluency: 3, comprehension: 4 })).toBe(
      3.6,
    );
    expect(averageScore({ a: 5 })).toBe(5);
    expect(averageScore({})).toBeNull();
  });
});

describe('routeId', () => {
  it('reads a positive 32-bit id and refuses anything else', () => {
    expect(routeId('42')).toBe(42);
    expect(routeId('2147483647')).toBe(2_147_483_647);
    for (const raw of [undefined, '', '0', '-3', '1.5', 'abc', '2147483648', '99999999999', ' 7']) {
      expect(routeId(raw)).toBe(0);
    }
  });
});

describe('courseOutcome', () => {
  const base = { status: 300, attended: null as boolean | null, late_cancel: false };
  it('says the student was absent from a class that is over with attended false', () => {
    expect(courseOutcome({ ...base, attended: false })).toBe('missed');
    expect(OUTCOME_NOTE_KEYS.missed).toBe(playbackNoteKey({ state: 'missed' }, 300));
  });
  it('says the teacher did not show for an abolished class', () => {
    expect(courseOutcome({ ...base, status: -100 })).toBe('teacherAbsent');
  });
  it('says a cancellation was late only when it was', () => {
    expect(courseOutcome({ ...base, status: -200, late_cancel: true })).toBe('lateCancel');
    expect(courseOutcome({ ...base, status: -200 })).toBeNull();
  });
  it('says nothing of a held, attended or unreported class, or one to come', () => {
    expect(courseOutcome({ ...base, attended: true })).toBeNull();
    expect(courseOutcome(base)).toBeNull();
    expect(courseOutcome({ ...base, status: 100 })).toBeNull();
  });
});

describe('whatCameBack', () => {
  const base = { status: -200, late_cancel: false, pay_type: 'coin' as const, price_coins: 150 };
  it('says the coins or the card lesson came back after a cancellation in time', () => {
    expect(whatCameBack(base)).toEqual({ kind: 'coins', coins: 150 });
    expect(whatCameBack({ ...base, pay_type: 'card', price_coins: 0 })).toEqual({ kind: 'lesson' });
  });
  it('says nothing came back after a late cancellation, however it was paid', () => {
    expect(whatCameBack({ ...base, late_cancel: true })).toEqual({ kind: 'nothingLate' });
    expect(whatCameBack({ ...base, late_cancel: true, pay_type: 'card' })).toEqual({ kind: 'nothingLate' });
  });
  it('says the payment came back with the same again for a class the teacher missed', () => {
    expect(whatCameBack({ ...base, status: -100 })).toEqual({ kind: 'coinsCompensated', coins: 150 });
    expect(whatCameBack({ ...base, status: -100, pay_type: 'card' })).toEqual({ kind: 'lessonsCompensated' });
  });
  it('is null for a class that took place or is still to come', () => {
    for (const status of [100, 200, 300]) expect(whatCameBack({ ...base, status })).toBeNull();
  });
});
