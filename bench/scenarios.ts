/** Benchmark scenarios of `npm run bench`; each issue adds the calls it makes fast. */
export type Scenario = {
  name: string;
  path: string;
  connections?: number;
  headers?: Record<string, string>;
};

export const SCENARIOS: Scenario[] = [
  { name: 'health', path: '/health' },
  { name: 'dict', path: '/api/v1/dict/student.feedback.type' },
  { name: 'app-config', path: '/api/v1/app/config' },
  { name: 'spa-fallback', path: '/course/index' },
  // Teacher discovery (issue #4): the demo teachers (bench/run.ts seeds the demo data).
  { name: 'teacher-list', path: '/api/v1/teacher/getTeacherList?size=20' },
  {
    name: 'teacher-list-slots',
    path: '/api/v1/teacher/getTeacherList?time_from=19:00&time_to=21:00&tz=Asia/Shanghai&sort=price&order=asc',
  },
  { name: 'teacher-profile', path: '/api/v1/teacher/getTeacherInfo?teacher_id=1' },
  { name: 'ielts-issue-detail', path: '/api/v1/ielts/getIssueDetail?type=part1' },
  { name: 'ielts-sample-list', path: '/api/v1/ielts/getSampleList?size=20' },
  { name: 'ielts-sample-info', path: '/api/v1/ielts/getSampleInfo?id=1' },
  { name: 'ielts-question', path: '/api/v1/ielts/getQuestionInfo?id=1' },
];
