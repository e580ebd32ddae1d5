import type { App } from './http/fastify-types.ts';
import { appConfigPlugin } from './modules/app-config/app-config.plugin.ts';
import { authPlugin } from './modules/auth/auth.plugin.ts';
import { classroomPlugin } from './modules/classroom/classroom.plugin.ts';
import { coursesPlugin } from './modules/courses/courses.plugin.ts';
import { feedbackPlugin } from './modules/feedback/feedback.plugin.ts';
import { dictPlugin } from './modules/dict/dict.plugin.ts';
import { filesPlugin } from './modules/files/files.plugin.ts';
import { healthPlugin } from './modules/health/health.plugin.ts';
import { ieltsPlugin } from './modules/ielts/ielts.plugin.ts';
import { paymentsPlugin } from './modules/payments/payments.plugin.ts';
import { progressPlugin } from './modules/progress/progress.plugin.ts';
import { studentsPlugin } from './modules/students/students.plugin.ts';
import { teachersPlugin } from './modules/teachers/teachers.plugin.ts';
import { usersPlugin } from './modules/users/users.plugin.ts';
import { walletPlugin } from './modules/wallet/wallet.plugin.ts';

/**
 * An area's `<area>.plugin.ts`: decorates its services, built once by `createServices`
 * (src/services.ts, `app.services`), on the app (`app.<area>`), and registers its routes
 * (`registerApiRoutes`, under /api/v1) with them.
 */
export type AreaPlugin = (app: App) => Promise<void>;

/**
 * The route table: every area's routes. The services are all built before any area is wired
 * (`createServices`), so the order matters once only: auth comes before every area with routes,
 * because it installs the session guard, which must be in place before any route is registered. A new area adds its plugin here (and its jobs to src/jobs/registry.ts, its
 * OpenAPI tag to src/http/openapi.ts).
 */
export const AREAS: readonly AreaPlugin[] = [
  studentsPlugin,
  authPlugin,
  healthPlugin,
  dictPlugin,
  appConfigPlugin,
  ieltsPlugin,
  teachersPlugin,
  walletPlugin,
  paymentsPlugin,
  filesPlugin,
  coursesPlugin,
  classroomPlugin,
  usersPlugin,
  feedbackPlugin,
  progressPlugin,
];

export async function registerRoutes(app: App): Promise<void> {
  for (const area of AREAS) await area(app);
}
