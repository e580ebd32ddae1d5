import {
  roomQuerySchema,
  roomRefusalEnvelopeSchema,
  roomSchema,
  wsQuerySchema,
} from '@app/contract/classroom';
import { CODES } from '@app/contract/codes';
import { errorEnvelopeSchema } from '@app/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { langOf } from '../../http/envelope.ts';
import { readRoutes } from '../../http/read-route.ts';
import { optionalStudentIdOf } from '../../http/session-policy.ts';
import type { RoomService } from './room.service.ts';
import type { SignallingHub } from './signalling.ts';

/** The room's refusals carry `data.reason` (refusals.ts); a malformed query is a plain 400. */
const refusals = {
  400: errorEnvelopeSchema,
  401: roomRefusalEnvelopeSchema,
  403: roomRefusalEnvelopeSchema,
  404: roomRefusalEnvelopeSchema,
  409: roomRefusalEnvelopeSchema,
};

/**
 * The live classroom's routes (DESIGN.md §12): the room of a class for a seat, and the room's
 * WebSocket. getRoom reads a session when there is one (`optional`): the student's seat needs it,
 * the teacher's seat is opened by the teacher link `t` instead. The WebSocket takes no session: its
 * ticket (from getRoom, 60 seconds) is the credential.
 */
export const roomRoutes: FastifyPluginAsyncZod<{ rooms: RoomService; hub: SignallingHub }> = async (
  app,
  { rooms, hub },
) => {
  readRoutes(app, 'classroom')(
    '/classroom/getRoom',
    {
      summary:
        "A class's live room for a seat: the student's (session, their class) or the teacher's (`t`, the teacher link); open from start − 10 min to end + 30 min. ICE servers (TURN credentials valid until the room closes), a 60-second single-use ticket for the WebSocket GET /classroom/ws?ticket=, and the recording notice. Refusals name their reason in `data.reason` (not-open-yet, closed, cancelled, bad-link, not-found, sign-in)",
      querystring: roomQuerySchema,
      data: roomSchema,
      failures: refusals,
      config: { session: 'optional' },
    },
    (request) =>
      rooms.getRoom({
        classId: request.query.id,
        studentId: optionalStudentIdOf(request),
        teacherToken: request.query.t,
        lang: langOf(request),
      }),
  );

  app.route({
    method: 'GET',
    url: '/classroom/ws',
    config: { session: 'none' },
    schema: {
      tags: ['classroom'],
      summary:
        "The room's signalling WebSocket (upgrade; messages typed in @app/contract/classroom). Refusals close the socket with 4401 (ticket missing, forged, expired or used already), 4403 (not this seat's or cancelled), 4409 (room not open or closed), 4410 (the seat taken by a newer connection) and a reason {code, reason, message}; a plain GET is a 400",
      querystring: wsQuerySchema,
      response: { 400: errorEnvelopeSchema },
    },
    // A request that is not a WebSocket upgrade.
    handler: async () => {
      throw new AppError(CODES.BAD_REQUEST, 'classroom.websocketOnly');
    },
    wsHandler: (socket, request) => {
      // Messages sent before the ticket is checked are kept and handed to the room after it.
      const early: [Buffer, boolean][] = [];
      const keep = (data: Buffer, isBinary: boolean) => early.push([data, isBinary]);
      socket.on('message', keep);
      const lang = request.query.lang ?? langOf(request);
      void rooms
        .admit(request.query.ticket, lang)
        .then(async (admission) => {
          socket.off('message', keep);
          if (!admission.ok) {
            hub.refuse(socket, admission.closeCode, admission.key, admission.lang);
            return;
          }
          await hub.join(socket, admission.ticket, admission.closeAt, early);
        })
        .catch((err: unknown) => {
          request.log.error({ err }, 'classroom socket could not join');
          socket.off('message', keep);
          socket.close(1011);
        });
    },
  });
};
