import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { iceServersFor, turnCredentials } from './ice-servers.ts';
import { newTicketId, signTicket, verifyTicket, type RoomTicket } from './ticket.ts';

const SECRET = 'ticket-secret-0123456789abcdef';
const NOW = Date.parse('2026-11-28T09:00:00.000Z');
const ticket: RoomTicket = {
  id: 'AbCdEfGhIjKlMn-_',
  classId: 42,
  seat: 'teacher',
  expiresAt: NOW + 60_000,
  lang: 'en',
};

describe('room tickets', () => {
  it('verify while unexpired, with their class, seat and language', () => {
    const token = signTicket(SECRET, ticket);
    expect(token).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect(verifyTicket(SECRET, token, NOW)).toEqual({ ok: true, ticket });
    expect(verifyTicket(SECRET, token, NOW + 59_999)).toEqual({ ok: true, ticket });
  });

  it('are expired from their expiry on, still telling their language', () => {
    const token = signTicket(SECRET, { ...ticket, lang: 'zh-Hans' });
    expect(verifyTicket(SECRET, token, NOW + 60_000)).toEqual({
      ok: false,
      reason: 'expired',
      lang: 'zh-Hans',
    });
  });

  it('are invalid under another secret, altered, truncated or empty', () => {
    const token = signTicket(SECRET, ticket);
    const [body, sig] = token.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ n: ticket.id, c: 43, s: 'teacher', e: NOW + 60_000, l: 'en' }),
    ).toString('base64url');
    for (const bad of [
      signTicket('another-secret-0123456789abcdef', ticket),
      `${forged}.${sig}`,
      `${body}.${sig.slice(0, -2)}`,
      `${body}.${sig}.x`,
      body,
      '',
      'x'.repeat(2000),
    ]) {
      expect(verifyTicket(SECRET, bad, NOW)).toEqual({ ok: false, reason: 'invalid', lang: undefined });
    }
  });

  it('refuse a well-signed payload of the wrong shape, or without its id', () => {
    for (const payload of [
      { n: ticket.id, c: 1, s: 'parent', e: NOW + 1000, l: 'en' },
      { c: 1, s: 'student', e: NOW + 1000, l: 'en' },
      { n: 'short', c: 1, s: 'student', e: NOW + 1000, l: 'en' },
    ]) {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      const sig = createHmac('sha256', SECRET).update(`classroom-ticket:${body}`).digest('base64url');
      expect(verifyTicket(SECRET, `${body}.${sig}`, NOW).ok).toBe(false);
    }
  });

  it('get a new random id each', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newTicketId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[\w-]{16}$/);
  });
});

describe('TURN REST credentials', () => {
  it('match a known vector (computed with `openssl dgst -sha1 -hmac`)', () => {
    // printf '%s' '1795856400:42-student' | openssl dgst -sha1 -hmac 'coturn-shared-secret' -binary | base64
    expect(turnCredentials('coturn-shared-secret', 1_795_856_400_000, 42, 'student')).toEqual({
      username: '1795856400:42-student',
      credential: 'AmxbrmYdEQZMCgZ1vw+XeW07pD8=',
    });
  });

  it('round the expiry down to seconds and name the class and seat', () => {
    expect(turnCredentials('s'.repeat(16), 1_000_999, 7, 'teacher').username).toBe('1000:7-teacher');
  });

  it('are given to TURN URLs only, and only with a secret', () => {
    const urls = [
      'stun:stun.example.com:3478',
      'turn:turn.example.com:3478?transport=udp',
      'turns:turn.example.com:5349',
    ];
    const seat = { classId: 5, seat: 'student' as const, expiresAt: NOW };
    const withSecret = iceServersFor({ urls, turnSecret: 'coturn-shared-secret' }, seat);
    expect(withSecret).toEqual([
      { urls: ['stun:stun.example.com:3478'] },
      {
        urls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'],
        ...turnCredentials('coturn-shared-secret', NOW, 5, 'student'),
      },
    ]);
    expect(iceServersFor({ urls, turnSecret: undefined }, seat)).toEqual([
      { urls: ['stun:stun.example.com:3478'] },
    ]);
    expect(iceServersFor({ urls: [], turnSecret: 'coturn-shared-secret' }, seat)).toEqual([]);
  });
});
