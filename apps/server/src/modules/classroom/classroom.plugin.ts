import websocket from '@fastify/websocket';
import { SIGNAL_MESSAGE_MAX_BYTES } from '@app/contract/classroom';
import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import type { FullAttendanceService as AttendanceService } from './attendance.service.ts';
import { recordingRoutes } from './recording.routes.ts';
import { roomRoutes } from './room.routes.ts';
import type { RoomService } from './room.service.ts';
import {
  createMemoryBus,
  createPostgresBus,
  createRedisBus,
  type BusEvent,
  type SignalBus,
} from './signalling-bus.ts';
import { createSignallingHub, type SignallingHub } from './signalling.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Join and leave times per seat, teacher no-shows, teacher links (modules/classroom). */
    attendance: AttendanceService;
    /** The live classroom's rooms: who enters which class's room, and when (modules/classroom). */
    rooms: RoomService;
    /** The rooms' signalling on this instance (its WebSockets). */
    signalling: SignallingHub;
  }
}

/**
 * The live classroom (DESIGN.md §12, CLASSROOM_DRIVER=live): the room of a class and its signalling
 * WebSocket. The room service is built in src/services.ts; the signalling hub and its bus (Redis
 * pub/sub with REDIS_URL, PostgreSQL LISTEN/NOTIFY on PostgreSQL, this process otherwise) live with
 * the app, which closes them. The routes answer whatever the driver is (the room of a `demo` class
 * is reachable at the API level too); the web app links to the room only with `live`.
 */
export async function classroomPlugin(app: App): Promise<void> {
  const { rooms, attendance, recordings } = app.services;
  const config = app.config;
  const log = app.log;
  const hub = createSignallingHub({
    clock: app.clock,
    log,
    attendance,
    refusalNow: (classId) => rooms.refusalNow(classId),
  });
  const onEvent = (event: BusEvent) => hub.onBusEvent(event);
  let bus: SignalBus;
  if (config.REDIS_URL) {
    bus = createRedisBus({ url: config.REDIS_URL, channel: rooms.busChannel, onEvent, log });
  } else if (app.dbDialect === 'postgres' && config.DATABASE_URL) {
    bus = createPostgresBus({
      connectionString: config.DATABASE_URL,
      channel: rooms.busChannel,
      onEvent,
      log,
    });
  } else {
    bus = createMemoryBus();
  }
  await hub.start(bus);
  app.addHook('preClose', async () => {
    await hub.stop();
  });
  app.addHook('onClose', async () => {
    await bus.close();
  });

  app.decorate('attendance', attendance);
  app.decorate('rooms', rooms);
  app.decorate('signalling', hub);
  await app.register(websocket, { options: { maxPayload: SIGNAL_MESSAGE_MAX_BYTES } });
  await registerApiRoutes(app, roomRoutes, { rooms, hub });
  await registerApiRoutes(app, recordingRoutes, { recordings });
}
