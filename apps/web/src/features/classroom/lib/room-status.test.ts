import { describe, expect, it } from 'vitest';
import { ROOM_CLOSE_CODES } from '@app/contract/classroom';
import { message } from '@app/contract/messages';
import { ApiError } from '../../../lib/http/api-error.ts';
import {
  classClock,
  closeOutcome,
  formatDuration,
  lossBetween,
  mediaProblemOf,
  parseCloseReason,
  qualityOf,
  reconnectDelay,
  refusalOf,
  refusalReasonOf,
  socketUrl,
} from './room-status.ts';

const refused = (httpStatus: number, msg: string, reason?: string) =>
  new ApiError({
    code: httpStatus,
    msg,
    httpStatus,
    kind: 'envelope',
    data: reason === undefined ? null : { reason },
  });

describe('refusalOf', () => {
  it('tells a room not open yet from a closed one by the reason, showing the server message', () => {
    for (const lang of ['en', 'zh-Hans'] as const) {
      expect(refusalOf(refused(409, message('classroom.notOpen', lang), 'not-open-yet'))).toEqual({
        kind: 'notOpen',
        msg: message('classroom.notOpen', lang),
      });
      expect(refusalOf(refused(409, message('classroom.closed', lang), 'closed'))).toEqual({
        kind: 'closed',
        msg: message('classroom.closed', lang),
      });
    }
  });

  it('decides by the reason, never by the text', () => {
    // A message the page has never seen (another wording, another language) is still told apart.
    expect(refusalOf(refused(409, 'Room opens at 18:50', 'not-open-yet')).kind).toBe('notOpen');
    expect(refusalOf(refused(409, 'Room shut', 'closed')).kind).toBe('closed');
    // The text of "not open" without its reason is only a refusal.
    expect(refusalOf(refused(409, message('classroom.notOpen', 'en'))).kind).toBe('refused');
  });

  it('shows any other refusal with the server message', () => {
    const cancelled = message('classroom.cancelled', 'en');
    expect(refusalOf(refused(409, cancelled, 'cancelled'))).toEqual({ kind: 'refused', msg: cancelled });
    const link = message('classroom.linkInvalid', 'zh-Hans');
    expect(refusalOf(refused(403, link, 'bad-link'))).toEqual({ kind: 'refused', msg: link });
  });

  it('makes another student’s class or a bad id "not found", and a 401 a login', () => {
    expect(refusalOf(refused(404, 'x', 'not-found')).kind).toBe('notFound');
    expect(refusalOf(refused(401, 'x', 'sign-in')).kind).toBe('login');
    // Without a reason (a malformed query, a session the server no longer knows): by the status.
    expect(refusalOf(refused(404, 'x')).kind).toBe('notFound');
    expect(refusalOf(refused(400, 'x')).kind).toBe('notFound');
    expect(refusalOf(refused(401, 'x')).kind).toBe('login');
    // A reason the contract does not know is ignored.
    expect(refusalOf(refused(409, 'x', 'mystery')).kind).toBe('refused');
    expect(refusalReasonOf({ reason: 'closed' })).toBe('closed');
    expect(refusalReasonOf({ reason: 42 })).toBeUndefined();
    expect(refusalReasonOf(null)).toBeUndefined();
  });

  it('keeps a failure without an answer as an error to retry', () => {
    const network = new ApiError({ code: -1, msg: 'Network error', kind: 'network' });
    expect(refusalOf(network)).toEqual({ kind: 'error', msg: 'Network error' });
    expect(refusalOf(new Error('boom')).kind).toBe('error');
  });
});

describe('socketUrl', () => {
  it('uses wss on https and ws on http, with the ticket and language escaped', () => {
    expect(
      socketUrl({ protocol: 'https:', host: 'a.example' }, '/api/v1/classroom/ws', 'a.b+c', 'zh-Hans'),
    ).toBe('wss://a.example/api/v1/classroom/ws?ticket=a.b%2Bc&lang=zh-Hans');
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:3000' }, '/ws', 't', 'en')).toBe(
      'ws://127.0.0.1:3000/ws?ticket=t&lang=en',
    );
  });
});

describe('closeOutcome', () => {
  const reason = JSON.stringify({
    code: 'classroom.replaced',
    reason: 'seat-taken',
    message: 'You entered the classroom in another window',
  });
  const closing = (key: string, why: string) => JSON.stringify({ code: key, reason: why, message: 'm' });

  it('stops with the server message after a replaced seat, a leave, a refusal or a closed room', () => {
    expect(closeOutcome(ROOM_CLOSE_CODES.replaced, reason)).toEqual({
      reconnect: false,
      message: 'You entered the classroom in another window',
      reason: 'seat-taken',
    });
    for (const code of [ROOM_CLOSE_CODES.left, ROOM_CLOSE_CODES.forbidden, ROOM_CLOSE_CODES.notOpen])
      expect(closeOutcome(code, '').reconnect).toBe(false);
    expect(closeOutcome(ROOM_CLOSE_CODES.notOpen, 'not json')).toEqual({
      reconnect: false,
      message: null,
      reason: null,
    });
    expect(
      closeOutcome(ROOM_CLOSE_CODES.forbidden, closing('classroom.cancelled', 'cancelled')),
    ).toMatchObject({
      reconnect: false,
      reason: 'cancelled',
    });
  });

  it('decides by the reason the server gave', () => {
    // A used or expired ticket: connect again (with a new ticket from getRoom).
    for (const why of ['ticket-used', 'ticket-expired', 'bad-ticket', 'restarting', 'unresponsive'])
      expect(closeOutcome(ROOM_CLOSE_CODES.ticket, closing('k', why)).reconnect).toBe(true);
    for (const why of ['closed', 'not-open-yet', 'left', 'seat-taken', 'cancelled', 'not-found'])
      expect(closeOutcome(4999, closing('k', why)).reconnect).toBe(false);
  });

  it('reconnects after a drop, a restart, a dead connection or an expired ticket', () => {
    for (const code of [
      1006,
      1001,
      1011,
      ROOM_CLOSE_CODES.restart,
      ROOM_CLOSE_CODES.dead,
      ROOM_CLOSE_CODES.ticket,
    ])
      expect(closeOutcome(code, '').reconnect).toBe(true);
  });

  it('reads only a reason of the room’s shape', () => {
    expect(parseCloseReason('{"code":1}')).toBeNull();
    expect(parseCloseReason('{"code":"k","message":"m"}')).toBeNull();
    expect(parseCloseReason('{"code":"k","reason":"whatever","message":"m"}')).toBeNull();
    expect(parseCloseReason('')).toBeNull();
    expect(parseCloseReason(reason)?.code).toBe('classroom.replaced');
  });
});

describe('reconnectDelay', () => {
  it('backs off from half a second to five seconds', () => {
    expect([0, 1, 2, 3, 4, 10].map(reconnectDelay)).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
  });
});

describe('the class timer', () => {
  const start = '2026-11-28T10:00:00.000Z';
  const end = '2026-11-28T10:25:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts down to the start, then the time left, then says it ended', () => {
    expect(classClock(start, end, at('2026-11-28T09:55:00.000Z'))).toEqual({ phase: 'before', ms: 300_000 });
    expect(classClock(start, end, at('2026-11-28T10:00:00.000Z'))).toEqual({
      phase: 'during',
      ms: 1_500_000,
    });
    expect(classClock(start, end, at('2026-11-28T10:25:00.000Z'))).toEqual({ phase: 'after' });
  });

  it('formats m:ss and h:mm:ss, rounding up and never negative', () => {
    expect(formatDuration(1_500_000)).toBe('25:00');
    expect(formatDuration(59_001)).toBe('1:00');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(-5)).toBe('0:00');
  });
});

describe('connection quality', () => {
  it('is good, fair or poor from the round trip and the packet loss', () => {
    expect(qualityOf(0.05, 0)).toBe('good');
    expect(qualityOf(0.35, 0)).toBe('fair');
    expect(qualityOf(0.05, 0.03)).toBe('fair');
    expect(qualityOf(0.9, 0)).toBe('poor');
    expect(qualityOf(0.05, 0.15)).toBe('poor');
    expect(qualityOf(undefined, undefined)).toBeNull();
    expect(qualityOf(0.1, undefined)).toBe('good');
  });

  it('measures loss between two samples only', () => {
    expect(lossBetween(undefined, { received: 90, lost: 10 })).toBeCloseTo(0.1);
    expect(lossBetween({ received: 90, lost: 10 }, { received: 190, lost: 10 })).toBe(0);
    expect(lossBetween({ received: 190, lost: 10 }, { received: 190, lost: 10 })).toBeUndefined();
  });
});

describe('mediaProblemOf', () => {
  it('explains a denied permission and a missing device', () => {
    expect(mediaProblemOf(new DOMException('no', 'NotAllowedError'))).toBe('denied');
    expect(mediaProblemOf(new DOMException('none', 'NotFoundError'))).toBe('noDevice');
    expect(mediaProblemOf(new DOMException('busy', 'NotReadableError'))).toBe('failed');
    expect(mediaProblemOf('weird')).toBe('failed');
  });
});
