import {
  RECORDING_CHUNK_MAX_BYTES,
  recordingChunkQuerySchema,
  recordingPathSchema,
  recordingQuerySchema,
  recordingStateQuerySchema,
  recordingStateSchema,
} from '@app/contract/classroom';
import { envelopeSchema, errorEnvelopeSchema } from '@app/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { readRoutes } from '../../http/read-route.ts';
import type { RecordingService } from './recording.service.ts';

const failure = errorEnvelopeSchema;
const refusals = { 400: failure, 403: failure, 409: failure, 413: failure };

/**
 * The live room's recording (DESIGN.md §12 "Recording"). The teacher's seat uploads and resumes by
 * its teacher link `t` (session `none`: the teacher has no account); the link and the room's window
 * are checked before a chunk's body is read. The playback is opened by the browser's player, which
 * sends no Authorization header: its signed link (from getCourseInfo's playback, the class and its
 * student) is the credential, and the playback rules are checked on every request.
 */
export const recordingRoutes: FastifyPluginAsyncZod<{ recordings: RecordingService }> = async (
  app,
  { recordings },
) => {
  // A chunk is raw WebM bytes (MediaRecorder's type, with or without its codecs parameter).
  app.addContentTypeParser(
    'video/webm',
    { parseAs: 'buffer', bodyLimit: RECORDING_CHUNK_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  readRoutes(app, 'classroom')(
    '/classroom/getRecordingState',
    {
      summary:
        "The teacher's seat's recording of a class (`t`, the teacher link; while the room is open): its state, the next chunk number to send, bytes and duration so far, and the class's end",
      querystring: recordingStateQuerySchema,
      data: recordingStateSchema,
      failures: refusals,
      config: { session: 'none' },
    },
    (request) => recordings.state(request.query.id, request.query.t),
  );

  app.post(
    '/classroom/putRecordingChunk',
    {
      config: { session: 'none' },
      bodyLimit: RECORDING_CHUNK_MAX_BYTES,
      schema: {
        tags: ['classroom'],
        summary:
          "A chunk of the class's recording from the teacher's seat (`t`, the teacher link; while the room is open): the raw WebM bytes (Content-Type video/webm, at most 4 MiB; 1.5 GiB per recording). Chunk `n` replaces an earlier upload of `n`; `last=1` closes the recording and joins it. The reply is the recording's state (the next chunk expected)",
        querystring: recordingChunkQuerySchema,
        response: { 200: envelopeSchema(recordingStateSchema), ...refusals },
      },
      // The link and the room's window before the body is read: a stranger's upload is refused unread.
      onRequest: async (request) => {
        const query = recordingStateQuerySchema.safeParse(request.query);
        if (query.success) await recordings.authorizeUpload(query.data.id, query.data.t);
      },
    },
    async (request) => ok(await recordings.putChunk(request.query, request.body)),
  );

  app.get(
    '/classroom/recording/:id',
    {
      config: { session: 'none' },
      // Video gains nothing from compression, and the length is known up front.
      compress: false,
      schema: {
        tags: ['classroom'],
        summary:
          "A class's recording (video/webm) for its student's player: the signed link of getCourseInfo's playback, under the playback rules (held, over, not missed, within end + 30 days). A Range is honoured (206; 416 when it cannot be satisfied)",
        params: recordingPathSchema,
        querystring: recordingQuerySchema,
        response: { 200: z.any(), 206: z.any(), 403: failure, 404: failure, 416: z.any() },
      },
    },
    async (request, reply) => {
      const playback = await recordings.openPlayback(
        request.params.id,
        request.query.t,
        request.headers.range,
      );
      reply.header('accept-ranges', 'bytes').header('cache-control', 'private, no-store');
      if ('unsatisfiable' in playback) {
        return reply.code(416).header('content-range', `bytes */${playback.unsatisfiable}`).send();
      }
      reply.type('video/webm').header('x-content-type-options', 'nosniff');
      if (playback.range) {
        const { start, end } = playback.range;
        reply.code(206).header('content-range', `bytes ${start}-${end}/${playback.size}`);
        reply.header('content-length', String(end - start + 1));
      } else reply.header('content-length', String(playback.size));
      return reply.send(playback.stream);
    },
  );
};
