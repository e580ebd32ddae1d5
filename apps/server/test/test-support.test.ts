import { describe, expect, it } from 'vitest';
import {
  apiUrl,
  fetchTransport,
  injectTransport,
  type ApiRequest,
  type Transport,
} from '../../../test-support/http.ts';
import { lastCodeFor, readOutbox, waitForCode } from '../../../test-support/sms-outbox.ts';
import { createStudentSession, uniqueMobile } from '../../../test-support/students.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * test-support/ is what both the API tests (inject) and the browser tests (fetch against a running
 * server) stand on: the two transports must answer alike, and the student factory must give a
 * working session over either.
 */

async function listening(t: TestApp): Promise<Transport> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return fetchTransport(address, t.config.DATA_DIR);
}

describe('test-support', () => {
  it('answers a call alike over inject and over fetch: status, envelope, headers, body', async () => {
    const t = await createTestApp();
    const viaFetch = await listening(t);
    const viaInject = injectTransport(t.app, t.config.DATA_DIR);
    const calls: ApiRequest[] = [
      { method: 'GET', url: apiUrl('/no/such/route'), lang: 'zh-Hans' },
      { method: 'POST', url: apiUrl('/user/SendLoginSmsCode'), body: { mobile: '123' } },
      { method: 'GET', url: '/health' },
    ];
    for (const call of calls) {
      const [a, b] = [await viaInject.request(call), await viaFetch.request(call)];
      expect({ status: b.status, envelope: b.envelope }, call.url).toEqual({
        status: a.status,
        envelope: a.envelope,
      });
      expect(b.headers['content-type'], call.url).toBe(a.headers['content-type']);
      expect(b.body, call.url).toBe(a.body);
    }
    expect((await viaInject.request(calls[0]!)).envelope).toEqual({
      code: 404,
      data: null,
      msg: '接口不存在',
    });
  });

  it.each(['inject', 'fetch'] as const)(
    'makes a logged-in student over %s whose token reads its own user info',
    async (kind) => {
      const t = await createTestApp();
      const transport = kind === 'inject' ? injectTransport(t.app, t.config.DATA_DIR) : await listening(t);
      const mobile = uniqueMobile();
      const session = await createStudentSession(transport, { mobile });
      expect(session).toMatchObject({ mobile, studentId: expect.any(Number) });
      expect(session.challengeId).toMatch(/^[\w-]{16,}$/);
      const info = await transport.request({
        method: 'GET',
        url: apiUrl('/user/getUserInfo'),
        token: session.token,
      });
      expect(info.envelope?.data).toMatchObject({ student_id: session.studentId, student_phone: mobile });
      const student = await t.db
        .selectFrom('student')
        .select('mobile')
        .where('id', '=', session.studentId)
        .executeTakeFirstOrThrow();
      expect(student.mobile).toBe(mobile);
    },
  );

  it('logs a known phone in again as the same student, with a new session', async () => {
    const t = await createTestApp();
    const transport = injectTransport(t.app, t.config.DATA_DIR);
    const first = await createStudentSession(transport);
    // The same phone may ask for a new code only after the resend wait (DESIGN.md §7).
    t.clock.advance(61_000);
    const again = await createStudentSession(transport, { mobile: first.mobile, ip: '192.0.2.7' });
    expect(again.studentId).toBe(first.studentId);
    expect(again.refreshToken).not.toBe(first.refreshToken);
  });

  it('says which call failed, with the reply, when the student cannot be made', async () => {
    const t = await createTestApp();
    await expect(
      createStudentSession(injectTransport(t.app, t.config.DATA_DIR), { mobile: '123' }),
    ).rejects.toThrow(/SendLoginSmsCode answered 400: .*Phone number is invalid/);
  });

  it('reads the outbox: every message in order, the newest code per phone, a clear error when none', async () => {
    const t = await createTestApp();
    const transport = injectTransport(t.app, t.config.DATA_DIR);
    const [a, b] = [uniqueMobile(), uniqueMobile()];
    expect(readOutbox(t.config.DATA_DIR)).toEqual([]);
    for (const mobile of [a, b]) {
      const sent = await transport.request({
        method: 'POST',
        url: apiUrl('/user/SendLoginSmsCode'),
        body: { mobile },
      });
      expect(sent.status, sent.body).toBe(200);
    }
    const entries = readOutbox(t.config.DATA_DIR);
    expect(entries.map((e) => [e.mobile, e.provider])).toEqual([
      [a, 'log'],
      [b, 'log'],
    ]);
    expect(lastCodeFor(t.config.DATA_DIR, b)).toBe(entries[1]!.code);
    expect(await waitForCode(t.config.DATA_DIR, a, 0)).toBe(entries[0]!.code);
    const nobody = uniqueMobile();
    expect(() => lastCodeFor(t.config.DATA_DIR, nobody)).toThrow(`no SMS in`);
    await expect(waitForCode(t.config.DATA_DIR, nobody, 250)).rejects.toThrow(nobody);
  });

  it('refuses a client address over fetch (a real server sees the socket’s)', async () => {
    const t = await createTestApp();
    const transport = await listening(t);
    await expect(transport.request({ method: 'GET', url: '/health', ip: '192.0.2.1' })).rejects.toThrow(
      /injectTransport/,
    );
  });
});
