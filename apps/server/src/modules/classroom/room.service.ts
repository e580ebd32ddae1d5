import { createHash } from 'node:crypto';
import {
  ROOM_CLOSE_CODES,
  ROOM_CLOSES_MINUTES_AFTER,
  ROOM_OPENS_MINUTES_BEFORE,
  ROOM_TICKET_TTL_SECONDS,
  type Room,
  type Seat,
} from '@app/contract/classroom';
import { CODES } from '@app/contract/codes';
import { API_BASE } from '@app/contract/constants';
import type { Lang } from '@app/contract/i18n';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { iceServersFor } from './ice-servers.ts';
import { refusalReasonOf, type RoomRefusalKey } from './refusals.ts';
import { roomRepository as repo, type RoomCourseRow } from './room.repository.ts';
import { newTicketId, signTicket, verifyTicket, type RoomTicket } from './ticket.ts';

const MINUTE_MS = 60_000;
/** Ticket claims deleted per statement, and statements per run, of the claims' clean-up. */
const CLAIM_PURGE_BATCH = 500;
const CLAIM_PURGE_MAX_BATCHES = 20;

/** The room's WebSocket path (GET, upgraded). */
export const ROOM_WS_PATH = `${API_BASE}/classroom/ws`;

export type RoomServiceDeps = {
  db: Db;
  clock: Clock;
  /** ICE_SERVERS and TURN_SECRET. */
  ice: { urls: readonly string[]; turnSecret: string | undefined };
  /** Signs the room tickets (a server secret shared by every instance). */
  ticketSecret: string;
  /** Whether the room records the class (the live driver: the teacher's seat uploads it). */
  recording?: boolean;
  /** The class and teacher of a valid teacher link (modules/classroom/teacher-link.ts). */
  verifyTeacherLink(
    token: string,
    now: number,
  ):
    | Promise<{ courseId: number; teacherId: number } | undefined>
    | { courseId: number; teacherId: number }
    | undefined;
};

/** When a class's room is open: from start − 10 min until end + 30 min (DESIGN.md §12). */
export function roomWindow(course: { start_at: number; end_at: number }): {
  openAt: number;
  closeAt: number;
} {
  return {
    openAt: Number(course.start_at) - ROOM_OPENS_MINUTES_BEFORE * MINUTE_MS,
    closeAt: Number(course.end_at) + ROOM_CLOSES_MINUTES_AFTER * MINUTE_MS,
  };
}

/** Why a room cannot be entered now, or undefined when it can. */
function refusalOf(row: RoomCourseRow, now: number): { code: number; key: RoomRefusalKey } | undefined {
  if (Number(row.status) < 0) return { code: CODES.CONFLICT, key: 'classroom.cancelled' };
  const { openAt, closeAt } = roomWindow(row);
  if (now < openAt) return { code: CODES.CONFLICT, key: 'classroom.notOpen' };
  if (now >= closeAt) return { code: CODES.CONFLICT, key: 'classroom.closed' };
  return undefined;
}

/** A socket refusal: its close code and message key (its reason follows from the key: refusals.ts). */
export type Admission =
  | { ok: true; ticket: RoomTicket; closeAt: number }
  | { ok: false; closeCode: number; key: RoomRefusalKey; lang: Lang };

/** A refusal of getRoom: the message in the request's language and `data.reason`. */
const refuse = (code: number, key: RoomRefusalKey) =>
  new AppError(code, key, {}, { reason: refusalReasonOf(key) });

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The rooms of the live classroom (DESIGN.md §12): who may enter which class's room and when, what a
 * seat is given to enter (ICE servers, a ticket for the WebSocket), and the check of a ticket when
 * its socket opens. The signalling itself is signalling.ts.
 */
export function createRoomService(deps: RoomServiceDeps) {
  const { db, clock } = deps;

  return {
    /**
     * The signalling bus's channel: named after the ticket secret, so every instance of a deployment
     * (one database) shares it and no other deployment on the same Redis or PostgreSQL server does.
     */
    busChannel: `classroom_${createHash('sha256').update(deps.ticketSecret).digest('hex').slice(0, 16)}`,

    /**
     * GET /classroom/getRoom: the student's seat (their session, their class) or the teacher's (the
     * teacher link `t` of this class). Another student's class is a 404, a wrong link a 403, a room
     * not open or closed, or a cancelled or abolished class, a 409.
     */
    async getRoom(input: {
      classId: number;
      studentId: number | null;
      teacherToken: string | undefined;
      lang: Lang;
    }): Promise<Room> {
      const now = clock.now();
      let seat: Seat;
      let row: RoomCourseRow | undefined;
      if (input.teacherToken !== undefined) {
        const link = await deps.verifyTeacherLink(input.teacherToken, now);
        if (!link || link.courseId !== input.classId) {
          throw refuse(CODES.FORBIDDEN, 'classroom.linkInvalid');
        }
        row = await repo.findRoomCourse(db, input.classId);
        if (!row || row.teacher_id !== link.teacherId) {
          throw refuse(CODES.FORBIDDEN, 'classroom.linkInvalid');
        }
        seat = 'teacher';
      } else {
        if (input.studentId === null) throw refuse(CODES.UNAUTHORIZED, 'error.unauthorized');
        row = await repo.findRoomCourse(db, input.classId);
        if (!row || row.student_id !== input.studentId) throw refuse(CODES.NOT_FOUND, 'error.notFound');
        seat = 'student';
      }
      const refusal = refusalOf(row, now);
      if (refusal) throw refuse(refusal.code, refusal.key);

      const { openAt, closeAt } = roomWindow(row);
      const expiresAt = now + ROOM_TICKET_TTL_SECONDS * 1000;
      const studentName = row.student_eng_name || row.student_nick;
      return {
        class_id: row.id,
        seat,
        start: iso(Number(row.start_at)),
        end: iso(Number(row.end_at)),
        open: iso(openAt),
        close: iso(closeAt),
        peer_name: seat === 'student' ? row.teacher_name : studentName,
        teacher_name: row.teacher_name,
        ice_servers: iceServersFor(deps.ice, { classId: row.id, seat, expiresAt: closeAt }),
        ticket: signTicket(deps.ticketSecret, {
          id: newTicketId(),
          classId: row.id,
          seat,
          expiresAt,
          lang: input.lang,
        }),
        ticket_expires: iso(expiresAt),
        ws_path: ROOM_WS_PATH,
        // The live driver records every class (the teacher's seat uploads it): announced to both.
        recording: deps.recording === true,
      };
    },

    /**
     * The check of a WebSocket's ticket as it opens: signed, unexpired, the class's room still open
     * (not cancelled meanwhile), and not used before: the ticket is claimed here, once across
     * instances (a row in class_notice, whose key is unique), so it opens one socket only.
     * `fallbackLang` for a ticket that tells none (a forged one).
     */
    async admit(token: string, fallbackLang: Lang): Promise<Admission> {
      const now = clock.now();
      const check = verifyTicket(deps.ticketSecret, token, now);
      if (!check.ok) {
        return {
          ok: false,
          closeCode: ROOM_CLOSE_CODES.ticket,
          key: check.reason === 'expired' ? 'classroom.ticketExpired' : 'classroom.ticketInvalid',
          lang: check.lang ?? fallbackLang,
        };
      }
      const { ticket } = check;
      const row = await repo.findRoomCourse(db, ticket.classId);
      if (!row) {
        return { ok: false, closeCode: ROOM_CLOSE_CODES.forbidden, key: 'error.notFound', lang: ticket.lang };
      }
      const refusal = refusalOf(row, now);
      if (refusal) {
        return {
          ok: false,
          closeCode:
            refusal.key === 'classroom.cancelled' ? ROOM_CLOSE_CODES.forbidden : ROOM_CLOSE_CODES.notOpen,
          key: refusal.key,
          lang: ticket.lang,
        };
      }
      if (!(await repo.claimTicket(db, row.id, ticket.id, now))) {
        return {
          ok: false,
          closeCode: ROOM_CLOSE_CODES.ticket,
          key: 'classroom.ticketUsed',
          lang: ticket.lang,
        };
      }
      return { ok: true, ticket, closeAt: roomWindow(row).closeAt };
    },

    /**
     * Why a class's room cannot be used now (cancelled or abolished meanwhile, e.g. a teacher no-show,
     * or closed), or undefined while it is open: the hub asks for each room it holds on every beat.
     */
    async refusalNow(classId: number): Promise<RoomRefusalKey | undefined> {
      const row = await repo.findRoomCourse(db, classId);
      if (!row) return 'error.notFound';
      return refusalOf(row, clock.now())?.key;
    },

    /**
     * Deletes the claims of tickets nobody can use any more (run by the job `classroom.attendance`).
     * A ticket is claimed only before it expires, and it expires 60 s after it was handed out, so a
     * claim older than that is of an expired ticket; another 60 s are kept for instances whose
     * clocks differ (the ticket was signed on one, claimed on another). Bounded batches, oldest
     * first; safe on every instance at once. How many claims went.
     */
    async purgeUsedTickets(): Promise<number> {
      const before = clock.now() - 2 * ROOM_TICKET_TTL_SECONDS * 1000;
      let purged = 0;
      for (let batch = 0; batch < CLAIM_PURGE_MAX_BATCHES; batch++) {
        const deleted = await repo.deleteTicketClaimsBefore(db, before, CLAIM_PURGE_BATCH);
        purged += deleted;
        if (deleted < CLAIM_PURGE_BATCH) break;
      }
      return purged;
    },
  };
}

export type RoomService = ReturnType<typeof createRoomService>;
