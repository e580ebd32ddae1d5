import { createHash, createHmac } from 'node:crypto';
import { API_BASE } from '@app/contract/constants';
import { CLASSROOM_OPENS_MINUTES_BEFORE, MAX_UPCOMING_CLASSES } from '@app/contract/booking';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { calendarRepository as repo } from './calendar.repository.ts';
import { renderIcs } from './calendar.ics.ts';

export type CalendarServiceDeps = {
  db: Db;
  clock: Clock;
  /** A server secret (app_setting): tokens are derived from it, so the table alone reveals none. */
  secret: string;
  brand: { zh: string; en: string };
};

export type CalendarFeedUrls = { url: string; webcal_url: string };

/** Reminder of every class in the feed. */
export const FEED_ALARM_MINUTES = 60;
export const FEED_PATH = `${API_BASE}/course/getCalendar.ics`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The student's calendar feed (DESIGN.md §6 GET /course/getCalendar.ics): upcoming classes as
 * iCalendar, read with a per-student token in the URL, since calendar apps send no Authorization
 * header. The token is an HMAC of the student and the token's creation time under a server secret;
 * the table keeps only its SHA-256, so the same URL can be shown again (it is derived, not stored)
 * and a reset (a new creation time) makes the old URL a 404 at once.
 */
export function createCalendarService(deps: CalendarServiceDeps) {
  const { db, clock, secret, brand } = deps;

  const tokenOf = (studentId: number, createdAt: number) =>
    createHmac('sha256', secret).update(`calendar-feed:${studentId}:${createdAt}`).digest('base64url');

  const urlsOf = (origin: string, token: string): CalendarFeedUrls => {
    const url = `${origin}${FEED_PATH}?token=${token}`;
    return { url, webcal_url: url.replace(/^https?:/, 'webcal:') };
  };

  async function currentToken(studentId: number): Promise<string> {
    let row = await repo.findToken(db, studentId);
    if (!row) {
      const now = clock.now();
      await repo.insertTokenIfAbsent(db, studentId, sha256(tokenOf(studentId, now)), now);
      row = await repo.findToken(db, studentId);
      if (!row) throw new Error(`calendar token of student ${studentId} was not stored`);
    }
    return tokenOf(studentId, Number(row.created_at));
  }

  return {
    /** POST /course/getCalendarToken: the student's feed URL, made on first use. */
    async getFeedUrls(studentId: number, origin: string): Promise<CalendarFeedUrls> {
      return urlsOf(origin, await currentToken(studentId));
    },

    /** POST /course/resetCalendarToken: a new feed URL; the old one stops working at once. */
    async resetFeedUrls(studentId: number, origin: string): Promise<CalendarFeedUrls> {
      for (;;) {
        const row = await repo.findToken(db, studentId);
        if (!row) return urlsOf(origin, await currentToken(studentId));
        const previous = Number(row.created_at);
        // A creation time later than the old one, so the derived token always changes.
        const createdAt = Math.max(clock.now(), previous + 1);
        const token = tokenOf(studentId, createdAt);
        if (await repo.replaceToken(db, studentId, previous, sha256(token), createdAt)) {
          return urlsOf(origin, token);
        }
        // Another reset replaced it first: reset again from the newer token.
      }
    },

    /** The feed of the token's student as iCalendar text; undefined for an unknown or revoked token. */
    async feed(token: string, origin: string): Promise<string | undefined> {
      const studentId = await repo.studentOfTokenHash(db, sha256(token));
      if (studentId === undefined) return undefined;
      const now = clock.now();
      const rows = await repo.listUpcoming(db, studentId, now, MAX_UPCOMING_CLASSES + 5);
      const host = new URL(origin).hostname;
      return renderIcs({
        prodId: `-//${brand.en}//Classes//EN`,
        name: `${brand.zh} ${brand.en}`,
        stamp: now,
        events: rows.map((row) => {
          const page = `${origin}/course/view/${row.id}`;
          const minutes = Math.round((Number(row.end_at) - Number(row.start_at)) / 60_000);
          return {
            uid: `course-${row.id}@${host}`,
            start: Number(row.start_at),
            end: Number(row.end_at),
            summary: `外教课：${row.teacher_name} · Class with ${row.teacher_name}`,
            description: [
              `${minutes} 分钟 · ${minutes} min`,
              `课程页面 Class page: ${page}`,
              `教室在开课前 ${CLASSROOM_OPENS_MINUTES_BEFORE} 分钟开放；取消请提前 24 小时。`,
              `The classroom opens ${CLASSROOM_OPENS_MINUTES_BEFORE} minutes before the start; cancel at least 24 hours ahead.`,
            ].join('\n'),
            url: page,
            alarmMinutesBefore: FEED_ALARM_MINUTES,
          };
        }),
      });
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
