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
];
