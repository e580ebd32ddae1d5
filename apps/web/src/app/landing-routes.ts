/**
 * The pages students open directly (shared links, bookmarks, reminders' links), described once. Four
 * things read this table and must agree on which page a path is:
 * - the router (router.tsx): each page's route carries the page's id as its route id;
 * - the start-up prefetch (prefetch.ts): the page's first data, asked for while its code downloads;
 * - the build's documents (scripts/first-screens.ts): a page with a first screen of its own gets a
 *   document holding that screen, rendered from the page; the build lists each with its pattern in
 *   first-screens.json, by which the server sends it (apps/server/src/http/index-document.ts);
 * - the build's preloads (scripts/route-preload.ts): a document asks for the page's own code
 *   beside the entry.
 * landing-routes.test.ts runs the four on one table of paths.
 *
 * Plain data without imports: vite.config.ts reads it too.
 */
export type LandingRouteId =
  'home' | 'login' | 'ielts' | 'booking' | 'timetable' | 'courseView' | 'userHome' | 'recharge';

export interface LandingRoute {
  id: LandingRouteId;
  /**
   * Matched against location.pathname; the router's path of the page accepts every path it
   * matches. Its first group, where it has one, is the page's parameter (the booking page's teacher).
   */
  pattern: RegExp;
  /** The page's lazily loaded module, relative to the web app (the router imports the same file). */
  module: string;
  /**
   * The lazily loaded layout the page renders in (relative, as `module`), whose code is asked for
   * with the page's: the user centre's frame, which only its pages load.
   */
  layout?: string;
  /** Whether the page has a document with its own first screen (scripts/first-screens.ts). */
  firstScreen: boolean;
}

/** The user centre's frame (router.tsx loads it for the /user pages only). */
const USER_LAYOUT = 'src/shell/user-layout.tsx';

export const LANDING_ROUTES: readonly LandingRoute[] = [
  { id: 'home', pattern: /^\/$/, module: 'src/app/routes/home.tsx', firstScreen: true },
  { id: 'login', pattern: /^\/login\/?$/, module: 'src/features/auth/routes/login.tsx', firstScreen: false },
  {
    id: 'ielts',
    pattern: /^\/ielts\/?$/,
    module: 'src/features/ielts/routes/ielts-index.tsx',
    firstScreen: true,
  },
  {
    id: 'booking',
    // Teacher ids are positive and fit the API's 32-bit integers: other ids are the page's "not found".
    pattern: /^\/teacher\/booking\/([1-9]\d{0,8})\/?$/,
    module: 'src/app/routes/teacher-booking.tsx',
    firstScreen: true,
  },
  {
    id: 'timetable',
    pattern: /^\/course\/index\/?$/,
    module: 'src/features/courses/routes/timetable.tsx',
    firstScreen: false,
  },
  {
    // A class's page: the reminder SMS and the timetable link here. Ids as the booking page's.
    id: 'courseView',
    pattern: /^\/course\/view\/([1-9]\d{0,8})\/?$/,
    module: 'src/features/courses/routes/course-view.tsx',
    firstScreen: false,
  },
  {
    id: 'userHome',
    pattern: /^\/user\/home\/?$/,
    module: 'src/features/users/routes/user-home.tsx',
    layout: USER_LAYOUT,
    firstScreen: false,
  },
  {
    id: 'recharge',
    pattern: /^\/user\/recharge\/?$/,
    module: 'src/app/routes/user/recharge.tsx',
    layout: USER_LAYOUT,
    firstScreen: false,
  },
];

/** The landing page of `pathname` and the pattern's match, or null for any other page. */
export function matchLandingRoute(pathname: string): { route: LandingRoute; match: RegExpExecArray } | null {
  for (const route of LANDING_ROUTES) {
    const match = route.pattern.exec(pathname);
    if (match) return { route, match };
  }
  return null;
}
