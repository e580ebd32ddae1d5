/** Benchmark scenarios of `npm run bench`; each issue adds the calls it makes fast. */
export type Scenario = {
  name: string;
  path: string;
  /** autocannon connections; 50 by default (the measure). */
  connections?: number;
  headers?: Record<string, string>;
  /** Sent as the demo student (13800138000), logged in by password once before the run. */
  student?: boolean;
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
];

/** GET /course/getTimetable over 42 days (the longest range allowed) centred on `now`. */
function timetablePath(now: number): string {
  const day = 86_400_000;
  const from = new Date(now - 21 * day).toISOString();
  const to = new Date(now + 21 * day).toISOString();
  return `/api/v1/course/getTimetable?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
}
