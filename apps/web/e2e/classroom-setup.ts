import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { repoRoot } from './test-server.ts';

/**
 * What the live classroom's browser tests (classroom.e2e.ts, classroom-instances.e2e.ts) prepare as
 * a school's staff would: a teacher and their weekly times through the ops CLI, run against the
 * server under test's data directory and settings.
 */

const run = promisify(execFile);
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
export const MINUTE = 60_000;

/** The ops CLI with the given environment (the server's DATA_DIR, database, secrets). */
export function opsCli(env: () => Record<string, string>): (...args: string[]) => Promise<string> {
  return async (...args) => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/ops/cli.ts', ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'production', ...env() },
      },
    );
    return stdout;
  };
}

/** "<day> HH:MM" in UTC of the whole minute at least `ms` from now. */
export function weeklyAt(ms: number): { entry: string; at: number } {
  const at = Math.ceil((Date.now() + ms) / MINUTE) * MINUTE;
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { entry: `${DAYS[d.getUTCDay()]} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`, at };
}

/** Adds a teacher and publishes 25-minute slots at the given weekly times (UTC), this week only. */
export async function addTeacherWithSlots(
  ops: (...args: string[]) => Promise<string>,
  name: string,
  weekly: readonly string[],
): Promise<number> {
  const added = await ops(
    'teacher',
    'add',
    '--name',
    name,
    '--nationality',
    'GBR',
    '--level',
    '100',
    '--languages',
    'yingyu',
  );
  const id = Number(/teacher (\d+) added/.exec(added)?.[1]);
  if (!id) throw new Error(`no teacher id in: ${added}`);
  await ops(
    'schedule',
    'publish',
    '--teacher',
    String(id),
    '--weekly',
    weekly.join(','),
    '--length',
    '25',
    '--weeks',
    '1',
    '--tz',
    'UTC',
  );
  return id;
}
