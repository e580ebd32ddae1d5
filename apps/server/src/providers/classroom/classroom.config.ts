import { z } from 'zod';
import type { ClassroomProvider } from './classroom-provider.ts';
import { createDemoClassroomProvider } from './demo-classroom-provider.ts';

/**
 * The classroom provider's environment variables (README "Configuration"), merged into the server's
 * environment schema by config.ts. CLASSROOM_DRIVER chooses the provider; `demo` (the only one so
 * far) needs no settings. A real provider adds its enum value and settings here, with its check in
 * `missingClassroomSettings`.
 */
export const classroomEnvSchema = z.object({
  CLASSROOM_DRIVER: z.enum(['demo']).default('demo'),
});

export type ClassroomSettings = z.output<typeof classroomEnvSchema>;

/** The settings the chosen driver needs but lacks (config.ts refuses to start with any). */
export function missingClassroomSettings(_settings: ClassroomSettings): { key: string; message: string }[] {
  return [];
}

/**
 * The provider CLASSROOM_DRIVER names. `secret` signs the demo room links (a server secret kept in
 * app_setting, shared by every instance).
 */
export function createClassroomProviderFromConfig(
  _config: ClassroomSettings,
  options: { secret: string },
): ClassroomProvider {
  return createDemoClassroomProvider({ secret: options.secret });
}
