import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import { calendarRoutes } from './calendar.routes.ts';
import type { CalendarService } from './calendar.service.ts';
import type { ClassLifecycleService } from './class-lifecycle.service.ts';
import type { ClassReviewsService } from './class-reviews.service.ts';
import { classroomRoutes } from './classroom.routes.ts';
import type { ClassroomService } from './classroom.service.ts';
import { coursesRoutes } from './courses.routes.ts';
import type { CoursesService } from './courses.service.ts';
import type { RemindersService } from './reminders.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Booking, cancelling and the student's classes (modules/courses). */
    courses: CoursesService;
    /** Statuses that follow the clock, no-shows, recordings (the jobs, the operations CLI). */
    classLifecycle: ClassLifecycleService;
    /** The student's reviews and the teachers' reports. */
    classReviews: ClassReviewsService;
    /** Room links and recordings of classes from the classroom provider (jobs, the demo room page). */
    classroom: ClassroomService;
    /** The per-student calendar feed (GET /course/getCalendar.ics). */
    calendar: CalendarService;
    /** SMS reminders 60 minutes before each class (job courses.class-reminders). */
    reminders: RemindersService;
  }
}

/**
 * Booking and classes (services built in src/services.ts, on the wallet, the teachers and the
 * shared Idempotency-Key records). Its routes are `courses.routes.ts`, `classroom.routes.ts` and
 * `calendar.routes.ts`; the lifecycle jobs are in src/jobs/registry.ts.
 */
export async function coursesPlugin(app: App): Promise<void> {
  const { courses, classLifecycle, classReviews, classroom, calendar, reminders } = app.services;
  app.decorate('courses', courses);
  app.decorate('classLifecycle', classLifecycle);
  app.decorate('classReviews', classReviews);
  app.decorate('classroom', classroom);
  app.decorate('calendar', calendar);
  app.decorate('reminders', reminders);
  await registerApiRoutes(app, coursesRoutes, { courses, reviews: classReviews });
  await registerApiRoutes(app, classroomRoutes, { classroom });
  await registerApiRoutes(app, calendarRoutes, { calendar, config: app.config });
}
