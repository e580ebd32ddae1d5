import path from 'node:path';
import vm from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchRoutes } from 'react-router';
import type { UserInfo } from '@app/contract/auth';
import { firstScreensManifest } from '../../scripts/first-screens-manifest.ts';
import { preloadScript, routePreloads, type ChunkFacts } from '../../scripts/route-preload.ts';
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
import type * as GetAppConfig from '../lib/app-config/get-app-config.ts';
import { seedArrivedAppConfig } from '../lib/app-config/get-app-config.ts';
import { session } from '../lib/session/session-store.ts';
import { LANDING_ROUTES, matchLandingRoute, type LandingRouteId } from './landing-routes.ts';
import { prefetchFirstScreen } from './prefetch.ts';
import { queryClient } from './query-client.ts';
import { routes } from './router.tsx';

// The login page's "prefetch" seeds the shell's settings from index.html's early request: recorded
// here (the real function runs), since that request exists in a browser only.
vi.mock('../lib/app-config/get-app-config.ts', async (importOriginal) => {
  const original = await importOriginal<typeof GetAppConfig>();
  return { ...original, seedArrivedAppConfig: vi.fn(original.seedArrivedAppConfig) };
});

/** Paths and the landing page each is, or null: every consumer must say the same. */
const PATHS: Array<[path: string, page: LandingRouteId | null]> = [
  ['/', 'home'],
  ['/login', 'login'],
  ['/login/', 'login'],
  ['/ielts', 'ielts'],
  ['/ielts/', 'ielts'],
  ['/teacher/booking/1', 'booking'],
  ['/teacher/booking/12/', 'booking'],
  ['/teacher/booking/999999999', 'booking'],
  ['/course/index', 'timetable'],
  ['/course/index/', 'timetable'],
  ['/course/view/5', 'courseView'],
  ['/course/view/5/', 'courseView'],
  ['/course/view/0', null],
  ['/course/view/x', null],
  ['/user/home', 'userHome'],
  ['/user/recharge', 'recharge'],
  ['/teacher/booking/0', null],
  ['/teacher/booking/01', null],
  ['/teacher/booking/1234567890', null],
  ['/teacher/booking/x', null],
  ['/teacher/booking/1/2', null],
  ['/ielts/issue', null],
  ['/ieltsx', null],
  ['/loginx', null],
  ['/course/list', null],
  ['/user/info', null],
  ['/help/faq', null],
  ['/no/such/page', null],
];

const landingIds = new Set<string>(LANDING_ROUTES.map((route) => route.id));
const STUDENT_ID = 7;

/** The router: the id of the route the path renders, when it is a landing page's. */
function routedPage(pathname: string): string | null {
  const id = matchRoutes(routes, pathname)?.at(-1)?.route.id;
  return id !== undefined && landingIds.has(id) ? id : null;
}

/**
 * The server's choice of document (apps/server/src/http/index-document.ts) by the build's list: the
 * page whose own first screen the document holds, null for index.html (the generic screen).
 */
function servedScreen(pathname: string): string | null {
  const { documents } = firstScreensManifest(LANDING_ROUTES);
  return documents.find(({ pattern }) => new RegExp(pattern).test(pathname))?.id ?? null;
}

/** The build's preload script, on a bundle where each landing page is a chunk named by its id. */
function preloadedPage(pathname: string): string | null {
  const root = '/app/web';
  const chunks: ChunkFacts[] = [
    { fileName: 'assets/index.js', isEntry: true, facadeModuleId: null, imports: [], css: [] },
    ...LANDING_ROUTES.map((route) => ({
      fileName: `assets/${route.id}.js`,
      isEntry: false,
      facadeModuleId: path.resolve(root, route.module),
      imports: [],
      css: [],
    })),
    // The layouts pages render in, each a chunk named "layout-" and its module.
    ...[...new Set(LANDING_ROUTES.flatMap((route) => (route.layout ? [route.layout] : [])))].map(
      (layout) => ({
        fileName: `assets/layout-${path.basename(layout, '.tsx')}.js`,
        isEntry: false,
        facadeModuleId: path.resolve(root, layout),
        imports: [],
        css: [],
      }),
    ),
  ];
  const linked: string[] = [];
  const element = { rel: '', as: '', crossOrigin: '', href: '' };
  vm.runInNewContext(preloadScript(routePreloads(chunks, LANDING_ROUTES, root)), {
    location: { pathname },
    document: {
      createElement: () => ({ ...element }),
      head: { appendChild: (link: typeof element) => linked.push(link.href) },
    },
  });
  // The page's chunk, and its layout's where it has one (the user centre's pages).
  const pages = linked.filter((href) => !href.startsWith('/assets/layout-'));
  const layouts = linked.filter((href) => href.startsWith('/assets/layout-'));
  expect(pages.length, pathname).toBeLessThanOrEqual(1);
  expect(layouts, pathname).toEqual(
    pathname.startsWith('/user/') && pages.length === 1 ? ['/assets/layout-user-layout.js'] : [],
  );
  return /^\/assets\/(\w+)\.js$/.exec(pages[0] ?? '')?.[1] ?? null;
}

/** The query keys each landing page's first data is cached under, for a visitor or a student. */
function firstDataKeys(page: LandingRouteId | null, search: string, loggedIn: boolean): unknown[] {
  const student = loggedIn ? STUDENT_ID : null;
  const teacherList = () =>
    getTeacherListQueryOptions(discoveryListParams(filtersFromParams(new URLSearchParams(search)), loggedIn));
  const byPage: Record<LandingRouteId, () => Array<{ queryKey: unknown }>> = {
    home: () => [teacherList()],
    login: () => [],
    ielts: () => [
      getIssueListQueryOptions(),
      getIssueDetailQueryOptions('part1'),
      getIssueDetailQueryOptions('part2'),
    ],
    booking: () => [],
    timetable: () => (loggedIn ? [getTimetableQueryOptions(student, timetableWeekRange(0))] : []),
    courseView: () => (loggedIn ? [getCourseInfoQueryOptions(student, 5)] : []),
    userHome: () => (loggedIn ? [getUserHomeQueryOptions(student)] : []),
    recharge: () => (loggedIn ? [getProductListQueryOptions(), getCoinBalanceQueryOptions(student)] : []),
  };
  return page ? byPage[page]().map((options) => options.queryKey) : [];
}

/** The start-up prefetch: the query keys it asks for and whether it seeded the shell's settings. */
function prefetched(pathname: string, search: string): { keys: unknown[]; seeded: boolean } {
  const keys: unknown[] = [];
  const spy = vi.spyOn(queryClient, 'prefetchQuery').mockImplementation((options) => {
    keys.push(options.queryKey);
    return Promise.resolve();
  });
  vi.mocked(seedArrivedAppConfig).mockClear();
  try {
    prefetchFirstScreen({ pathname, search });
  } finally {
    spy.mockRestore();
  }
  return { keys, seeded: vi.mocked(seedArrivedAppConfig).mock.calls.length > 0 };
}

afterEach(() => {
  session.useSession.setState({ token: null, userInfo: null });
});

describe('landing routes', () => {
  it.each(PATHS)(
    '%s is the same page (%s) for the table, the router, the served document and the preloads',
    (pathname, page) => {
      expect(matchLandingRoute(pathname)?.route.id ?? null).toBe(page);
      // The booking and class pages' routes take any id and answer the ones that cannot be a
      // teacher's or a class's with "not found"; those are no landing page (nothing to prefetch or
      // preload, the generic screen).
      if (page !== null || !/^\/(teacher\/booking|course\/view)\//.test(pathname)) {
        expect(routedPage(pathname)).toBe(page);
      }
      const withScreen = LANDING_ROUTES.find((route) => route.id === page)?.firstScreen ?? false;
      expect(servedScreen(pathname)).toBe(withScreen ? page : null);
      expect(preloadedPage(pathname)).toBe(page);
    },
  );

  it.each(PATHS)('%s gets the first data of its page (%s) from the start-up prefetch', (pathname, page) => {
    const search = '?lang=English';
    for (const loggedIn of [false, true]) {
      session.useSession.setState(
        loggedIn
          ? { token: 'token', userInfo: { student_id: STUDENT_ID } as UserInfo }
          : { token: null, userInfo: null },
      );
      const expected =
        page === 'booking'
          ? [
              getTeacherInfoQueryOptions(Number(/\d+/.exec(pathname)![0])).queryKey,
              ...[0, 1].map(
                (week) =>
                  getTeacherScheduleQueryOptions({
                    teacher_id: Number(/\d+/.exec(pathname)![0]),
                    ...scheduleWeekRange(week),
                  }).queryKey,
              ),
            ]
          : firstDataKeys(page, search, loggedIn);
      expect(prefetched(pathname, search), `${pathname} logged in: ${loggedIn}`).toEqual({
        keys: expected,
        seeded: page === 'login',
      });
    }
  });
});
