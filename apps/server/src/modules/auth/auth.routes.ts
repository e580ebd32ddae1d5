import {
  loginBodySchema,
  rateLimitedEnvelopeSchema,
  regBodySchema,
  sendSmsBodySchema,
  sendSmsResultSchema,
  tokenPairSchema,
  updateTokenBodySchema,
  userInfoSchema,
} from '@app/contract/auth';
import { envelopeSchema, errorEnvelopeSchema } from '@app/contract/envelope';
import { setPasswordBodySchema, setPasswordResultSchema } from '@app/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientIpKey } from '../../http/client-ip.ts';
import { langOf, ok } from '../../http/envelope.ts';
import { readRoutes } from '../../http/read-route.ts';
import type { AuthService } from './auth.service.ts';
import { requireStudent, studentIdOf } from '../../http/session-policy.ts';
import type { SessionService } from './session.service.ts';
import type { SmsCodeService } from './sms-code.service.ts';

const refusals = { 400: errorEnvelopeSchema, 429: rateLimitedEnvelopeSchema };
const sessionRefusals = { 401: errorEnvelopeSchema, 429: rateLimitedEnvelopeSchema };

/**
 * Accounts and sessions (SPEC.md §7, DESIGN.md §7). Paths and field names exactly as SPEC.md spells
 * them. /user/SendLoginSmsCode, /user/login and /user/reg are public (`session: 'none'`, and listed
 * in PUBLIC_USER_ROUTES); the others need a session; /updateToken authenticates by the refresh token
 * in its body.
 */
export const authRoutes: FastifyPluginAsyncZod<{
  accounts: AuthService;
  sessions: SessionService;
  sms: SmsCodeService;
}> = async (app, { accounts, sessions, sms }) => {
  app.post(
    '/user/SendLoginSmsCode',
    {
      config: { session: 'none' },
      schema: {
        tags: ['auth'],
        summary:
          'Send an SMS code for login or registration (limits: 1/60 s, 5/h, 10/24 h per phone; 20/h per IP)',
        body: sendSmsBodySchema,
        response: { 200: envelopeSchema(sendSmsResultSchema), ...refusals, 503: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const result = await sms.sendCode({
        mobile: request.body.mobile,
        ip: clientIpKey(request.ip),
        lang: langOf(request),
        requestId: request.id,
      });
      return ok(result, 'auth.smsSent');
    },
  );

  app.post(
    '/user/login',
    {
      config: { session: 'none' },
      schema: {
        tags: ['auth'],
        summary:
          'Log in with an SMS code and the challenge_id of its send (currentTab 0; unknown phones are registered) or a password (currentTab 1)',
        body: loginBodySchema,
        response: { 200: envelopeSchema(tokenPairSchema), ...refusals },
      },
    },
    async (request) => {
      const body = request.body;
      const pair =
        body.currentTab === 0
          ? await accounts.loginWithSms(body, clientIpKey(request.ip))
          : await accounts.loginWithPassword(body, clientIpKey(request.ip));
      return ok(pair);
    },
  );

  app.post(
    '/user/reg',
    {
      config: { session: 'none' },
      schema: {
        tags: ['auth'],
        summary:
          'Register with a password, an SMS code and its challenge_id; 409 when the phone is registered (the code stays usable)',
        body: regBodySchema,
        response: { 200: envelopeSchema(tokenPairSchema), ...refusals, 409: errorEnvelopeSchema },
      },
    },
    async (request) => ok(await accounts.register(request.body, clientIpKey(request.ip))),
  );

  readRoutes(app, 'auth')(
    '/user/getUserInfo',
    {
      summary: "The logged-in student's info",
      data: userInfoSchema,
      failures: sessionRefusals,
    },
    (request) => accounts.userInfo(studentIdOf(request)),
  );

  app.post(
    '/user/logout',
    {
      config: { allowRevoked: true },
      schema: {
        tags: ['auth'],
        summary: 'End the session (its refresh-token family); succeeds when it has ended already',
        response: { 200: envelopeSchema(z.null()), ...sessionRefusals },
      },
    },
    async (request) => {
      await sessions.revoke(requireStudent(request).familyId);
      return ok(null, 'auth.loggedOut');
    },
  );

  app.post(
    '/user/setPassword',
    {
      schema: {
        tags: ['auth'],
        summary:
          "Set or change the password (the client hash), proven by the current password (old_password) or a fresh SMS code (code, challenge_id); 5 tries per 15 min; ends the student's other sessions, keeps this one",
        body: setPasswordBodySchema,
        response: {
          200: envelopeSchema(setPasswordResultSchema),
          400: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          ...sessionRefusals,
        },
      },
    },
    async (request) =>
      ok(
        await accounts.setPassword(requireStudent(request), request.body, clientIpKey(request.ip)),
        'user.passwordSet',
      ),
  );

  app.post(
    '/updateToken',
    {
      config: { session: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token: a new pair; 401 when it is unknown, expired, revoked or reused',
        body: updateTokenBodySchema,
        response: { 200: envelopeSchema(tokenPairSchema), 400: errorEnvelopeSchema, ...sessionRefusals },
      },
    },
    async (request) => ok(await sessions.refresh(request.body.refreshToken)),
  );
};
