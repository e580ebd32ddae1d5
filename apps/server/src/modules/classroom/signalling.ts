import { randomUUID } from 'node:crypto';
import {
  clientMessageSchema,
  ROOM_CLOSE_CODES,
  type RoomCloseReason,
  type Seat,
  type ServerMessage,
} from '@app/contract/classroom';
import type { Lang } from '@app/contract/i18n';
import { isMessageKey, message, type MessageKey } from '@app/contract/messages';
import type { WebSocket } from 'ws';
import type { Clock } from '../../clock.ts';
import { refusalReasonOf, type RoomRefusalKey } from './refusals.ts';
import type { BusEvent, SignalBus } from './signalling-bus.ts';
import type { RoomTicket } from './ticket.ts';

/**
 * The rooms' signalling (DESIGN.md §12): one WebSocket per seat, two seats per class. The hub relays
 * offer, answer, candidate, chat and state to the other seat, tells each seat when the other joins or
 * leaves, replaces a seat's connection by a newer one (a reload), drops connections that stop
 * answering pings, and closes a room when it closes (end + 30 min). Every join, leave and relayed
 * message is applied on this instance at once (a seat connected here gets it without the bus) and
 * published on the bus (signalling-bus.ts) for the other instances, so the two seats may be on
 * different instances and a room whose seats are both here keeps working while the bus is down.
 * Each published event carries this instance's id, and an instance ignores what it published itself
 * (the bus hands it back), so nothing arrives twice. Which connection of a seat wins is decided the
 * same way on every instance (the newer join).
 */

export type SignallingAttendance = {
  seatJoined(courseId: number, seat: Seat, at: number): Promise<void>;
  seatLeft(courseId: number, seat: Seat, at: number): Promise<void>;
};

export type SignallingOptions = {
  clock: Clock;
  log: { warn(obj: object, msg?: string): void };
  /** Join and leave times per seat (attendance.service.ts); absent: not recorded. */
  attendance?: SignallingAttendance;
  /**
   * Why a class's room cannot be used any more (cancelled or abolished meanwhile), asked on every
   * beat for the rooms this instance holds; undefined while it is open.
   */
  refusalNow?: (classId: number) => Promise<RoomRefusalKey | undefined>;
  /** Ping interval; a connection that has not answered the previous ping is dropped. */
  heartbeatMs?: number;
  /** How long a join waits for another instance to say the other seat is there. */
  presenceWaitMs?: number;
  /** Chat lines a connection may send per `chatWindowMs`. */
  chatLimit?: number;
  chatWindowMs?: number;
};

type Connection = {
  id: string;
  classId: number;
  seat: Seat;
  lang: Lang;
  socket: WebSocket;
  joinedAt: number;
  closeAt: number;
  alive: boolean;
  /** Closed by a newer connection of its seat: its leave is not told. */
  replaced: boolean;
  gone: boolean;
  chats: number[];
  /** The other seat is there (as far as this instance has heard). */
  peerPresent: boolean;
  welcomed: boolean;
  /** Messages for it before its welcome was sent. */
  pending: ServerMessage[];
  onHere?: () => void;
  closeTimer?: NodeJS.Timeout;
};

const otherSeat = (seat: Seat): Seat => (seat === 'student' ? 'teacher' : 'student');

/** A close frame's reason: `{code, reason, message}` in at most 123 bytes (the message shortened). */
export function closeReason(key: RoomRefusalKey, lang: Lang): string {
  let text = message(key, lang);
  const reason = refusalReasonOf(key);
  const encode = (t: string) => JSON.stringify({ code: key, reason, message: t } satisfies RoomCloseReason);
  while (Buffer.byteLength(encode(text)) > 123 && text.length > 0) text = text.slice(0, -1);
  return encode(text);
}

export function createSignallingHub(options: SignallingOptions) {
  const { clock, log } = options;
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const presenceWaitMs = options.presenceWaitMs ?? 300;
  const chatLimit = options.chatLimit ?? 20;
  const chatWindowMs = options.chatWindowMs ?? 10_000;
  /** classId → seat → its connection on this instance. */
  const rooms = new Map<number, Map<Seat, Connection>>();
  /** Names what this instance publishes, so it can tell its own events when the bus hands them back. */
  const instanceId = randomUUID();
  let bus: SignalBus | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let closing = false;

  const send = (conn: Connection, msg: ServerMessage) => {
    if (!conn.welcomed) {
      conn.pending.push(msg);
      return;
    }
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(msg));
  };

  /**
   * Publishes an event for the other instances. A failure (Redis or the LISTEN connection down) is
   * logged without the payload (an SDP or a chat line) and goes no further: the seats on this
   * instance were told already.
   */
  const publish = (event: BusEvent) => {
    if (!bus) return;
    let sent: Promise<void>;
    try {
      sent = bus.publish({ ...event, from: instanceId });
    } catch (error) {
      sent = Promise.reject(error);
    }
    sent.catch((err: unknown) =>
      log.warn(
        { courseId: event.c, event: event.k, reason: err instanceof Error ? err.message : String(err) },
        'classroom bus: publish failed; only this instance was told',
      ),
    );
  };

  /** An event of this instance: applied here at once, then published for the others. */
  const emit = (event: BusEvent) => {
    apply(event);
    publish(event);
  };

  /** Attendance writes of each class and seat, in the order they happened (a leave never overtakes its join). */
  const recording = new Map<string, Promise<void>>();
  const record = (what: 'seatJoined' | 'seatLeft', conn: Connection): Promise<void> => {
    const { attendance } = options;
    if (!attendance) return Promise.resolve();
    const key = `${conn.classId}:${conn.seat}`;
    const at = clock.now();
    const next = (recording.get(key) ?? Promise.resolve())
      .then(() => attendance[what](conn.classId, conn.seat, at))
      .catch((err: unknown) =>
        log.warn({ err, courseId: conn.classId, seat: conn.seat }, `classroom attendance: ${what} failed`),
      );
    recording.set(key, next);
    void next.then(() => {
      if (recording.get(key) === next) recording.delete(key);
    });
    return next;
  };

  const close = (conn: Connection, code: number, key: RoomRefusalKey) => {
    if (conn.socket.readyState === conn.socket.OPEN || conn.socket.readyState === conn.socket.CONNECTING) {
      conn.socket.close(code, closeReason(key, conn.lang));
    }
  };

  /** Forgets a connection that closed; tells the other seat and attendance unless it was replaced. */
  const forget = (conn: Connection) => {
    if (conn.gone) return;
    conn.gone = true;
    clearTimeout(conn.closeTimer);
    const room = rooms.get(conn.classId);
    if (room?.get(conn.seat) === conn) {
      room.delete(conn.seat);
      if (room.size === 0) rooms.delete(conn.classId);
    }
    if (conn.replaced || closing) return;
    emit({ k: 'left', c: conn.classId, seat: conn.seat, conn: conn.id });
    void record('seatLeft', conn);
  };

  const closeRoomOf = (conn: Connection) => {
    send(conn, { type: 'closing', close: new Date(conn.closeAt).toISOString() });
    close(conn, ROOM_CLOSE_CODES.notOpen, 'classroom.closed');
  };

  /** An event heard on the bus: another instance's (this instance applied its own as it made them). */
  function onBusEvent(event: BusEvent): void {
    if (event.from === instanceId) return;
    apply(event);
  }

  function apply(event: BusEvent): void {
    const room = rooms.get(event.c);
    if (!room) return;
    switch (event.k) {
      case 'join': {
        const same = room.get(event.seat);
        if (same && same.id !== event.conn) {
          const newer = event.at > same.joinedAt || (event.at === same.joinedAt && event.conn > same.id);
          if (newer) {
            same.replaced = true;
            room.delete(event.seat);
            if (room.size === 0) rooms.delete(event.c);
            close(same, ROOM_CLOSE_CODES.replaced, 'classroom.replaced');
          }
        }
        const other = room.get(otherSeat(event.seat));
        if (other) {
          other.peerPresent = true;
          // A seat not welcomed yet learns it from its welcome (peer_present); told twice, its page
          // would start the call twice while the other seat answers the first.
          if (other.welcomed) send(other, { type: 'peer-joined', seat: event.seat });
          emit({ k: 'here', c: event.c, seat: other.seat, conn: other.id, to: event.conn });
        }
        return;
      }
      case 'here': {
        const conn = room.get(otherSeat(event.seat));
        if (!conn || conn.id !== event.to) return;
        const wasPresent = conn.peerPresent;
        conn.peerPresent = true;
        if (conn.onHere) conn.onHere();
        else if (!wasPresent) send(conn, { type: 'peer-joined', seat: event.seat });
        return;
      }
      case 'left': {
        const other = room.get(otherSeat(event.seat));
        if (other) {
          other.peerPresent = false;
          send(other, { type: 'peer-left', seat: event.seat });
        }
        return;
      }
      case 'relay': {
        const conn = room.get(event.to);
        if (conn) send(conn, event.msg);
        return;
      }
    }
  }

  const errorOf = (conn: Connection, key: MessageKey): ServerMessage => ({
    type: 'error',
    code: key,
    message: message(key, conn.lang),
  });

  function onMessage(conn: Connection, data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    if (conn.gone || conn.replaced) return;
    let parsed: unknown;
    try {
      if (isBinary) throw new Error('binary');
      const text = Array.isArray(data)
        ? Buffer.concat(data).toString('utf8')
        : Buffer.from(data as Buffer).toString('utf8');
      parsed = JSON.parse(text);
    } catch {
      send(conn, errorOf(conn, 'classroom.malformed'));
      return;
    }
    const result = clientMessageSchema.safeParse(parsed);
    if (!result.success) {
      const key = result.error.issues.map((i) => i.message).find((m) => m.startsWith('classroom.'));
      send(conn, errorOf(conn, key && isMessageKey(key) ? key : 'classroom.malformed'));
      return;
    }
    const msg = result.data;
    const to = otherSeat(conn.seat);
    switch (msg.type) {
      case 'offer':
      case 'answer':
        emit({ k: 'relay', c: conn.classId, to, msg: { type: msg.type, sdp: msg.sdp } });
        return;
      case 'candidate':
        emit({ k: 'relay', c: conn.classId, to, msg: { type: 'candidate', candidate: msg.candidate } });
        return;
      case 'state':
        emit({
          k: 'relay',
          c: conn.classId,
          to,
          msg: { type: 'state', seat: conn.seat, audio: msg.audio, video: msg.video },
        });
        return;
      case 'chat': {
        const now = Date.now();
        conn.chats = conn.chats.filter((t) => now - t < chatWindowMs);
        if (conn.chats.length >= chatLimit) {
          send(conn, errorOf(conn, 'classroom.chatTooFast'));
          return;
        }
        conn.chats.push(now);
        const line: ServerMessage = {
          type: 'chat',
          text: msg.text,
          seat: conn.seat,
          at: new Date(clock.now()).toISOString(),
        };
        // Both seats see the line with the server's time (the sender's copy orders its list).
        send(conn, line);
        emit({ k: 'relay', c: conn.classId, to, msg: line });
        return;
      }
      case 'leave':
        close(conn, ROOM_CLOSE_CODES.left, 'classroom.left');
        return;
    }
  }

  const beat = () => {
    const now = clock.now();
    for (const room of [...rooms.values()]) {
      for (const conn of [...room.values()]) {
        if (now >= conn.closeAt) {
          closeRoomOf(conn);
          continue;
        }
        if (!conn.alive || conn.socket.readyState !== conn.socket.OPEN) {
          conn.socket.terminate();
          forget(conn);
          continue;
        }
        conn.alive = false;
        try {
          conn.socket.ping();
        } catch {
          forget(conn);
        }
      }
    }
    void checkRooms();
    heartbeat = setTimeout(beat, heartbeatMs);
    heartbeat.unref();
  };

  /** Closes the rooms whose class was cancelled or abolished while they were open. */
  const checkRooms = async () => {
    if (!options.refusalNow) return;
    for (const classId of [...rooms.keys()]) {
      let key: RoomRefusalKey | undefined;
      try {
        key = await options.refusalNow(classId);
      } catch (err) {
        log.warn({ err, courseId: classId }, 'classroom: room check failed');
        continue;
      }
      if (key === undefined || key === 'classroom.closed' || key === 'classroom.notOpen') continue;
      for (const conn of [...(rooms.get(classId)?.values() ?? [])]) {
        send(conn, { type: 'closing', close: new Date(clock.now()).toISOString() });
        close(conn, ROOM_CLOSE_CODES.forbidden, key);
      }
    }
  };

  return {
    /** Starts hearing the bus (the plugin builds it with `onBusEvent`) and the heartbeat. */
    async start(signalBus: SignalBus): Promise<void> {
      bus = signalBus;
      // A bus that is not there yet (Redis down) does not keep the server from starting: this
      // instance's rooms work, and other instances are heard once it connects.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        bus.ready(),
        new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            log.warn({ bus: signalBus.kind }, 'classroom bus not ready; starting without it');
            resolve();
          }, 3000);
        }),
      ]).catch((err: unknown) => log.warn({ err, bus: signalBus.kind }, 'classroom bus not ready'));
      clearTimeout(timer);
      heartbeat = setTimeout(beat, heartbeatMs);
      heartbeat.unref();
    },

    onBusEvent,

    /**
     * A seat's admitted socket: registered at once (its messages wait for the welcome), announced on
     * the bus, welcomed with whether the other seat is there.
     */
    async join(
      socket: WebSocket,
      ticket: RoomTicket,
      closeAt: number,
      early: readonly [Buffer, boolean][] = [],
    ): Promise<void> {
      // Closed by the browser while its ticket was being checked.
      if (socket.readyState !== socket.OPEN) return;
      const conn: Connection = {
        id: randomUUID(),
        classId: ticket.classId,
        seat: ticket.seat,
        lang: ticket.lang,
        socket,
        joinedAt: clock.now(),
        closeAt,
        alive: true,
        replaced: false,
        gone: false,
        chats: [],
        peerPresent: false,
        welcomed: false,
        pending: [],
      };
      socket.on('pong', () => {
        conn.alive = true;
      });
      socket.on('message', (data, isBinary) => onMessage(conn, data, isBinary));
      socket.on('close', () => forget(conn));
      socket.on('error', (err) => log.warn({ err, courseId: conn.classId }, 'classroom socket error'));

      let room = rooms.get(conn.classId);
      if (!room) rooms.set(conn.classId, (room = new Map()));
      const previous = room.get(conn.seat);
      if (previous) {
        previous.replaced = true;
        close(previous, ROOM_CLOSE_CODES.replaced, 'classroom.replaced');
      }
      room.set(conn.seat, conn);
      void record('seatJoined', conn);
      for (const [data, isBinary] of early) onMessage(conn, data, isBinary);

      const peerHeard = new Promise<void>((resolve) => {
        conn.onHere = resolve;
      });
      emit({ k: 'join', c: conn.classId, seat: conn.seat, conn: conn.id, at: conn.joinedAt });
      // In one process the other seat is here or nowhere: its answer came at once when it is here.
      const wait = bus?.kind === 'memory' && !room.has(otherSeat(conn.seat)) ? 0 : presenceWaitMs;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([peerHeard, new Promise<void>((r) => (timer = setTimeout(r, wait)))]);
      clearTimeout(timer);
      conn.onHere = undefined;

      if (conn.gone || conn.replaced) return;
      conn.welcomed = true;
      send(conn, { type: 'welcome', seat: conn.seat, peer_present: conn.peerPresent });
      for (const msg of conn.pending.splice(0)) send(conn, msg);

      const closeIn = conn.closeAt - clock.now();
      if (closeIn <= 0) closeRoomOf(conn);
      else {
        conn.closeTimer = setTimeout(() => closeRoomOf(conn), Math.min(closeIn, 2 ** 31 - 1));
        conn.closeTimer.unref();
      }
    },

    /** Refuses a socket: its close code and reason in `lang`. */
    refuse(socket: WebSocket, code: number, key: RoomRefusalKey, lang: Lang): void {
      socket.close(code, closeReason(key, lang));
    },

    /** Connections on this instance (tests, ops). */
    connectionCount(): number {
      let n = 0;
      for (const room of rooms.values()) n += room.size;
      return n;
    },

    /**
     * Shutting down: every seat is told to reconnect (another instance answers it). Only the other
     * instances hear the leaves: the seats here are all closed.
     */
    async stop(): Promise<void> {
      clearTimeout(heartbeat);
      const leaving: Promise<void>[] = [];
      for (const room of rooms.values()) {
        for (const conn of room.values()) {
          publish({ k: 'left', c: conn.classId, seat: conn.seat, conn: conn.id });
          leaving.push(record('seatLeft', conn));
        }
      }
      closing = true;
      await Promise.all(leaving);
      for (const room of [...rooms.values()]) {
        for (const conn of [...room.values()]) close(conn, ROOM_CLOSE_CODES.restart, 'classroom.restart');
      }
      rooms.clear();
    },
  };
}

export type SignallingHub = ReturnType<typeof createSignallingHub>;
