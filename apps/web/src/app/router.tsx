import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { AppHydrateFallback, AppLayout } from '../shell/app-layout.tsx';
import { RouteError } from '../shell/route-error.tsx';
import type { RouteHandle } from '../shell/route-handle.ts';
import { loadWithAntd } from '../lib/antd/lazy-with-antd.tsx';
import { requireLogin } from './guards.ts';
import type { LandingRouteId } from './landing-routes.ts';

type RouteModule = { default: ComponentType };

/**
 * Every screen is its own lazily loaded module (DESIGN.md §8); the handle names its page title.
 * Screens render inside antd's scope (theme, locale, toasts), loaded alongside them; `antd: false`
 * is for a screen whose first view does without antd (the home page, the login page, the IELTS
 * overview, the booking page, the timetable, the recharge page and the user centre's overview, issues 16
 * and 18): nothing on it may render an antd component, which would miss the theme and
 * locale. `landing` names a page students open directly (landing-routes.ts).
 */
function page(
  title: string,
  load: () => Promise<RouteModule>,
  { antd = true, landing }: { antd?: boolean; landing?: LandingRouteId } = {},
): Pick<RouteObject, 'id' | 'handle' | 'lazy'> {
  const handle: RouteHandle = { title };
  return {
    // A landing page's route is known by its id in landing-routes.ts (landing-routes.test.ts).
    ...(landing && { id: landing }),
    handle,
    lazy: async () => {
      const Component = await (antd ? loadWithAntd(load) : load().then((module) => module.default));
      return { Component };
    },
  };
}

/** Routes of SPEC.md §2. Paths keep the spec's spelling (SpeakingSamples, TiMu, endCourse). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <AppLayout />,
    HydrateFallback: AppHydrateFallback,
    errorElement: <RouteError />,
    children: [
      {
        // Errors of a page render inside the layout, so header and footer stay usable.
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            ...page('titles.home', () => import('./routes/home.tsx'), { antd: false, landing: 'home' }),
          },
          {
            path: 'login',
            // A plain form: antd loads only for a toast or the legal texts (issue 16).
            ...page('titles.login', () => import('../features/auth/routes/login.tsx'), {
              antd: false,
              landing: 'login',
            }),
          },
          {
            path: 'ielts',
            children: [
              {
                index: true,
                // Texts, tags and links only: no antd (issue 16).
                ...page('titles.ielts', () => import('../features/ielts/routes/ielts-index.tsx'), {
                  antd: false,
                  landing: 'ielts',
                }),
              },
              {
                path: 'SpeakingSamples',
                ...page('titles.ieltsSamples', () => import('../features/ielts/routes/speaking-samples.tsx')),
              },
              {
                path: 'issue',
                ...page('titles.ieltsIssue', () => import('../features/ielts/routes/issue.tsx')),
              },
            ],
          },
          {
            path: 'ielts/SpeakingSamples/view/:id',
            ...page('titles.ieltsSampleView', () => import('../features/ielts/routes/sample-view.tsx')),
            children: [
              {
                path: 'TiMu/:bid/:iqs_id/:question_type/:question_id/:iqs_title/:title',
                ...page('titles.ieltsQuestion', () => import('../features/ielts/routes/question.tsx')),
              },
            ],
          },
          {
            path: 'ielts/issue/detailed',
            children: [
              {
                index: true,
                ...page(
                  'titles.ieltsIssueDetailed',
                  () => import('../features/ielts/routes/issue-detailed.tsx'),
                ),
              },
              {
                path: ':type',
                ...page(
                  'titles.ieltsIssueDetailed',
                  () => import('../features/ielts/routes/issue-detailed-type.tsx'),
                ),
              },
              {
                path: ':type/:id',
                ...page(
                  'titles.ieltsIssueDetailed',
                  () => import('../features/ielts/routes/issue-detailed-item.tsx'),
                ),
              },
            ],
          },
          {
            path: 'course',
            loader: requireLogin,
            children: [
              { index: true, loader: () => redirect('/course/index') },
              {
                path: 'index',
                // Plain markup: no antd (issue 18).
                ...page('titles.courseTimetable', () => import('../features/courses/routes/timetable.tsx'), {
                  antd: false,
                  landing: 'timetable',
                }),
              },
              {
                path: 'list',
                ...page('titles.courseList', () => import('../features/courses/routes/course-list.tsx')),
              },
              {
                path: 'endCourse',
                ...page('titles.courseEnded', () => import('../features/courses/routes/end-course.tsx')),
              },
              {
                path: 'feedback',
                ...page(
                  'titles.courseFeedback',
                  () => import('../features/courses/routes/feedback-list.tsx'),
                ),
              },
              {
                path: 'feedback/view/:ec_id/:id',
                ...page(
                  'titles.courseFeedbackView',
                  () => import('../features/courses/routes/feedback-view.tsx'),
                ),
              },
              {
                path: 'view/:id',
                // The class in plain markup; antd loads with the review form and the dialogs.
                ...page('titles.courseView', () => import('../features/courses/routes/course-view.tsx'), {
                  antd: false,
                  landing: 'courseView',
                }),
              },
            ],
          },
          {
            // Help pages: the default targets of the FAQ, manual, app and customer-service links.
            path: 'help',
            children: [
              { index: true, loader: () => redirect('/help/faq') },
              { path: 'faq', ...page('titles.helpFaq', () => import('../features/help/routes/faq.tsx')) },
              {
                path: 'manual',
                ...page('titles.helpManual', () => import('../features/help/routes/manual.tsx')),
              },
              {
                path: 'app',
                ...page('titles.helpApp', () => import('../features/help/routes/app-download.tsx')),
              },
            ],
          },
          {
            path: 'teacher/booking/:teacher_id',
            // The teacher and the slots in plain markup: antd loads with the booking dialog (issue 16).
            ...page('titles.teacherBooking', () => import('./routes/teacher-booking.tsx'), {
              antd: false,
              landing: 'booking',
            }),
          },
          {
            // The live classroom (issue 35): the student logged in, the teacher by the link's `?t=`; no antd.
            path: 'classroom/:id',
            ...page('titles.classroom', () => import('../features/classroom/routes/room.tsx'), {
              antd: false,
            }),
          },
          {
            path: 'user',
            loader: requireLogin,
            // Loaded with the page (its icons are no visitor's download); landing-routes.ts preloads
            // it with the user centre's landing pages.
            lazy: async () => ({ Component: (await import('../shell/user-layout.tsx')).UserLayout }),
            children: [
              { index: true, loader: () => redirect('/user/home') },
              {
                path: 'like-teachers',
                ...page('titles.userLikeTeachers', () => import('./routes/user/like-teachers.tsx')),
              },
              {
                path: 'recharge',
                // The packages in plain markup; the payment step loads with antd (issue 18).
                ...page('titles.userRecharge', () => import('./routes/user/recharge.tsx'), {
                  antd: false,
                  landing: 'recharge',
                }),
              },
              {
                path: 'home',
                // Plain markup: no antd (issue 18).
                ...page('titles.userHome', () => import('../features/users/routes/user-home.tsx'), {
                  antd: false,
                  landing: 'userHome',
                }),
              },
              {
                path: 'info',
                ...page('titles.userInfo', () => import('../features/users/routes/user-info.tsx')),
              },
              {
                path: 'set-password',
                ...page('titles.userSetPassword', () => import('../features/users/routes/set-password.tsx')),
              },
              {
                path: 'coins',
                ...page('titles.userCoins', () => import('../features/wallet/routes/coins.tsx')),
              },
              {
                path: 'cards',
                ...page('titles.userCards', () => import('../features/wallet/routes/cards.tsx')),
              },
              {
                path: 'orders',
                ...page('titles.userOrders', () => import('../features/payments/routes/orders.tsx')),
              },
              {
                path: 'files',
                ...page('titles.userFiles', () => import('../features/files/routes/files.tsx')),
              },
              {
                path: 'other/feedback',
                ...page('titles.userFeedback', () => import('../features/feedback/routes/feedback.tsx')),
              },
              {
                path: 'progress',
                ...page('titles.userProgress', () => import('../features/progress/routes/progress.tsx'), {
                  antd: false,
                }),
              },
            ],
          },
          { path: '*', ...page('titles.notFound', () => import('../shell/routes/not-found.tsx')) },
        ],
      },
    ],
  },
];

/**
 * /dev/primitives, the design system's primitives on one page (issue 33 §1): development builds
 * only. In a production build `import.meta.env.DEV` is false and the page's module is left out.
 */
function withDevRoutes(list: RouteObject[]): RouteObject[] {
  const pages = list[0]?.children?.[0];
  if (!import.meta.env.DEV || !pages?.children) return list;
  if (!pages.children.some((route) => route.path === 'dev/primitives'))
    pages.children.unshift({
      path: 'dev/primitives',
      ...page('titles.devPrimitives', () => import('./dev/primitives.tsx')),
    });
  return list;
}

export function createAppRouter() {
  return createBrowserRouter(withDevRoutes(routes));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
