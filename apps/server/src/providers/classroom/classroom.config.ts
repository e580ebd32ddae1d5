import { z } from 'zod';
import { commaList, int, optionalString } from '../../env-fields.ts';
import type { ClassroomProvider } from './classroom-provider.ts';
import { createDemoClassroomProvider } from './demo-classroom-provider.ts';
import { createLiveClassroomProvider, type LiveRecordings } from './live-classroom-provider.ts';

/**
 * The classroom provider's environment variables (README "Configuration"), merged into the server's
 * environment schema by config.ts. CLASSROOM_DRIVER chooses the provider: `live` (the default: the
 * built-in browser classroom, DESIGN.md §12, whose settings are the ICE servers, the TURN secret and
 * the teacher no-show delay) or `demo` (a local page and a generated recording; tests use it).
 */
const ICE_URL = /^(stuns?|turns?):[^\s,]+$/i;

export const classroomEnvSchema = z.object({
  /** `live` by default; `demo` for tests and a demo without the room (the seeded past classes keep their clips either way). */
  CLASSROOM_DRIVER: z.enum(['demo', 'live']).default('live'),
  /** STUN/TURN URLs, comma-separated (`stun:stun.example.com:3478,turn:turn.example.com:3478?transport=udp`). */
  ICE_SERVERS: commaList(ICE_URL, 'expected stun:, stuns:, turn: or turns: URLs, comma-separated'),
  /** coturn's `static-auth-secret`: TURN credentials by the TURN REST convention. */
  TURN_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  /** A live class whose teacher has not entered this many minutes after the start is abolished. */
  TEACHER_NO_SHOW_MINUTES: int(1, 60).default(10),
});

export type ClassroomSettings = z.output<typeof classroomEnvSchema>;

/** The settings the chosen driver needs but lacks, or gives wrongly (config.ts refuses to start with any). */
export function missingClassroomSettings(settings: ClassroomSettings): { key: string; message: string }[] {
  const problems: { key: string; message: string }[] = [];
  if (settings.ICE_SERVERS.some((url) => /^turns?:/i.test(url)) && !settings.TURN_SECRET) {
    problems.push({
      key: 'TURN_SECRET',
      message: "ICE_SERVERS lists a TURN server: set TURN_SECRET to coturn's static-auth-secret",
    });
  }
  return problems;
}

/**
 * The provider CLASSROOM_DRIVER names. `secret` signs the demo room links (a server secret kept in
 * app_setting, shared by every instance); `recordings` are the live room's (modules/classroom).
 */
export function createClassroomProviderFromConfig(
  config: ClassroomSettings,
  options: { secret: string; recordings?: LiveRecordings },
): ClassroomProvider {
  if (config.CLASSROOM_DRIVER === 'live')
    return createLiveClassroomProvider(options.recordings ? { recordings: options.recordings } : {});
  return createDemoClassroomProvider({ secret: options.secret });
}
