import multipart from '@fastify/multipart';
import { CODES } from '@app/contract/codes';
import { rateLimitedEnvelopeSchema } from '@app/contract/auth';
import { envelopeSchema, errorEnvelopeSchema } from '@app/contract/envelope';
import {
  AVATAR_MAX_BYTES,
  setUserInfoBodySchema,
  uploadAvatarResultSchema,
  userHomeSchema,
  userProfileSchema,
} from '@app/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, isAppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { readRoutes } from '../../http/read-route.ts';
import { studentIdOf } from '../../http/session-policy.ts';
import type { UsersService } from './users.service.ts';

const refusals = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema };

/** Avatar names are random and never reused, so a stored avatar never changes: cache it for a year. */
const AVATAR_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** @fastify/multipart's refusal of a file beyond `limits.fileSize`. */
function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * The user centre's routes (SPEC.md §7, DESIGN.md §6): the overview, the profile's allow-listed
 * fields, the avatar upload (multipart, registered for that route only) and the avatars' public URLs.
 */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  readRoutes(app, 'users')(
    '/user/getUserHome',
    {
      summary:
        'Account overview: profile, coins, cards summary, next 3 classes, unread teacher reports (and the latest 3), counts',
      data: userHomeSchema,
      failures: refusals,
      config: { studentCache: true },
    },
    (request) => users.getUserHome(studentIdOf(request)),
  );

  app.post(
    '/user/setUserInfo',
    {
      schema: {
        tags: ['users'],
        summary:
          'Change allow-listed profile fields (student_nick, student_eng_name, sex, birthday, class_reminder); any other field is refused',
        body: setUserInfoBodySchema,
        response: { 200: envelopeSchema(userProfileSchema), ...refusals },
      },
    },
    async (request) => ok(await users.setUserInfo(studentIdOf(request), request.body), 'user.profileSaved'),
  );

  // Multipart only here: every other route keeps refusing multipart bodies.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });
    upload.post(
      '/user/uploadAvatar',
      {
        schema: {
          tags: ['users'],
          summary:
            'Upload an avatar (multipart field `file`): PNG, JPEG or WebP by content, at most 2 MB; returns its URL; 30 uploads per 10 minutes per student',
          consumes: ['multipart/form-data'],
          response: {
            200: envelopeSchema(uploadAvatarResultSchema),
            ...refusals,
            413: errorEnvelopeSchema,
            // The file store cannot be reached (providers/storage).
            503: errorEnvelopeSchema,
            429: rateLimitedEnvelopeSchema,
          },
        },
      },
      async (request) => {
        const studentId = studentIdOf(request);
        if (!request.isMultipart()) throw AppError.badRequest('user.avatarRequired');
        await users.admitUpload(studentId);
        let bytes: Buffer;
        try {
          const file = await request.file();
          if (!file) throw AppError.badRequest('user.avatarRequired');
          bytes = await file.toBuffer();
        } catch (error) {
          if (isFileTooLarge(error)) throw new AppError(CODES.PAYLOAD_TOO_LARGE, 'user.avatarTooLarge');
          // A malformed multipart body (busboy's parse errors carry no status) is the client's fault.
          if (isAppError(error)) throw error;
          request.log.info({ err: error }, 'avatar upload: unreadable multipart body');
          throw AppError.badRequest('user.avatarRequired');
        }
        if (bytes.length === 0) throw AppError.badRequest('user.avatarRequired');
        return ok(await users.uploadAvatar(studentId, bytes));
      },
    );
  });

  app.get(
    '/avatar/:name',
    {
      config: { session: 'none' },
      schema: {
        tags: ['users'],
        summary: 'A student avatar by its random name (the URL in student_pic); public, cached',
        params: z.object({ name: z.string().max(64) }),
        response: { 200: z.any(), 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const avatar = await users.openAvatar(request.params.name);
      if (!avatar) throw AppError.notFound();
      return reply
        .type(avatar.contentType)
        .header('content-length', avatar.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="avatar.${avatar.extension}"`)
        .header('cache-control', AVATAR_CACHE_CONTROL)
        .send(avatar.body);
    },
  );
};
