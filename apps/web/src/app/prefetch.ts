import { getIssueDetailQueryOptions } from '../features/ielts/api/get-issue-detail.ts';
import { getIssueListQueryOptions } from '../features/ielts/api/get-issue-list.ts';
import { getTeacherInfoQueryOptions } from '../features/teachers/api/get-teacher-info.ts';
import { getTeacherListQueryOptions } from '../features/teachers/api/get-teacher-list.ts';
import { getTeacherScheduleQueryOptions } from '../features/teachers/api/get-teacher-schedule.ts';
import { discoveryListParams, filtersFromParams } from '../features/teachers/lib/filters.ts';
import { scheduleWeekRange } from '../features/teachers/lib/week-range.ts';
import { getCourseInfoQueryOptions } from '../features/courses/api/get-course-info.ts';
import { getTimetableQueryOptions } from '../features/courses/api/get-timetable.ts';
import { timetableWeekRange } from '../features/courses/lib/week-range.ts';
import { getProductListQueryOptions } from '../features/payments/api/get-product-list.ts';
import { getUserHomeQueryOptions } from '../features/users/api/get-user-home.ts';
import { getCoinBalanceQueryOptions } from '../features/wallet/api/get-coin-balance.ts';
import { earlyAppConfigSettled } from '../lib/app-config/early-app-config.ts';
import { seedArrivedAppConfig } from '../lib/app-config/get-app-config.ts';
import { studentIdOf } from '../lib/session/student-id.ts';
import { isLoggedIn, session } from '../lib/session/session-store.ts';
import { matchLandingRoute, type LandingRouteId } from './landing-routes.ts';
import { queryClient } from './query-client.ts';

const LOGIN_CONFIG_WAIT_MS = 1_000;

/**
 * What the first render waits for besides the stored session. On the login page: index.html's early
 * /app/config reply, at most a second, so the demo hint renders with the form instead of pushing
 * it down when it comes (the page's code now arrives beside the entry, often before that reply).
 */
export function firstScreenWait(location: { pathname: string }): Promise<void> {
  return matchLandingRoute(location.pathname)?.route.id === 'login'
    ? earlyAppConfigSettled(LOGIN_CONFIG_WAIT_MS)
    : Promise.resolve();
}

type Prefetch = (match: RegExpExecArray, location: { search: string }) => void;

/** The student's own data, for pages a logged-out visitor is sent to /login from instead. */
function forStudent(
  prefetch: (studentId: ReturnType<typeof studentIdOf>, match: RegExpExecArray) => void,
): Prefetch {
  return (match) => {
    // Their queries are disabled for visitors anyway.
    if (isLoggedIn()) prefetch(studentIdOf(session.useSession.getState()), match);
  };
}

/** Each landing page's first data (landing-routes.ts), under the keys the page reads. */
const LANDING_PREFETCH: Record<LandingRouteId, Prefetch> = {
  home: (_match, location) => {
    const filters = filtersFromParams(new URLSearchParams(location.search));
    void queryClient.prefetchQuery(getTeacherListQueryOptions(discoveryListParams(filters, isLoggedIn())));
  },
  // The login page draws the demo hint above its form: it renders with the shell's settings when
  // index.html's early request has them already, instead of pushing the form down when they come.
  // Elsewhere they only fill the header's menus and the footer, which then render in a task of
  // their own after the first screen (seeded on the home page, they added about 200 ms of blocking
  // time to its first render on Lighthouse's phone).
  login: () => seedArrivedAppConfig(queryClient),
  ielts: () => {
    // The banks and the current bank's parts 1 and 2 (ielts-index.tsx).
    void queryClient.prefetchQuery(getIssueListQueryOptions());
    for (const part of ['part1', 'part2'] as const) {
      void queryClient.prefetchQuery(getIssueDetailQueryOptions(part));
    }
  },
  // A shared booking link: the teacher and the two weeks of slots (teacher-booking.tsx).
  booking: (match) => {
    const teacherId = Number(match[1]);
    void queryClient.prefetchQuery(getTeacherInfoQueryOptions(teacherId));
    for (const week of [0, 1]) {
      void queryClient.prefetchQuery(
        getTeacherScheduleQueryOptions({ teacher_id: teacherId, ...scheduleWeekRange(week) }),
      );
    }
  },
  // This week's classes (timetable.tsx opens on week 0).
  timetable: forStudent((studentId) => {
    void queryClient.prefetchQuery(getTimetableQueryOptions(studentId, timetableWeekRange(0)));
  }),
  // The class (course-view.tsx): a reminder's link opens it on a phone.
  courseView: forStudent((studentId, match) => {
    void queryClient.prefetchQuery(getCourseInfoQueryOptions(studentId, Number(match[1])));
  }),
  userHome: forStudent((studentId) => {
    void queryClient.prefetchQuery(getUserHomeQueryOptions(studentId));
  }),
  // The packages and the balance card (recharge-form.tsx, coin-balance-card.tsx).
  recharge: forStudent((studentId) => {
    void queryClient.prefetchQuery(getProductListQueryOptions());
    void queryClient.prefetchQuery(getCoinBalanceQueryOptions(studentId));
  }),
};

/**
 * Start-up: the data of the landing page is requested while the page's code downloads, instead of
 * after it has rendered (on a phone that saves a round trip and a render). The page then finds it
 * in the query cache under the same key. Called once, after the session is restored. The shell's
 * settings were asked for by index.html itself (lib/app-config/early-app-config.ts).
 */
export function prefetchFirstScreen(location: { pathname: string; search: string }): void {
  const landing = matchLandingRoute(location.pathname);
  if (landing) LANDING_PREFETCH[landing.route.id](landing.match, location);
}
