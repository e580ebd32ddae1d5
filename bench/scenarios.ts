/** Benchmark scenarios of `npm run bench`; each issue adds the calls it makes fast. */

/** GET /course/getTimetable over 42 days (the longest range allowed) centred on `now`. */
function timetablePath(now: number, before = 21, after = 21): string {
  const day = 86_400_000;
  const from = new Date(now - before * day).toISOString();
  const to = new Date(now + after * day).toISOString();
  return `/api/v1/course/getTimetable?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
}

/** Issue 36's target for the logged-in reads. */
const TARGET = { ratio: 0.15, p99Ms: 10 };

/** The logged-in student's reads of every visit (issue 36), as the web app asks for them. */
const LOGGED_IN: Array<[string, string]> = [
  ['home', '/api/v1/user/getUserHome'],
  // The timetable page's week: the seeded students hold 2-3 classes in it.
  ['timetable', timetablePath(Date.now(), 3, 4)],
  ['course-list', '/api/v1/course/getCourseList?scope=recent&current=1&size=10'],
  ['course-info', '/api/v1/course/getCourseInfo?id={course}'],
  ['coin-balance', '/api/v1/user/coins/getCoinBalance'],
  ['coin-logs', '/api/v1/user/coins/getCoinLogs?current=1&size=20'],
  ['liked-teachers', '/api/v1/user/getUserLikeTeachersIds'],
  ['orders', '/api/v1/pay/getOrderList?current=1&size=10'],
];

/** The reads whose work could grow with a student's history (issue 36). */
const HISTORY: Array<[string, string]> = [
  ['home', '/api/v1/user/getUserHome'],
  ['finished', '/api/v1/course/getCourseList?scope=finished&current=1&size=10'],
  ['coin-logs', '/api/v1/user/coins/getCoinLogs?current=1&size=20'],
  ['timetable', timetablePath(Date.now(), 3, 4)],
  // Issue 37: "My progress" over this month (the streak counts back through the weeks).
  ['progress', '/api/v1/user/getProgress'],
];
export type Scenario = {
  name: string;
  path: string;
  /** autocannon connections; 50 by default (the measure). */
  connections?: number;
  headers?: Record<string, string>;
  /** Sent as the demo student (13800138000), logged in by password once before the run. */
  student?: boolean;
  /**
   * Sent as the seeded students of bench/students.ts (issue 36): `students` gives each request the
   * token of the next of the 1,000 students, round-robin over the run; `heavy` is the student with
   * 2,000 past classes and 5,000 coin entries, `short` the one with the same pages and no more (20
   * classes, 50 entries), `new` the one without any. `{course}` in the path becomes one of the
   * student's classes.
   */
  as?: 'students' | 'heavy' | 'short' | 'new';
  /** Issue 16's targets: req/s at least `ratio` × hello-world's, and p99 below `p99Ms`. */
  target?: { ratio: number; p99Ms?: number };
};

export const SCENARIOS: Scenario[] = [
  { name: 'health', path: '/health' },
  { name: 'dict', path: '/api/v1/dict/student.feedback.type', target: { ratio: 0.5 } },
  { name: 'app-config', path: '/api/v1/app/config' },
  // The first response of every visit: the home page and a deep link of the web app (index.html).
  { name: 'home-page', path: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } },
  { name: 'spa-fallback', path: '/course/index' },
  // Teacher discovery (issue #4): the demo teachers (the bench server seeds the demo data).
  {
    name: 'teacher-list',
    path: '/api/v1/teacher/getTeacherList?size=20',
    target: { ratio: 0.2, p99Ms: 10 },
  },
  {
    name: 'teacher-list-br',
    path: '/api/v1/teacher/getTeacherList?size=20',
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  },
  {
    name: 'teacher-list-slots',
    path: '/api/v1/teacher/getTeacherList?time_from=19:00&time_to=21:00&tz=Asia/Shanghai&sort=price&order=asc',
  },
  { name: 'teacher-profile', path: '/api/v1/teacher/getTeacherInfo?teacher_id=1' },
  { name: 'ielts-issue-detail', path: '/api/v1/ielts/getIssueDetail?type=part1' },
  { name: 'ielts-sample-list', path: '/api/v1/ielts/getSampleList?size=20' },
  { name: 'ielts-sample-info', path: '/api/v1/ielts/getSampleInfo?id=1' },
  { name: 'ielts-question', path: '/api/v1/ielts/getQuestionInfo?id=1' },
  // Issue 18: the student's own reads (the demo student: its classes over 42 days around now, which
  // hold every seeded class, and the first page of its coin entries). Personalised, never cached.
  { name: 'timetable', path: timetablePath(Date.now()), student: true },
  { name: 'coin-logs', path: '/api/v1/user/coins/getCoinLogs?current=1&size=20', student: true },
  // Issue 36: the reads a logged-in student makes on every visit, by 1,000 distinct students with a
  // history each (bench/students.ts), each request another student's; target ≥ 15% of hello-world
  // with p99 under 10 ms. Accepting compressed replies, as a browser does (replies of 1 KB or more
  // come compressed).
  ...LOGGED_IN.map(([name, path]) => ({
    name: `student-${name}`,
    path,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    as: 'students' as const,
    target: TARGET,
  })),
  // Issue 36: cost that does not grow with history: the same reads by a student with 2,000 past
  // classes and 5,000 coin entries, by one with the same pages and no history behind them (20
  // classes, 50 entries), and by a new one (empty pages).
  ...HISTORY.flatMap(([name, path]) => [
    { name: `history-heavy-${name}`, path, as: 'heavy' as const },
    { name: `history-short-${name}`, path, as: 'short' as const },
    { name: `history-new-${name}`, path, as: 'new' as const },
  ]),
];
