import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import ts from 'typescript';
import type { CourseItem, TeacherReportItem } from '@app/contract/courses';
import type { IeltsIssueDetail, IeltsSampleRecord } from '@app/contract/ielts';
import type { Page as ApiPage } from '@app/contract/paging';
import type { TeacherCard } from '@app/contract/teachers';
import { apiUrl } from '../../../test-support/http.ts';
import { createStudentSession, dataOf } from '../../../test-support/students.ts';
import { api, DEMO } from './auth-helpers.ts';
import { seriousViolations } from './axe.ts';
import { designFacts, type FactAt } from './design-facts.ts';
import { apiData, gotoApp, seedStorage, settingsValue } from './browser.ts';

/**
 * Accessibility of every route (issue 18): axe on each screen of the router, logged out
 * (a11y-routes-visitor.e2e.ts) and logged in (a11y-routes-student.e2e.ts), at 375 px in the dark
 * theme and on the desktop in the light one: no serious or critical violation. Two files, so that the
 * browser suite's two workers share the work (one file took about 15 minutes alone).
 *
 * The routes come from the router definition itself (src/app/router.tsx, read with the TypeScript
 * parser, so the test needs no React at run time): a new route is visited without editing this
 * file, and a new route with parameters fails until ROUTE_PARAMS says how to fill them with real
 * ids. Logged in means a new student of the file's own (signed up by SMS in the browser); the
 * pages that show a class or a report need the demo student's data and are visited as the demo
 * student, read-only (nothing is submitted; opening a report marks it read, so a read one is
 * chosen when there is one).
 */

const ROUTER_FILE = fileURLToPath(new URL('../src/app/router.tsx', import.meta.url));
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

/** A screen of the router: its full path pattern and whether a guard asks for a login. */
type RouteScreen = { pattern: string; login: boolean };

/**
 * Every screen (`...page(...)`) of `routes` in router.tsx, with its path joined from its parents'
 * (index routes take their parent's path) and `loader: requireLogin` inherited.
 */
function routerScreens(): RouteScreen[] {
  const source = ts.createSourceFile(
    ROUTER_FILE,
    readFileSync(ROUTER_FILE, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  let list: ts.ArrayLiteralExpression | undefined;
  source.forEachChild(function find(node) {
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'routes' && node.initializer) {
      if (ts.isArrayLiteralExpression(node.initializer)) list = node.initializer;
    }
    node.forEachChild(find);
  });
  if (!list) throw new Error(`no \`routes\` array in ${ROUTER_FILE}`);
  const screens: RouteScreen[] = [];
  const walk = (array: ts.ArrayLiteralExpression, prefix: string, login: boolean) => {
    for (const element of array.elements) {
      if (!ts.isObjectLiteralExpression(element)) throw new Error(`unexpected route ${element.getText()}`);
      let path: string | undefined;
      let index = false;
      let guarded = login;
      let screen = false;
      let children: ts.ArrayLiteralExpression | undefined;
      for (const property of element.properties) {
        if (ts.isSpreadAssignment(property)) {
          if (ts.isCallExpression(property.expression) && property.expression.expression.getText() === 'page')
            screen = true;
          continue;
        }
        if (!ts.isPropertyAssignment(property)) continue;
        const name = property.name.getText();
        const value = property.initializer;
        if (name === 'path' && ts.isStringLiteral(value)) path = value.text;
        if (name === 'index' && value.kind === ts.SyntaxKind.TrueKeyword) index = true;
        if (name === 'loader' && value.getText() === 'requireLogin') guarded = true;
        if (name === 'children' && ts.isArrayLiteralExpression(value)) children = value;
      }
      const full = index ? prefix || '/' : path ? `${prefix}/${path}`.replace(/\/+/g, '/') : prefix;
      if (screen) screens.push({ pattern: full || '/', login: guarded });
      if (children) walk(children, full, guarded);
    }
  };
  walk(list, '', false);
  return screens;
}

/** Real ids for the parameters of a route, and whose data the page needs. */
type Filled = { url: string; demo?: boolean };
type Ids = {
  teacherId: number;
  sample: IeltsSampleRecord;
  detail: IeltsIssueDetail;
  demoCourseId: number;
  demoReport: TeacherReportItem;
};

/** How to fill each route with parameters: a new one fails the test until it is listed here. */
const ROUTE_PARAMS: Record<string, (ids: Ids) => Filled> = {
  '/ielts/SpeakingSamples/view/:id': (ids) => ({ url: `/ielts/SpeakingSamples/view/${ids.sample.topic.id}` }),
  '/ielts/SpeakingSamples/view/:id/TiMu/:bid/:iqs_id/:question_type/:question_id/:iqs_title/:title': ({
    sample: r,
  }) => ({
    url: `/ielts/SpeakingSamples/view/${r.topic.id}/TiMu/${r.issue_id}/${r.topic.id}/${r.part}/${r.question_id}/${encodeURIComponent(r.topic.title['zh-Hans'])}/${encodeURIComponent(r.text)}`,
  }),
  '/ielts/issue/detailed/:type': (ids) => ({ url: `/ielts/issue/detailed/${ids.detail.type}` }),
  '/ielts/issue/detailed/:type/:id': (ids) => ({
    url: `/ielts/issue/detailed/${ids.detail.type}/${ids.detail.topics[0]?.id ?? 0}`,
  }),
  '/course/feedback/view/:ec_id/:id': (ids) => ({
    url: `/course/feedback/view/${ids.demoReport.course_id}/${ids.demoReport.id}`,
    demo: true,
  }),
  '/course/view/:id': (ids) => ({ url: `/course/view/${ids.demoCourseId}`, demo: true }),
  // A class id that names none: "not found" without a refused request, which the browser would log
  // as a console error (the states of a real room: classroom.e2e.ts).
  '/classroom/:id': () => ({ url: '/classroom/0', demo: true }),
  '/teacher/booking/:teacher_id': (ids) => ({ url: `/teacher/booking/${ids.teacherId}` }),
  '/*': () => ({ url: '/no/such/page' }),
};

export type Visit = { pattern: string; url: string; login: boolean; demo: boolean };

/** Every screen of the router with its URL filled from the API (one read: see ROUTE_PARAMS). */
export async function routeVisits(): Promise<Visit[]> {
  const demoToken = (await createStudentSession(api(), { mobile: DEMO.mobile })).token;
  const demoGet = async <T>(path: string) =>
    dataOf<T>(await api().request({ method: 'GET', url: apiUrl(path), token: demoToken }), path);
  const teachers = await apiData<ApiPage<TeacherCard>>('/teacher/getTeacherList?current=1&size=1');
  const samples = await apiData<ApiPage<IeltsSampleRecord>>('/ielts/getSampleList?part=part2&size=1');
  const detail = await apiData<IeltsIssueDetail>('/ielts/getIssueDetail?type=part2');
  const finished = await demoGet<ApiPage<CourseItem>>(
    '/course/getCourseList?scope=finished&current=1&size=50',
  );
  const reports = await demoGet<ApiPage<TeacherReportItem>>('/course/getFeedbackList?current=1&size=50');
  // The server marks a report read when it is shown: a report already read when there is one, else
  // the oldest (courses.e2e.ts opens the newest unread one). This is the one write of the file.
  const report = reports.records.find((r) => r.read) ?? reports.records.at(-1);
  const course = finished.records.find((c) => c.status === 300) ?? finished.records[0];
  if (!teachers.records[0] || !samples.records[0] || !detail.topics[0] || !course || !report)
    throw new Error('the demo data lacks a teacher, an IELTS sample, a finished class or a read report');
  const ids: Ids = {
    teacherId: teachers.records[0].id,
    sample: samples.records[0],
    detail,
    demoCourseId: course.id,
    demoReport: report,
  };
  const screens = routerScreens();
  const unknown = screens.filter((s) => /[:*]/.test(s.pattern) && !ROUTE_PARAMS[s.pattern]);
  if (unknown.length > 0)
    throw new Error(
      `routes with parameters missing from ROUTE_PARAMS: ${unknown.map((s) => s.pattern).join(', ')}`,
    );
  return screens.map((s) => {
    const fill = ROUTE_PARAMS[s.pattern];
    const filled = fill ? fill(ids) : { url: s.pattern };
    return { pattern: s.pattern, url: filled.url, login: s.login, demo: filled.demo ?? false };
  });
}

/**
 * Counts the page's requests in flight, so `settle` can wait for the network to go quiet without
 * Playwright's `networkidle`, which always waits half a second after the last request (about a
 * minute and a half of each file's run, over some 150 visits).
 */
function trackRequests(page: Page): () => number {
  const inFlight = new Set<unknown>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return () => inFlight.size;
}

const QUIET_MS = 250;

/**
 * Waits until the page has loaded its data and its skeletons and spinners are gone, and until its
 * entering transitions (drawers, fades) have ended: axe judges the resting colours.
 */
async function settle(page: Page, inFlight: () => number): Promise<void> {
  const deadline = Date.now() + 15_000;
  let quietSince = inFlight() === 0 ? Date.now() : 0;
  while (Date.now() < deadline && !(quietSince && Date.now() - quietSince >= QUIET_MS)) {
    await page.waitForTimeout(25);
    if (inFlight() > 0) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
  }
  await page
    .waitForFunction(
      () => !document.querySelector('.ant-skeleton, .ant-spin-spinning, [data-testid$="skeleton"]'),
      null,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  // antd's motion sets its starting class a frame before the animation runs: wait for two calm
  // frames in a row with no finite animation running (spinners and shimmer loop forever).
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const moving = () =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    const deadline = performance.now() + 5_000;
    let calm = 0;
    while (calm < 2 && performance.now() < deadline) {
      await Promise.all(moving().map((a) => a.finished.catch(() => undefined)));
      await frame();
      calm = moving().length === 0 ? calm + 1 : 0;
    }
  });
}

export type Pass = { width: 'phone' | 'desktop'; dark: boolean };

/** Visits each URL in one context: axe's serious and critical violations and the design facts of every screen. */
export async function audit(
  page: Page,
  list: Visit[],
  pass: Pass,
  who: string,
): Promise<{ problems: string[]; checked: number; facts: FactAt[] }> {
  await page.setViewportSize(pass.width === 'phone' ? PHONE : DESKTOP);
  await seedStorage(page, { LANGUAGE: 'zh-Hans', SETTINGS: settingsValue(pass.dark) });
  const problems: string[] = [];
  const facts: FactAt[] = [];
  const audited = new Set<string>();
  const inFlight = trackRequests(page);
  let checked = 0;
  for (const visit of list) {
    const started = Date.now();
    await gotoApp(page, visit.url);
    const loaded = Date.now();
    await settle(page, inFlight);
    const settled = Date.now();
    // A guarded route redirects a visitor to /login: that screen is audited once per pass.
    const landed = new URL(page.url()).pathname;
    if (landed !== new URL(visit.url, 'http://x').pathname && audited.has(landed)) continue;
    audited.add(landed);
    for (const fact of await designFacts(page, pass.width)) facts.push({ ...fact, url: visit.url });
    const designed = Date.now();
    checked += 1;
    const lines = await seriousViolations(page);
    if (process.env.A11Y_TRACE)
      console.info(
        `[a11y] ${who} ${passName(pass)} ${visit.url}: ${Date.now() - started} ms (load ${loaded - started}, settle ${settled - loaded}, design ${designed - settled}, axe ${Date.now() - designed})`,
      );
    for (const line of lines)
      problems.push(
        `${who} ${pass.width} ${pass.dark ? 'dark' : 'light'} ${visit.url} (now ${new URL(page.url()).pathname}): ${line}`,
      );
  }
  return { problems, checked, facts };
}

/**
 * Two passes, each screen at each width once and in each theme once: the phone in the dark theme
 * (students at night), the desktop in the light one. The other two pairings doubled the suite's
 * two longest files for faults that show at one width in one theme only; the main screens are still
 * seen at 375 px in both themes by their own files (docs/quality.md, "CI and test run times").
 */
export const passes: Pass[] = [
  { width: 'phone', dark: true },
  { width: 'desktop', dark: false },
];
export const passName = (p: Pass) =>
  `${p.width === 'phone' ? '375 px' : 'desktop'}, ${p.dark ? 'dark' : 'light'}`;
