import { describe, expect, it } from 'vitest';
import type { CalendarFeedUrls } from '@app/contract/courses';
import { foldLine } from '../src/modules/courses/calendar.ics.ts';
import { createStudentSession } from '../../../test-support/students.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';
import { envelope, post, transportOf } from './helpers/auth.ts';
import { DAY, HOUR, giveCoins, wholeMinute } from './helpers/courses.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * GET /course/getCalendar.ics (DESIGN.md §6): valid iCalendar (RFC 5545) of the student's upcoming
 * classes, read with a per-student revocable token; POST getCalendarToken / resetCalendarToken.
 */

type Property = { name: string; params: string; value: string };
type Component = { name: string; props: Property[]; children: Component[] };

/**
 * A strict little RFC 5545 reader: every line ends in CRLF and is at most 75 octets; continuation
 * lines are unfolded; BEGIN/END must balance and nest. Returns the VCALENDAR component.
 */
function parseIcs(text: string): Component {
  expect(text.endsWith('\r\n')).toBe(true);
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(line.includes('\n') || line.includes('\r'), `bare newline in ${JSON.stringify(line)}`).toBe(false);
    expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
  }
  const logical: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ') || line.startsWith('\t')) logical[logical.length - 1] += line.slice(1);
    else logical.push(line);
  }
  const root: Component = { name: '', props: [], children: [] };
  const stack: Component[] = [root];
  for (const line of logical) {
    const match = /^([A-Z0-9-]+)((?:;[^:]*)?):(.*)$/.exec(line);
    expect(match, line).not.toBeNull();
    const [, name, params, value] = match!;
    const top = stack[stack.length - 1]!;
    if (name === 'BEGIN') {
      const child = { name: value!, props: [], children: [] };
      top.children.push(child);
      stack.push(child);
    } else if (name === 'END') {
      expect(top.name, `END:${value} closes ${top.name}`).toBe(value);
      stack.pop();
    } else {
      top.props.push({ name: name!, params: params!, value: value! });
    }
  }
  expect(stack).toHaveLength(1);
  expect(root.children).toHaveLength(1);
  return root.children[0]!;
}

const prop = (c: Component, name: string) => c.props.find((p) => p.name === name)?.value;
const unescape = (v: string) =>
  v.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
const UTC = /^\d{8}T\d{6}Z$/;

async function setup() {
  const t = await createTestApp();
  const teacher = await createTeacher(t.db, { name: 'Smith, John; Jr.', price_coins: 100 });
  return { t, teacher };
}

async function student(t: TestApp) {
  const session = await createStudentSession(transportOf(t));
  await giveCoins(t.db, t.app.wallet, session.studentId, 5000);
  return session;
}

async function book(t: TestApp, teacher: number, studentId: number, startIn: number) {
  const slotId = await createSlot(t.db, teacher, { start_at: wholeMinute(t.clock.now() + startIn) });
  return t.app.courses.book({ studentId, slotId, payType: 'coin' });
}

async function feedUrls(t: TestApp, token: string, path = '/course/getCalendarToken') {
  const reply = await post(t, path, {}, { token });
  expect(reply.statusCode).toBe(200);
  return envelope(reply).data as CalendarFeedUrls;
}

/** The feed's path and query (inject takes it without the origin). */
const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

describe('the calendar feed', () => {
  it('is valid iCalendar of the upcoming classes, with reminders, escaping and folding', async () => {
    const { t, teacher } = await setup();
    const s = await student(t);
    const first = await book(t, teacher, s.studentId, 2 * DAY);
    const second = await book(t, teacher, s.studentId, 3 * DAY);
    const cancelled = await book(t, teacher, s.studentId, 4 * DAY);
    await t.app.courses.cancel({ studentId: s.studentId, courseId: cancelled.id, reason: 'personal' });

    const urls = await feedUrls(t, s.token);
    expect(urls.url).toMatch(
      /^http:\/\/localhost(:\d+)?\/api\/v1\/course\/getCalendar\.ics\?token=[\w-]{43}$/,
    );
    expect(urls.webcal_url).toBe(urls.url.replace(/^http:/, 'webcal:'));
    // The same URL until it is reset.
    expect(await feedUrls(t, s.token)).toEqual(urls);

    const reply = await t.app.inject({ method: 'GET', url: pathOf(urls.url) });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(reply.headers['content-disposition']).toMatch(/filename="classes\.ics"/);
    expect(reply.headers['cache-control']).toContain('no-store');

    const calendar = parseIcs(reply.body);
    expect(calendar.name).toBe('VCALENDAR');
    expect(prop(calendar, 'VERSION')).toBe('2.0');
    expect(prop(calendar, 'PRODID')).toBeTruthy();
    expect(prop(calendar, 'CALSCALE')).toBe('GREGORIAN');
    const events = calendar.children.filter((c) => c.name === 'VEVENT');
    expect(events).toHaveLength(2);
    const uids = events.map((e) => prop(e, 'UID'));
    expect(new Set(uids).size).toBe(2);
    expect(uids[0]).toBe(`course-${first.id}@localhost`);

    for (const [i, course] of [first, second].entries()) {
      const event = events[i]!;
      for (const name of ['UID', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY', 'DESCRIPTION']) {
        expect(prop(event, name), name).toBeTruthy();
      }
      expect(prop(event, 'DTSTAMP')).toMatch(UTC);
      expect(prop(event, 'DTSTART')).toBe(course.start.replace(/[-:]/g, '').replace('.000', ''));
      expect(prop(event, 'DTEND')).toBe(course.end.replace(/[-:]/g, '').replace('.000', ''));
      // The teacher's name has a comma and a semicolon: escaped, and read back intact.
      expect(prop(event, 'SUMMARY')).toContain('Smith\\, John\\; Jr.');
      expect(unescape(prop(event, 'SUMMARY')!)).toBe(
        '外教课：Smith, John; Jr. · Class with Smith, John; Jr.',
      );
      const description = unescape(prop(event, 'DESCRIPTION')!);
      expect(description).toContain(`Class page: ${urls.url.split('/api/')[0]}/course/view/${course.id}\n`);
      expect(description.split('\n').length).toBeGreaterThan(2);
      const alarm = event.children.find((c) => c.name === 'VALARM');
      expect(alarm && prop(alarm, 'TRIGGER')).toBe('-PT60M');
      expect(alarm && prop(alarm, 'ACTION')).toBe('DISPLAY');
    }
    // Long bilingual lines were folded (so the 75-octet check above was exercised).
    expect(reply.body).toMatch(/\r\n /);
  });

  it('lists only the token owner’s classes, and nothing once a class is over', async () => {
    const { t, teacher } = await setup();
    const a = await student(t);
    const b = await student(t);
    const ofA = await book(t, teacher, a.studentId, 2 * HOUR);
    const ofB = await book(t, teacher, b.studentId, 3 * HOUR);
    const urlA = pathOf((await feedUrls(t, a.token)).url);
    const urlB = pathOf((await feedUrls(t, b.token)).url);
    const feedOf = async (url: string) => {
      const reply = await t.app.inject({ method: 'GET', url });
      return parseIcs(reply.body)
        .children.filter((c) => c.name === 'VEVENT')
        .map((e) => prop(e, 'UID'));
    };
    expect(await feedOf(urlA)).toEqual([`course-${ofA.id}@localhost`]);
    expect(await feedOf(urlB)).toEqual([`course-${ofB.id}@localhost`]);
    t.clock.advance(5 * HOUR);
    expect(await feedOf(urlA)).toEqual([]);
  });

  it('stops answering the old URL after a reset (404), and answers the new one', async () => {
    const { t, teacher } = await setup();
    const s = await student(t);
    await book(t, teacher, s.studentId, 2 * DAY);
    const old = await feedUrls(t, s.token);
    const fresh = await feedUrls(t, s.token, '/course/resetCalendarToken');
    expect(fresh.url).not.toBe(old.url);
    expect(await feedUrls(t, s.token)).toEqual(fresh);

    const gone = await t.app.inject({ method: 'GET', url: pathOf(old.url) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 404 });
    expect((await t.app.inject({ method: 'GET', url: pathOf(fresh.url) })).statusCode).toBe(200);
    const stored = await t.db.selectFrom('calendar_token').selectAll().execute();
    // Only a hash is kept: the token itself is nowhere in the table.
    const token = new URL(fresh.url).searchParams.get('token')!;
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('refuses a wrong or missing token, and the token calls need a session', async () => {
    const { t } = await setup();
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/v1/course/getCalendar.ics?token=${'x'.repeat(43)}`,
    });
    expect(wrong.statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/course/getCalendar.ics' });
    expect(missing.statusCode).toBe(400);
    for (const path of ['/course/getCalendarToken', '/course/resetCalendarToken']) {
      expect((await post(t, path, {})).statusCode).toBe(401);
    }
  });
});

describe('iCalendar line folding', () => {
  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'外教课'.repeat(40)}`;
    const folded = foldLine(line).split('\r\n');
    for (const part of folded) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    expect(foldLine('VERSION:2.0')).toBe('VERSION:2.0');
  });
});
