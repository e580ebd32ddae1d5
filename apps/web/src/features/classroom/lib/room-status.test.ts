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
  socketUrl,
} from './room-status.ts';

const refused = (httpStatus: number, msg: string) =>
  new ApiError({ code: httpStatus, msg, httpStatus, kind: 'envelope' });

describe('refusalOf', () => {
  it('tells a room not open yet from a closed one by the server message, in both languages', () => {
    for (const lang of ['en', 'zh-Hans'] as const) {
      expect(refusalOf(refused(409, message('classroom.notOpen', lang)))).toEqual({
        kind: 'notOpen',
        msg: message('classroom.notOpen', lang),
      });
      expect(refusalOf(refused(409, message('classroom.closed', lang))).kind).toBe('closed');
    }
  });

  it('shows any other refusal with the server message', () => {
    const cancelled = message('classroom.cancelled', 'en');
    expect(refusalOf(refused(409, cancelled))).toEqual({ kind: 'refused', msg: cancelled });
    const link = message('classroom.linkInvalid', 'zh-Hans');
    expect(refusalOf(refused(403, link))).toEqual({ kind: 'refused', msg: link });
  });

  it('makes another student’s class or a bad id "not found", and a 401 a login', () => {
    expect(refusalOf(refused(404, 'x')).kind).toBe('notFound');
    expect(refusalOf(refused(400, 'x')).kind).toBe('notFound');
    expect(refusalOf(refused(401, 'x')).kind).toBe('login');
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
    message: 'You entered the classroom in another window',
  });

  it('stops with the server message after a replaced seat, a leave, a refusal or a closed room', () => {
    expect(closeOutcome(ROOM_CLOSE_CODES.replaced, reason)).toEqual({
      reconnect: false,
      message: 'You entered the classroom in another window',
    });
    for (const code of [ROOM_CLOSE_CODES.left, ROOM_CLOSE_CODES.forbidden, ROOM_CLOSE_CODES.notOpen])
      expect(closeOutcome(code, '').reconnect).toBe(false);
    expect(closeOutcome(ROOM_CLOSE_CODES.notOpen, 'not json')).toEqual({ reconnect: false, message: null });
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
