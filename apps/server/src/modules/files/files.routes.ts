import { envelopeSchema, errorEnvelopeSchema } from '@app/contract/envelope';
import {
  downloadQuerySchema,
  downloadUrlRequestSchema,
  downloadUrlSchema,
  myFileListSchema,
  myFileQuerySchema,
} from '@app/contract/files';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { readRoutes } from '../../http/read-route.ts';
import { studentIdOf } from '../../http/session-policy.ts';
import { contentDisposition } from './courseware-names.ts';
import type { FilesService } from './files.service.ts';

const failure = errorEnvelopeSchema;
const failures = { 400: failure, 401: failure, 404: failure };

/**
 * Courseware (DESIGN.md §6 /user/file/*). The list and the link need a session and see only the
 * caller's items: another student's folder or file is a 404, like one that does not exist. The
 * download itself is opened by the browser without an Authorization header, so it declares session
 * `none` and its signature is the credential (5 minutes, bound to the student and the ids). Its reply
 * is the file or a zip, not an envelope (DESIGN.md §5); failures stay envelopes.
 */
export const filesRoutes: FastifyPluginAsyncZod<{ files: FilesService }> = async (app, { files }) => {
  readRoutes(app, 'files')(
    '/user/file/myFile',
    {
      summary: 'The children of a courseware folder (file_pid 0: the root), folders first, with breadcrumbs',
      querystring: myFileQuerySchema,
      data: myFileListSchema,
      failures,
    },
    (request) => files.listFolder(studentIdOf(request), request.query.file_pid),
  );

  app.post(
    '/user/file/getDownloadUrl',
    {
      schema: {
        tags: ['files'],
        summary:
          'A signed link (valid 5 min, no Authorization header needed) to download at most 20 files or folders: one file as itself, otherwise a zip',
        body: downloadUrlRequestSchema,
        response: { 200: envelopeSchema(downloadUrlSchema), ...failures },
      },
    },
    async (request) => ok(await files.createDownloadUrl(studentIdOf(request), request.body.ids)),
  );

  app.get(
    '/file/download',
    {
      config: { session: 'none' },
      // Media and zips gain nothing from compression, and the length is known up front.
      compress: false,
      schema: {
        tags: ['files'],
        summary:
          'The signed download of getDownloadUrl: the file (its Content-Type; a Range is honoured) or a zip (application/zip), as an attachment; with an object store and S3_PRESIGN a 302 to a presigned URL of the store',
        querystring: downloadQuerySchema,
        // Bytes streamed as they are (no JSON serializer touches a stream).
        response: {
          200: z.any(),
          206: z.any(),
          302: z.any(),
          400: failure,
          403: failure,
          404: failure,
          503: failure,
        },
      },
    },
    async (request, reply) => {
      const range = request.headers.range;
      const download = await files.openDownload(request.query, range === undefined ? {} : { range });
      if ('redirect' in download) {
        // The store's presigned URL: this link's checks passed; the redirect itself is never cached.
        return reply
          .code(302)
          .header('location', download.redirect)
          .header('cache-control', 'private, no-store')
          .send();
      }
      reply
        .type(download.zip ? 'application/zip' : download.mime)
        .header('content-disposition', contentDisposition(download.name));
      if (!download.zip) {
        // One file: a player or a download manager may ask for a part of it (the store serves it).
        reply.header('accept-ranges', 'bytes');
        if (download.range) {
          const { start, end } = download.range;
          reply.code(206).header('content-range', `bytes ${start}-${end}/${download.size}`);
          reply.header('content-length', String(end - start + 1));
        } else reply.header('content-length', String(download.size));
      } else if (download.size !== undefined) reply.header('content-length', String(download.size));
      return reply
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(download.stream);
    },
  );
};
