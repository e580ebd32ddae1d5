import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { resources } from '../locales/registry.ts';
import type { RouteHandle } from '../shell/route-handle.ts';
import { routes } from './router.tsx';

const zhHans = resources['zh-Hans'].translation;
const en = resources.en.translation;

type Leaf = { path: string; title: string | undefined; lazy: boolean };

/** Every route of the tree with its full path, its page title key and whether it loads a screen. */
function leaves(list: RouteObject[], prefix = ''): Leaf[] {
  return list.flatMap((route) => {
    const path = route.index
      ? prefix || '/'
      : route.path
        ? `${prefix}/${route.path}`.replace(/\/+/g, '/')
        : prefix;
    // A layout with children (the user centre's, loaded lazily too) is not a screen.
    const own: Leaf[] =
      (route.lazy || route.handle) && !route.children
        ? [{ path, title: (route.handle as RouteHandle | undefined)?.title, lazy: Boolean(route.lazy) }]
        : [];
    return [...own, ...(route.children ? leaves(route.children, path) : [])];
  });
}

const lookup = (messages: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);

/** One concrete URL for every route of SPEC.md §2, and the title key each must carry. */
const SPEC_URLS: [string, string][] = [
  ['/', 'titles.home'],
  ['/login', 'titles.login'],
  ['/ielts', 'titles.ielts'],
  ['/ielts/SpeakingSamples', 'titles.ieltsSamples'],
  ['/ielts/issue', 'titles.ieltsIssue'],
  ['/ielts/SpeakingSamples/view/3', 'titles.ieltsSampleView'],
  ['/ielts/SpeakingSamples/view/3/TiMu/1/3/part1/9/Home%20town/Where%3F', 'titles.ieltsQuestion'],
  ['/ielts/issue/detailed', 'titles.ieltsIssueDetailed'],
  ['/ielts/issue/detailed/part2', 'titles.ieltsIssueDetailed'],
  ['/ielts/issue/detailed/part2/7', 'titles.ieltsIssueDetailed'],
  ['/course/index', 'titles.courseTimetable'],
  ['/course/list', 'titles.courseList'],
  ['/course/endCourse', 'titles.courseEnded'],
  ['/course/feedback', 'titles.courseFeedback'],
  ['/course/feedback/view/4/5', 'titles.courseFeedbackView'],
  ['/course/view/6', 'titles.courseView'],
  ['/teacher/booking/8', 'titles.teacherBooking'],
  ['/user/like-teachers', 'titles.userLikeTeachers'],
  ['/user/recharge', 'titles.userRecharge'],
  ['/user/home', 'titles.userHome'],
  ['/user/info', 'titles.userInfo'],
  ['/user/set-password', 'titles.userSetPassword'],
  ['/user/coins', 'titles.userCoins'],
  ['/user/cards', 'titles.userCards'],
  ['/user/orders', 'titles.userOrders'],
  ['/user/files', 'titles.userFiles'],
  ['/user/other/feedback', 'titles.userFeedback'],
  ['/no/such/page', 'titles.notFound'],
];

describe('routes', () => {
  it('gives every screen a page title that exists in both languages', () => {
    const screens = leaves(routes).filter((l) => l.lazy);
    expect(screens.length).toBeGreaterThanOrEqual(SPEC_URLS.length - 2);
    for (const screen of screens) {
      expect(screen.title, screen.path).toMatch(/^titles\./);
      for (const [lang, messages] of [
        ['zh-Hans', zhHans],
        ['en', en],
      ] as const) {
        const text = lookup(messages, screen.title!);
        expect(typeof text === 'string' && text.trim().length > 0, `${lang} ${screen.title}`).toBe(true);
      }
    }
  });

  it.each(SPEC_URLS)('matches %s to a screen titled %s', (url, title) => {
    const matched = matchRoutes(routes, url) ?? [];
    const deepest = matched.at(-1)?.route;
    expect(deepest?.lazy, url).toBeTruthy();
    expect((deepest?.handle as RouteHandle | undefined)?.title).toBe(title);
  });
});
