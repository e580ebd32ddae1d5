import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import { createClassroomProviderFromConfig } from '../../providers/classroom/classroom.config.ts';
import { resolveSecret } from '../auth/auth.secrets.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { createCalendarService, type CalendarService } from './calendar.service.ts';
import { classroomRoutes } from './classroom.routes.ts';
import { createClassroomService, type ClassroomService } from './classroom.service.ts';
import { coursesRoutes } from './courses.routes.ts';
import { createCoursesService, type CoursesService } from './courses.service.ts';
import { createRemindersService, type RemindersService } from './reminders.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Booking, classes, reviews and teacher reports (modules/courses). */
    courses: CoursesService;
    /** Room links and recordings of classes from the classroom provider (jobs, the demo room page). */
    classroom: ClassroomService;
    /** The per-student calendar feed (GET /course/getCalendar.ics). */
    calendar: CalendarService;
    /** SMS reminders 60 minutes before each class (job courses.class-reminders). */
    reminders: RemindersService;
  }
}

/**
 * Booking and classes, on the wallet (registered before it in the route table) and the shared
 * Idempotency-Key records. Its routes are `courses.routes.ts`; the lifecycle job is in
 * src/jobs/registry.ts.
 */
/** app_setting key of the generated secret of classroom links and calendar feed tokens. */
export const COURSES_LINK_SECRET_SETTING = 'courses_link_secret';

export async function coursesPlugin(app: App): Promise<void> {
  const courses = createCoursesService({
    db: app.db,
    dialect: app.dbDialect,
    clock: app.clock,
    settings: { minNoticeMinutes: app.config.BOOKING_MIN_NOTICE_MINUTES },
    wallet: app.wallet,
    idempotency: app.idempotency,
    files: app.files,
  });
  app.decorate('courses', courses);
  await registerApiRoutes(app, coursesRoutes, { courses });

  // Signs the demo room links and derives the calendar feed tokens; shared by every instance.
  const linkSecret = await resolveSecret(app.db, undefined, COURSES_LINK_SECRET_SETTING, app.clock.now());
  const classroom = createClassroomService({
    db: app.db,
    clock: app.clock,
    provider: createClassroomProviderFromConfig(app.config, { secret: linkSecret }),
    courses,
  });
  app.decorate('classroom', classroom);
  await registerApiRoutes(app, classroomRoutes, { classroom });
  const calendar = createCalendarService({
    db: app.db,
    clock: app.clock,
    secret: linkSecret,
    brand: { zh: app.config.BRAND_TITLE_ZH, en: app.config.BRAND_TITLE_EN },
  });
  app.decorate('calendar', calendar);
  app.decorate(
    'reminders',
    createRemindersService({
      db: app.db,
      clock: app.clock,
      students: app.students,
      sendNotice: app.auth.sms.sendNotice,
      log: app.log,
    }),
  );
  await registerApiRoutes(app, calendarRoutes, { calendar, config: app.config });
}
