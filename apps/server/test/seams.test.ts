import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CODES } from '@app/contract/codes';
import { registerApiRoutes } from '../src/http/api-routes.ts';
import { ok } from '../src/http/envelope.ts';
import { personalisedRead } from '../src/http/http-cache.ts';
import type { App } from '../src/http/fastify-types.ts';
import { optionalStudentIdOf, studentIdOf } from '../src/http/session-policy.ts';
import { registerSessionGuard } from '../src/modules/auth/session-guard.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The seams of DESIGN.md §11 on throwaway routes under a prefix no module uses (/course/ping*):
 * the session policy of a route decides, not its path; the visitor-only cache follows the login;
 * jobs run once on the test clock.
 */
const pingRoutes: FastifyPluginAsyncZod<{ label: string }> = async (app, { label }) => {
  // Declares nothing: the route table makes it `required`.
  app.get('/course/ping', async (request) => ok({ label, student: studentIdOf(request) }));
  app.get('/course/pingOptional', { config: personalisedRead }, async (request) =>
    ok({ label, student: optionalStudentIdOf(request) }),
  );
  app.get('/course/pingPublic', { config: { session: 'none' } }, async (request) =>
    ok({ label, student: optionalStudentIdOf(request) }),
  );
};

const withPing = (app: App) => registerApiRoutes(app, pingRoutes, { label: 'seam' });

async function sessionOf(t: TestApp, mobile: string) {
  const studentId = await t.app.students.findOrRegister(mobile);
  const { token } = await t.app.auth.sessions.issue(studentId);
  const { familyId } = await t.app.auth.sessions.authenticate(token);
  return { studentId, familyId, authorization: `Bearer ${token}` };
}

async function get(t: TestApp, url: string, authorization?: string) {
  return t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
}

describe('session policy per route', () => {
  it('answers 401 without a token on a route that declares nothing, under a new prefix', async () => {
    const t = await createTestApp({ extraRoutes: withPing });
    const visitor = await get(t, '/api/v1/course/ping');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe(CODES.UNAUTHORIZED);

    const { studentId, authorization } = await sessionOf(t, '13900001001');
    const student = await get(t, '/api/v1/course/ping', authorization);
    expect(student.statusCode).toBe(200);
    expect(student.json().data).toEqual({ label: 'seam', student: studentId });
  });

  it('answers 66666 with HTTP 401 to an expired token on required and optional routes, and ignores it on public ones', async () => {
    const t = await createTestApp({ extraRoutes: withPing });
    const { authorization } = await sessionOf(t, '13900001002');
    t.clock.advance((t.config.ACCESS_TOKEN_TTL_SECONDS + 60) * 1000);
    for (const url of ['/api/v1/course/ping', '/api/v1/course/pingOptional']) {
      const res = await get(t, url, authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(CODES.TOKEN_EXPIRED);
    }
    const open = await get(t, '/api/v1/course/pingPublic', authorization);
    expect(open.statusCode).toBe(200);
    expect(open.json().data.student).toBeNull();
  });

  it('reads a valid token on an optional route and treats a missing, invalid or revoked one as a visitor', async () => {
    const t = await createTestApp({ extraRoutes: withPing });
    const { studentId, familyId, authorization } = await sessionOf(t, '13900001003');

    const student = await get(t, '/api/v1/course/pingOptional', authorization);
    expect(student.json()).toMatchObject({ code: 200, data: { student: studentId } });

    for (const header of [undefined, 'Bearer not-a-token']) {
      const visitor = await get(t, '/api/v1/course/pingOptional', header);
      expect(visitor.statusCode).toBe(200);
      expect(visitor.json().data.student).toBeNull();
    }

    await t.app.auth.sessions.revoke(familyId);
    const revoked = await get(t, '/api/v1/course/pingOptional', authorization);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.student).toBeNull();
  });

  it('revalidates a visitor-only cached reply for visitors and never stores a logged-in one', async () => {
    const t = await createTestApp({ extraRoutes: withPing });
    const visitor = await get(t, '/api/v1/course/pingOptional');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(visitor.headers.vary).toBe('api-language, authorization');
    const etag = String(visitor.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/course/pingOptional',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    const { authorization } = await sessionOf(t, '13900001006');
    const student = await get(t, '/api/v1/course/pingOptional', authorization);
    expect(student.statusCode).toBe(200);
    expect(student.headers['cache-control']).toBe('no-store');
    expect(student.headers.etag).toBeUndefined();
  });

  it('refuses a /user route that is public without being listed as such, and a listed one that is not', async () => {
    const t = await createTestApp();
    const app = Fastify();
    try {
      registerSessionGuard(app, t.app.auth.sessions);
      expect(() =>
        app.get('/api/v1/user/leak', { config: { session: 'none' } }, async () => ok(null)),
      ).toThrow(/PUBLIC_USER_ROUTES/);
      expect(() => app.post('/api/v1/user/login', async () => ok(null))).toThrow(/PUBLIC_USER_ROUTES/);
      expect(() => app.get('/api/v1/user/fine', async () => ok(null))).not.toThrow();
    } finally {
      await app.close();
    }
  });
});

describe('jobs', () => {
  it('registers the jobs of every area', async () => {
    const t = await createTestApp();
    expect(t.app.jobs.names()).toEqual([
      'auth.purge',
      'teachers.demo-slots',
      'courses.advance-statuses',
      'courses.open-classrooms',
      'courses.deliver-recordings',
      'classroom.attendance',
      'classroom.purge-recordings',
      'courses.class-reminders',
      'payments.close-expired-orders',
      'payments.reconcile',
      'idempotency.purge',
      'ledger.audit',
    ]);
  });

  it('runs one job once on the test clock: the auth purge drops sends older than two days', async () => {
    const t = await createTestApp();
    const now = t.clock.now();
    await t.db
      .insertInto('sms_send')
      .values([
        { mobile: '13900001007', ip: '203.0.113.7', sent_at: now },
        { mobile: '13900001008', ip: '203.0.113.8', sent_at: now + 2 * 86_400_000 },
      ])
      .execute();
    await t.app.jobs.runOnce('auth.purge');
    expect(await t.db.selectFrom('sms_send').select('mobile').execute()).toHaveLength(2);

    t.clock.advance(3 * 86_400_000);
    await t.app.jobs.runOnce('auth.purge');
    const left = await t.db.selectFrom('sms_send').select('mobile').execute();
    expect(left.map((r) => r.mobile)).toEqual(['13900001008']);
  });

  it('refuses to run a job that does not exist', async () => {
    const t = await createTestApp();
    await expect(t.app.jobs.runOnce('no.such-job')).rejects.toThrow(/no job named/);
  });

  it('keeps timers out of the modules: no setInterval in src/modules, only in the scheduler', () => {
    const src = path.resolve(import.meta.dirname, '../src');
    const usesInterval = (file: string) => /\bsetInterval\s*\(/.test(fs.readFileSync(file, 'utf8'));
    const moduleFiles = fs
      .readdirSync(path.join(src, 'modules'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'));
    expect(moduleFiles.length).toBeGreaterThan(20);
    expect(moduleFiles.filter((file) => usesInterval(path.join(src, 'modules', file)))).toEqual([]);
    expect(usesInterval(path.join(src, 'jobs', 'scheduler.ts'))).toBe(true);
  });
});
