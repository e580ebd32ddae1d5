/**
 * How hard `npm run test:hard` pushes: the full run by default, a CI-sized one with HARD_PROFILE=ci.
 * Single knobs can be overridden (HARD_FUZZ_RUNS, HARD_KILLS) to reproduce a failure or go further.
 */
export type HardProfile = {
  name: 'full' | 'ci';
  /** Generated requests per operation and caller (visitor, new student, demo student). */
  fuzzRuns: number;
  /** kill -9 and restarts of the crash test on SQLite. */
  kills: number;
  /** kill -9 and restarts on PostgreSQL (only when TEST_DATABASE_URL is set). */
  pgKills: number;
  /** Concurrent simulated students of the crash test's load. */
  crashClients: number;
  /**
   * Browser test files (apps/web/e2e) the scale-out test runs against the pair of instances. CI runs
   * the money flows; the accounts flows, which CI's own browser run covers against one instance, join
   * them in the full run.
   */
  scaleOutBrowserFiles: string[];
};

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got ${raw}`);
  return value;
}

const ci = process.env.HARD_PROFILE === 'ci';
if (process.env.HARD_PROFILE !== undefined && !ci && process.env.HARD_PROFILE !== 'full') {
  throw new Error(`HARD_PROFILE is "full" (default) or "ci", got ${process.env.HARD_PROFILE}`);
}

export const PROFILE: HardProfile = {
  name: ci ? 'ci' : 'full',
  fuzzRuns: intFromEnv('HARD_FUZZ_RUNS', ci ? 25 : 120),
  kills: intFromEnv('HARD_KILLS', ci ? 5 : 20),
  pgKills: intFromEnv('HARD_PG_KILLS', ci ? 3 : 10),
  crashClients: intFromEnv('HARD_CRASH_CLIENTS', 6),
  scaleOutBrowserFiles: ci ? ['booking.e2e', 'recharge.e2e'] : ['booking.e2e', 'recharge.e2e', 'auth.e2e'],
};

/** Fixed by HARD_SEED to replay a failing fuzz run (fast-check prints the seed it used). */
export const FUZZ_SEED: number | undefined =
  process.env.HARD_SEED === undefined ? undefined : intFromEnv('HARD_SEED', 0);
