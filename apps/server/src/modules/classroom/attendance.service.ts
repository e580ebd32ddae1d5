import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { resolveSecret, SECRET_SETTING_KEYS } from '../../db/secrets.ts';
import { AppError } from '../../http/app-error.ts';
import { liveRoomPath } from '../../providers/classroom/live-classroom-provider.ts';
import type { SmsNoticeMessage } from '../../providers/sms/sms-provider.ts';
import type { ClassLifecycleService } from '../courses/class-lifecycle.service.ts';
import { attendanceRepository as repo, type AttendanceCourseRow } from './attendance.repository.ts';
import {
  bothPresent,
  ROOM_OPEN_LEAD_MS,
  teacherLinkExpiry,
  teacherNoShowAt,
  timeInClass,
  type Seat,
  type Stay,
} from './attendance.rules.ts';
import { signTeacherLink, verifyTeacherLink } from './teacher-link.ts';

export type { Seat } from './attendance.rules.ts';

/** What the room (B1's signalling) calls; the ops CLI reads `attendanceOf`. */
export type AttendanceService = {
  seatJoined(courseId: number, seat: Seat, at: number): Promise<void>;
  seatLeft(courseId: number, seat: Seat, at: number): Promise<void>;
  /** Joins, leaves and minutes per seat (ops `class attendance`). */
  attendanceOf(courseId: number): Promise<{ seat: Seat; joined_at: number; left_at: number | null }[]>;
};

export type AttendanceSettings = {
  /** CLASSROOM_DRIVER is `live`: the job applies the room's attendance to live-room classes. */
  live: boolean;
  /** TEACHER_NO_SHOW_MINUTES (default 10). */
  teacherNoShowMinutes: number;
  /** The web app's origin (PUBLIC_URL), for the teacher's room link. */
  publicUrl: string;
};

export type AttendanceServiceDeps = {
  db: Db;
  clock: Clock;
  lifecycle: Pick<ClassLifecycleService, 'markTeacherNoShow' | 'markStudentAbsent' | 'markStarted'>;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  /** Without it: not live (the job does nothing), 10 min, http://localhost:3000. */
  settings?: Partial<AttendanceSettings>;
  /** The SMS service's notice sender (auth's sms-code.service.ts); without it no SMS is sent. */
  sendNotice?: (message: SmsNoticeMessage) => Promise<'sent' | 'budget' | 'failed'>;
  /** The student's phone (students service `reminderTarget`), for the no-show notice. */
  studentMobile?: (studentId: number) => Promise<string | undefined>;
};

/** What one run of the attendance job did. */
export type AttendanceRun = {
  /** Classes started (200) because both seats were in the room at or after the start. */
  started: number;
  /** Classes abolished for a teacher no-show (refund + compensation) by this run. */
  abolished: number;
  /** Classes over with the student absent. */
  absent: number;
  /** Teacher links sent by SMS as the room opened. */
  links_sent: number;
  /** SMS refused or failed. */
  sms_failed: number;
};

const BATCH = 100;
const DAY_MS = 86_400_000;
const NOTICE_TEACHER_LINK = 'teacher-link';
const NOTICE_NO_SHOW = 'teacher-no-show';

/** HH:mm in Beijing time (UTC+8, no daylight saving), as the SMS says. */
function beijingTime(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(11, 16);
}

/** A 409 of the lifecycle: another instance (or an operator) got there first. */
function isConflict(error: unknown): boolean {
  return error instanceof AppError && error.statusCode === 409;
}

/**
 * Attendance of the live classroom (DESIGN.md §12, issue 35): the room reports when each seat
 * joins and leaves; the job `classroom.attendance` applies the rules to live-room classes: in class
 * (200) when both seats are there at or after the start (a join after the start does it at once), the
 * teacher not there TEACHER_NO_SHOW_MINUTES after the start abolishes the class (refund plus
 * compensation, through the lifecycle's `markTeacherNoShow`, once across instances: the lifecycle's
 * conditional update lets one run win, the others get its 409) and the student is told by SMS; the
 * student never there ends the class not attended (`markStudentAbsent`); and the teacher gets the
 * room link by SMS as the room opens, when a phone is on record. Demo classes keep the clock.
 */
export function createAttendanceService(deps: AttendanceServiceDeps) {
  const { db, clock, lifecycle, log } = deps;
  const settings: AttendanceSettings = {
    live: deps.settings?.live ?? false,
    teacherNoShowMinutes: deps.settings?.teacherNoShowMinutes ?? 10,
    publicUrl: (deps.settings?.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, ''),
  };
  let secret: Promise<string> | undefined;
  /** The teacher links' secret, generated once into app_setting and shared by every instance. */
  const teacherLinkSecret = (): Promise<string> => {
    secret ??= resolveSecret(
      db,
      undefined,
      SECRET_SETTING_KEYS.classroomTeacherLinkSecret,
      clock.now(),
    ).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };

  async function sendSms(message: SmsNoticeMessage, courseId: number, kind: string, run: AttendanceRun) {
    if (!deps.sendNotice) return false;
    const outcome = await deps.sendNotice(message);
    if (outcome === 'sent') return true;
    run.sms_failed++;
    if (outcome === 'budget') await repo.releaseNotice(db, courseId, kind);
    log.warn({ courseId, kind, outcome }, 'classroom notice not sent');
    return false;
  }

  async function teacherLinkOf(course: Pick<AttendanceCourseRow, 'id' | 'teacher_id' | 'end_at'>) {
    const expiresAt = teacherLinkExpiry(course.end_at);
    const token = signTeacherLink(await teacherLinkSecret(), {
      courseId: course.id,
      teacherId: course.teacher_id,
      expiresAt,
    });
    return {
      url: `${settings.publicUrl}${liveRoomPath(course.id)}?t=${encodeURIComponent(token)}`,
      token,
      expiresAt,
    };
  }

  /** 200 for live-room classes under way with both seats in the room (both came before the start). */
  async function startBothPresent(now: number, run: AttendanceRun) {
    const due = await repo.listBothPresent(db, now, BATCH);
    for (const course of due) {
      if (await lifecycle.markStarted(course.id)) run.started++;
    }
  }

  async function abolishNoShows(now: number, run: AttendanceRun) {
    const noShowMs = teacherNoShowAt(0, settings.teacherNoShowMinutes);
    const due = await repo.listTeacherNoShows(db, now - noShowMs, now - DAY_MS, BATCH);
    for (const course of due) {
      try {
        await lifecycle.markTeacherNoShow(course.id);
      } catch (error) {
        if (isConflict(error)) continue; // another instance or an operator abolished it first
        throw error;
      }
      run.abolished++;
      log.info({ courseId: course.id }, 'teacher no-show: class abolished, refunded and compensated');
    }
  }

  /**
   * Tells each student whose live class was called off for a teacher no-show (by this job or an
   * operator), once: the notice is claimed before it is sent; one the SMS budget refused is given
   * back and sent by a later run.
   */
  async function tellNoShows(now: number, run: AttendanceRun) {
    if (!deps.studentMobile || !deps.sendNotice) return;
    const due = await repo.listUntold(db, NOTICE_NO_SHOW, now - DAY_MS, BATCH);
    for (const course of due) {
      if (!(await repo.claimNotice(db, course.id, NOTICE_NO_SHOW, now))) continue;
      const mobile = await deps.studentMobile(course.student_id);
      if (!mobile) continue;
      const teacher = await repo.teacherName(db, course.teacher_id);
      await sendSms(
        {
          mobile,
          template: 'teacherNoShow',
          params: { teacher: teacher ?? '', time: beijingTime(course.start_at) },
          lang: 'zh-Hans',
        },
        course.id,
        NOTICE_NO_SHOW,
        run,
      );
    }
  }

  async function markAbsences(now: number, run: AttendanceRun) {
    const due = await repo.listStudentAbsences(db, now, now - DAY_MS, BATCH);
    for (const course of due) {
      try {
        await lifecycle.markStudentAbsent(course.id);
        run.absent++;
      } catch (error) {
        if (isConflict(error)) continue; // abolished or cancelled meanwhile
        throw error;
      }
    }
  }

  async function sendTeacherLinks(now: number, run: AttendanceRun) {
    if (!deps.sendNotice) return;
    const due = await repo.listRoomsOpening(db, now, ROOM_OPEN_LEAD_MS, BATCH);
    for (const course of due) {
      if (!(await repo.claimNotice(db, course.id, NOTICE_TEACHER_LINK, now))) continue;
      const { url } = await teacherLinkOf(course);
      const sent = await sendSms(
        {
          mobile: course.teacher_phone,
          template: 'teacherClassLink',
          params: { time: beijingTime(course.start_at), link: url },
          lang: 'en',
        },
        course.id,
        NOTICE_TEACHER_LINK,
        run,
      );
      if (sent) run.links_sent++;
    }
  }

  return {
    /**
     * A seat entered the room. When both are then there at or after the start, the class is in
     * class (200) at once; before the start the job starts it when the start comes.
     */
    async seatJoined(courseId: number, seat: Seat, at: number): Promise<void> {
      await repo.openStay(db, courseId, seat, at);
      if (!settings.live) return;
      const course = await repo.findCourse(db, courseId);
      if (!course || course.status !== 100 || clock.now() < course.start_at) return;
      if (bothPresent(await repo.stays(db, courseId))) await lifecycle.markStarted(courseId);
    },

    async seatLeft(courseId: number, seat: Seat, at: number): Promise<void> {
      await repo.closeStay(db, courseId, seat, at);
    },

    async attendanceOf(courseId: number): Promise<Stay[]> {
      return repo.stays(db, courseId);
    },

    /** A class's stays and each seat's milliseconds in class (ops `class attendance`); undefined: no class. */
    async summaryOf(courseId: number) {
      const course = await repo.findCourse(db, courseId);
      if (!course) return undefined;
      const stays = await repo.stays(db, courseId);
      return { course, stays, ms: timeInClass(course, stays, clock.now()) };
    },

    /** The teacher's room link of a class (ops `class teacher-link`); undefined: no such class. */
    async teacherLink(courseId: number) {
      const course = await repo.findCourse(db, courseId);
      if (!course) return undefined;
      return { course, ...(await teacherLinkOf(course)) };
    },

    /** The class and teacher of a teacher link valid at `now` (the room's check), or undefined. */
    async verifyTeacherLink(token: string, now = clock.now()) {
      return verifyTeacherLink(await teacherLinkSecret(), token, now);
    },

    /** A teacher's phone on record, where the room link goes as the room opens (null removes it). */
    setTeacherPhone(teacherId: number, phone: string | null): Promise<boolean> {
      return repo.setTeacherPhone(db, teacherId, phone, clock.now());
    },

    teacherPhone(teacherId: number): Promise<string | undefined> {
      return repo.teacherPhone(db, teacherId);
    },

    /** The server secret teacher links are signed with (shared by every instance through app_setting). */
    teacherLinkSecret,

    /**
     * Job `classroom.attendance`: no-shows, absences and teacher links of live-room classes.
     * Idempotent and safe on every instance at once. Does nothing unless the driver is `live`.
     */
    async runDue(): Promise<AttendanceRun> {
      const run: AttendanceRun = { started: 0, abolished: 0, absent: 0, links_sent: 0, sms_failed: 0 };
      if (!settings.live) return run;
      const now = clock.now();
      await startBothPresent(now, run);
      await abolishNoShows(now, run);
      await tellNoShows(now, run);
      await markAbsences(now, run);
      await sendTeacherLinks(now, run);
      return run;
    },
  };
}

export type FullAttendanceService = ReturnType<typeof createAttendanceService>;

// The returned service satisfies the interface the room calls.
const _satisfies: (s: FullAttendanceService) => AttendanceService = (s) => s;
void _satisfies;
