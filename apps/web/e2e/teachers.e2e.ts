import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Page as ApiPage } from '@app/contract/paging';
import type { TeacherCard, TeacherInfo, TeacherReview } from '@app/contract/teachers';
import { dialog, loginWithPassword, openLoginDialog, readSmsCode, uniqueMobile } from './auth-helpers.ts';
import {
  apiData,
  baseURL,
  gotoApp,
  pickSelectOption,
  seedStorage,
  settingsValue,
  useBrowser,
  waitForMotionEnd,
} from './browser.ts';
import { screenshotDir, seriousViolations } from './axe.ts';

const { open } = useBrowser();

const PHONE = { width: 375, height: 740 };

const cards = (page: Page) => page.getByTestId('teacher-card');
const drawer = (page: Page) => page.locator('.ls-t-drawer');

async function waitForList(page: Page): Promise<void> {
  await page.getByTestId('teacher-list').or(page.getByTestId('teachers-empty')).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="teacher-list"][aria-busy="true"]'));
}

/** Resolves once the list call matching `match` has answered (the URL changes before the fetch). */
function listResponse(page: Page, match: (query: URLSearchParams) => boolean) {
  return page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname.endsWith('/teacher/getTeacherList') && match(url.searchParams);
  });
}

async function ids(page: Page): Promise<string[]> {
  return cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-teacher-id') ?? ''));
}

async function favouriteCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('favourites-button').first().getAttribute('aria-label')) ?? '';
  return Number(/\d+/.exec(label)?.[0] ?? NaN);
}

async function chooseOption(page: Page, testId: string, label: string): Promise<void> {
  await pickSelectOption(page, page.getByTestId(testId), label);
}

describe('teacher discovery', () => {
  it('asks for the first page once at start-up, while the page loads, logged out and logged in', async () => {
    const tp = await open();
    await seedStorage(tp.page, { LANGUAGE: 'zh-Hans', SETTINGS: settingsValue(false) });
    const listCalls: string[] = [];
    tp.page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/teacher/getTeacherList')) listCalls.push(r.url());
    });
    const startUp = async (path: string) => {
      listCalls.length = 0;
      await tp.page.goto(path);
      await waitForList(tp.page);
      await tp.page.waitForLoadState('networkidle');
      return [...listCalls];
    };

    // The app asks while the home page's code is still on its way: even with that code held back,
    // the request goes out.
    await tp.page.route('**/assets/home-*.js', () => undefined);
    const early = tp.page.waitForRequest((r) => r.url().includes('/teacher/getTeacherList'), {
      timeout: 15_000,
    });
    await tp.page.goto('/?level=100', { waitUntil: 'commit' });
    expect(new URL((await early).url()).searchParams.get('level')).toBe('100');
    await tp.page.unroute('**/assets/home-*.js');

    // Then the list uses that answer rather than asking again.
    const loggedOut = await startUp('/?level=200&sort=price&order=asc');
    expect(loggedOut).toHaveLength(1);
    expect(new URL(loggedOut[0]!).searchParams.get('level')).toBe('200');
    expect(new URL(loggedOut[0]!).searchParams.get('sort')).toBe('price');
    expect(await cards(tp.page).count()).toBeGreaterThan(0);

    await loginWithPassword(tp.page, { remember: true });
    const loggedIn = await startUp('/?favourites_only=1');
    expect(loggedIn).toHaveLength(1);
    expect(new URL(loggedIn[0]!).searchParams.get('favourites_only')).toBe('1');
  });

  it('narrows by nationality (PH) chosen in the filter and keeps it in the URL across a reload', async () => {
    const tp = await open();
    await seedStorage(tp.page, { LANGUAGE: 'zh-Hans', SETTINGS: settingsValue(false) });
    await gotoApp(tp.page, '/');
    await waitForList(tp.page);
    const filtered = listResponse(tp.page, (q) => q.get('nationality') === 'PH');
    await chooseOption(tp.page, 'filter-nationality', '菲律宾');
    await tp.page.waitForURL(/nationality=PH/);
    await filtered;
    await waitForList(tp.page);
    const nats = await tp.page
      .getByTestId('teacher-list')
      .getByTestId('teacher-nationality')
      .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-value')} ${e.textContent}`));
    expect(nats.length).toBeGreaterThan(0);
    for (const n of nats) expect(n).toBe('PH 菲律宾');
    // The flag is an image, the same on every system, and it loads (images below the fold are lazy).
    const flags = tp.page.getByTestId('teacher-list').locator('[data-testid="teacher-nationality"] img');
    const srcs = await flags.evaluateAll((els) => (els as HTMLImageElement[]).map((img) => img.src));
    expect(srcs.length).toBe(nats.length);
    for (const src of srcs) expect(src).toMatch(/\/assets\/ph-[\w-]+\.svg$/);
    await expect
      .poll(() => flags.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await tp.page.reload();
    await waitForList(tp.page);
    expect(await tp.page.getByTestId('teacher-nationality').first().getAttribute('data-value')).toBe('PH');
  });

  it('narrows by level and by keyword', async () => {
    const tp = await open();
    await gotoApp(tp.page, '/?level=300');
    await waitForList(tp.page);
    const levels = await tp.page
      .getByTestId('teacher-list')
      .getByTestId('teacher-level')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-value')));
    expect(levels.length).toBeGreaterThan(0);
    expect(new Set(levels)).toEqual(new Set(['300']));

    const all = await apiData<ApiPage<TeacherCard>>('/teacher/getTeacherList?size=100');
    const name = all.records[0]!.name;
    await gotoApp(tp.page, '/');
    await waitForList(tp.page);
    await tp.page.getByTestId('filter-keyword').locator('input').fill(name);
    const searched = listResponse(tp.page, (q) => q.get('keyword') === name);
    await tp.page.getByTestId('filter-keyword').locator('input').press('Enter');
    await tp.page.waitForURL(/keyword=/);
    await searched;
    await waitForList(tp.page);
    const names = await tp.page.locator('.ls-t-name').allTextContents();
    expect(names).toContain(name);
    expect(names.length).toBeLessThan(all.total);
  });

  it('sorts by price ascending and pages', async () => {
    const tp = await open();
    await gotoApp(tp.page, '/');
    await waitForList(tp.page);
    const sorted = listResponse(tp.page, (q) => q.get('sort') === 'price' && q.get('order') === 'asc');
    await tp.page.getByTestId('filter-sort').selectOption({ label: '价格从低到高' });
    await tp.page.waitForURL(/sort=price&order=asc/);
    await sorted;
    await waitForList(tp.page);
    const prices = await tp.page
      .getByTestId('teacher-price')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const first = await ids(tp.page);
    const paged = listResponse(tp.page, (q) => q.get('current') === '2');
    await tp.page.getByTestId('teachers-pagination').getByRole('link', { name: '第 2 页' }).click();
    await tp.page.waitForURL(/page=2/);
    await paged;
    await waitForList(tp.page);
    const second = await ids(tp.page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
  });

  it('shows the empty state for an impossible keyword and clears the filters', async () => {
    const tp = await open();
    await gotoApp(tp.page, '/?keyword=zzqqxx-no-such-teacher&level=100');
    await tp.page.getByTestId('teachers-empty').waitFor();
    const unfiltered = listResponse(tp.page, (q) => !q.has('keyword') && !q.has('level'));
    await tp.page.getByTestId('teachers-clear-filters').click();
    await unfiltered;
    // The empty state stays until the new page renders: wait for the cards themselves.
    await cards(tp.page).nth(1).waitFor();
    await waitForList(tp.page);
    expect(await cards(tp.page).count()).toBeGreaterThan(1);
    expect(new URL(tp.page.url()).search).toBe('');
  });
});

describe('teacher discovery: more filters', () => {
  /** The list reply matching `match`, parsed. */
  async function listReply(page: Page, match: (q: URLSearchParams) => boolean) {
    const res = await listResponse(page, match);
    const query = new URL(res.url()).searchParams;
    const body = (await res.json()) as { data: ApiPage<TeacherCard> };
    return { query, data: body.data };
  }

  it('narrows by language chosen in the filter', async () => {
    const tp = await open();
    await gotoApp(tp.page, '/');
    await waitForList(tp.page);
    const reply = listReply(tp.page, (q) => q.get('language') === 'riyu');
    await chooseOption(tp.page, 'filter-language', '日语');
    await tp.page.waitForURL(/language=riyu/);
    const { data } = await reply;
    await waitForList(tp.page);
    expect(data.total).toBeGreaterThan(0);
    for (const r of data.records) expect(r.languages).toContain('riyu');
    expect(await ids(tp.page)).toEqual(data.records.map((r) => String(r.id)));
    const chips = await tp.page.getByTestId('teacher-languages').allTextContents();
    for (const c of chips) expect(c).toContain('日语');
  });

  it('finds teachers by a tag label typed as the keyword', async () => {
    const tp = await open();
    await gotoApp(tp.page, '/');
    await waitForList(tp.page);
    const reply = listReply(tp.page, (q) => q.get('keyword') === '商务英语');
    await tp.page.getByTestId('filter-keyword').locator('input').fill('商务英语');
    await tp.page.getByTestId('filter-keyword').locator('input').press('Enter');
    const { data } = await reply;
    await waitForList(tp.page);
    expect(data.total).toBeGreaterThan(0);
    for (const r of data.records) expect(r.tags).toContain('business');
    expect(await ids(tp.page)).toEqual(data.records.map((r) => String(r.id)));
  });

  it('narrows by a date and by a time-of-day preset in the browser zone', async () => {
    const tp = await open({ timezoneId: 'Asia/Shanghai' });
    await gotoApp(tp.page, '/');
    await waitForList(tp.page);
    const all = await apiData<ApiPage<TeacherCard>>('/teacher/getTeacherList?size=1');

    const dated = listReply(tp.page, (q) => q.has('date'));
    await pickSelectOption(tp.page, tp.page.getByTestId('filter-date'), /明天/);
    const byDate = await dated;
    const tomorrow = new Date(Date.now() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);
    expect(byDate.query.get('date')).toBe(tomorrow);
    expect(byDate.query.get('tz')).toBe('Asia/Shanghai');
    await waitForList(tp.page);
    expect(byDate.data.total).toBeGreaterThan(0);
    expect(byDate.data.total).toBeLessThanOrEqual(all.total);
    // The same question asked directly gives the same teachers.
    const direct = await apiData<ApiPage<TeacherCard>>(
      `/teacher/getTeacherList?size=12&date=${tomorrow}&tz=Asia%2FShanghai`,
    );
    expect(await ids(tp.page)).toEqual(direct.records.map((r) => String(r.id)));

    const evening = listReply(tp.page, (q) => q.get('time_from') === '18:00');
    await chooseOption(tp.page, 'filter-time', '晚上 18:00-24:00');
    const byTime = await evening;
    expect(byTime.query.get('time_to')).toBe('24:00');
    expect(byTime.query.get('date')).toBe(tomorrow);
    await tp.page.waitForURL(/time_from=18%3A00&time_to=24%3A00/);
    await waitForList(tp.page);
    expect(byTime.data.total).toBeLessThanOrEqual(byDate.data.total);
    expect(await ids(tp.page)).toEqual(byTime.data.records.map((r) => String(r.id)));

    expect(byTime.data.total).toBeGreaterThan(0);
    await tp.page.reload();
    await waitForList(tp.page);
    expect(await ids(tp.page)).toEqual(byTime.data.records.map((r) => String(r.id)));
  });

  it('shows only favourites when "favourites only" is ticked', async () => {
    const tp = await open();
    await gotoApp(tp.page, '/');
    await loginWithPassword(tp.page);
    await waitForList(tp.page);
    // Make sure there is one favourite: like the first card not yet liked.
    const card = cards(tp.page)
      .filter({ has: tp.page.locator('[data-testid="like-button"][aria-pressed="false"]') })
      .first();
    const id = (await card.getAttribute('data-teacher-id'))!;
    await card.getByTestId('like-button').click();
    await tp.page.locator('.ant-message').getByText('操作完成').first().waitFor();

    const reply = listReply(tp.page, (q) => q.get('favourites_only') === '1');
    await tp.page.getByTestId('filter-favourites').click();
    const { data } = await reply;
    await tp.page.waitForURL(/favourites_only=1/);
    await waitForList(tp.page);
    const shown = await ids(tp.page);
    expect(shown).toContain(id);
    expect(shown.length).toBe(Math.min(data.total, 12));
    for (const r of data.records) expect(r.liked).toBe(true);
    const likes = await cards(tp.page)
      .getByTestId('like-button')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-pressed')));
    expect(new Set(likes)).toEqual(new Set(['true']));

    // Unliking it here takes it off the favourites-only list.
    const target = tp.page.locator(`[data-testid="teacher-card"][data-teacher-id="${id}"]`);
    await target.getByTestId('like-button').click();
    await target.waitFor({ state: 'detached' });
  });

  it('goes to the last page instead of an empty page past the end', async () => {
    const tp = await open();
    const total = (await apiData<ApiPage<TeacherCard>>('/teacher/getTeacherList?size=1&level=200')).total;
    const last = Math.ceil(total / 12);
    expect(last).toBeGreaterThan(1);
    await gotoApp(tp.page, '/?page=999&level=200');
    await tp.page.waitForURL(new RegExp(`page=${last}`));
    await cards(tp.page).first().waitFor();
    await waitForList(tp.page);
    expect(await cards(tp.page).count()).toBe(total - (last - 1) * 12);
    expect(new URL(tp.page.url()).searchParams.get('level')).toBe('200');
    expect(
      await tp.page.getByTestId('teachers-pagination').locator('[aria-current="page"]').textContent(),
    ).toBe(String(last));
  });
});

describe('teacher list errors', () => {
  it('shows the error state and recovers with retry', async () => {
    const tp = await open();
    let fail = true;
    await tp.page.route('**/api/v1/teacher/getTeacherList**', (route) =>
      fail
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ code: 500, data: null, msg: 'boom' }),
          })
        : route.continue(),
    );
    await gotoApp(tp.page, '/');
    await tp.page.getByTestId('teachers-error').waitFor({ timeout: 20_000 });
    fail = false;
    await tp.page.getByTestId('teachers-retry').click();
    await waitForList(tp.page);
    expect(await cards(tp.page).count()).toBeGreaterThan(0);
    // The browser logs the failed responses itself; those are the point of this test.
    tp.errors.splice(0, tp.errors.length, ...tp.errors.filter((e) => !e.includes('status of 500')));
  });
});

describe('teacher profile drawer', () => {
  it('opens from a card, sets ?teacher=, survives a reload and closes by removing it', async () => {
    const tp = await open();
    await gotoApp(tp.page, '/?level=200');
    await waitForList(tp.page);
    const card = cards(tp.page).first();
    const id = await card.getAttribute('data-teacher-id');
    const name = await card.locator('.ls-t-name').textContent();
    await card.getByTestId('teacher-open').click();
    await tp.page.waitForURL(new RegExp(`teacher=${id}`));
    expect(tp.page.url()).toContain('level=200');
    const profile = tp.page.getByTestId('teacher-profile');
    await profile.waitFor();
    await expect.poll(() => profile.locator('h2').textContent()).toBe(name);
    await tp.page.getByTestId('teacher-intro').waitFor();
    await tp.page.getByTestId('teacher-no-video').waitFor();
    await tp.page.getByTestId('teacher-radar').waitFor();

    await tp.page.reload();
    await tp.page.getByTestId('teacher-profile').waitFor();
    expect(await tp.page.getByTestId('teacher-profile').getAttribute('data-teacher-id')).toBe(id);

    await tp.page.getByRole('button', { name: '关闭' }).first().click();
    await expect.poll(() => new URL(tp.page.url()).searchParams.get('teacher')).toBeNull();
    expect(tp.page.url()).toContain('level=200');
    await drawer(tp.page).waitFor({ state: 'hidden' });
  });

  it('shows the intro in the current language and the reviews, and follows a language switch', async () => {
    const tp = await open({ locale: 'zh-CN' });
    const { page } = tp;
    const first = (await apiData<ApiPage<TeacherCard>>('/teacher/getTeacherList?size=1')).records[0]!;
    const info = await apiData<TeacherInfo>(`/teacher/getTeacherInfo?teacher_id=${first.id}`);
    const reviews = await apiData<ApiPage<TeacherReview>>(
      `/teacher/getTeacherReviews?teacher_id=${first.id}&current=1&size=10`,
    );
    expect(reviews.total).toBeGreaterThan(0);
    await gotoApp(page, `/?teacher=${first.id}`);
    const intro = page.getByTestId('teacher-intro');
    await intro.waitFor();
    expect(await intro.textContent()).toBe(info.intro['zh-Hans']);
    const items = page.getByTestId('teacher-review');
    await items.first().waitFor();
    expect(await items.count()).toBe(Math.min(reviews.total, 10));
    const firstReview = (await items.first().textContent()) ?? '';
    expect(firstReview).toContain(reviews.records[0]!.student_nick);
    if (reviews.records[0]!.content) expect(firstReview).toContain(reviews.records[0]!.content);

    // The drawer's mask covers the header: send the click to the switch itself.
    await page.getByTestId('language-switch').first().dispatchEvent('click');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await expect.poll(() => intro.textContent()).toBe(info.intro.en);
    await page.getByRole('heading', { name: 'Student reviews' }).waitFor();
    expect(await items.count()).toBe(Math.min(reviews.total, 10));
  });

  it('plays the intro video of a teacher who has one', async () => {
    const tp = await open();
    const found = await apiData<ApiPage<TeacherCard>>(
      '/teacher/getTeacherList?size=5&keyword=Emily%20Carter',
    );
    const emily = found.records.find((r) => r.name === 'Emily Carter');
    expect(emily).toBeDefined();
    await gotoApp(tp.page, `/?teacher=${emily!.id}`);
    const video = tp.page.getByTestId('teacher-video');
    await video.waitFor();
    // The clip is served by the app itself and its metadata loads (a real, decodable video).
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    const { src, duration, width } = await video.evaluate((v: HTMLVideoElement) => ({
      src: v.currentSrc,
      duration: v.duration,
      width: v.videoWidth,
    }));
    expect(new URL(src).pathname).toBe('/media/intros/emily-carter.mp4');
    expect(duration).toBeGreaterThan(5);
    expect(width).toBe(640);
  });

  it('shows not-found for an unknown id', async () => {
    const tp = await open();
    await gotoApp(tp.page, '/?teacher=999999');
    await tp.page.getByTestId('teacher-not-found').waitFor();
    // The browser logs the 404 reply of getTeacherInfo itself; that one is expected here.
    const expected = tp.errors.filter((e) => e.includes('status of 404'));
    expect(expected).toHaveLength(1);
    tp.errors.splice(0, tp.errors.length, ...tp.errors.filter((e) => !expected.includes(e)));
    await gotoApp(tp.page, '/?teacher=abc');
    await tp.page.getByTestId('teacher-not-found').waitFor();
  });

  it('shows the slot grid whose free slots and book button lead to /teacher/booking/{id}', async () => {
    const tp = await open();
    const list = await apiData<ApiPage<TeacherCard>>('/teacher/getTeacherList?size=1');
    const id = list.records[0]!.id;
    await gotoApp(tp.page, `/?teacher=${id}`);
    const grid = tp.page.getByTestId('slot-grid');
    await grid.getByRole('region').first().waitFor();
    expect(await grid.getByRole('region').count()).toBe(7);
    let free = grid.getByTestId('slot-free');
    if ((await free.count()) === 0) {
      await grid.getByTestId('slots-next-week').click();
      free = grid.getByTestId('slot-free');
      await free.first().waitFor();
    }
    await tp.page.getByTestId('teacher-radar').scrollIntoViewIfNeeded();
    await tp.page.screenshot({ path: `${screenshotDir}teachers-drawer-desktop-radar.png` });
    await grid.scrollIntoViewIfNeeded();
    await tp.page.screenshot({ path: `${screenshotDir}teachers-drawer-desktop-slots.png` });
    const href = await free.first().getAttribute('href');
    expect(href).toMatch(new RegExp(`^/teacher/booking/${id}\\?slot=\\d+$`));
    expect(await tp.page.getByTestId('teacher-book').getAttribute('href')).toBe(`/teacher/booking/${id}`);
    await free.first().click();
    await tp.page.waitForURL(new RegExp(`/teacher/booking/${id}\\?slot=`));
  });

  it('has no serious or critical axe violations on home with the drawer open (zh dark, 375 px)', async () => {
    const tp = await open({ viewport: PHONE });
    await seedStorage(tp.page, { LANGUAGE: 'zh-Hans', SETTINGS: settingsValue(true) });
    const list = await apiData<ApiPage<TeacherCard>>('/teacher/getTeacherList?size=1');
    await gotoApp(tp.page, `/?teacher=${list.records[0]!.id}`);
    await tp.page.getByTestId('teacher-profile').waitFor();
    await tp.page.getByTestId('slot-grid').getByRole('region').first().waitFor();
    await tp.page.getByTestId('teacher-reviews').or(tp.page.getByTestId('teachers-empty')).first().waitFor();
    // The screenshots see the drawer once its opening motion has ended.
    await waitForMotionEnd(tp.page.getByTestId('teacher-profile'));
    await tp.page.screenshot({ path: `${screenshotDir}teachers-drawer-zh-Hans-dark.png` });
    await tp.page.getByTestId('teacher-radar').scrollIntoViewIfNeeded();
    await tp.page.screenshot({ path: `${screenshotDir}teachers-drawer-zh-Hans-dark-radar.png` });
    await tp.page.getByTestId('slot-grid').scrollIntoViewIfNeeded();
    await tp.page.screenshot({ path: `${screenshotDir}teachers-drawer-zh-Hans-dark-slots.png` });
    expect(await seriousViolations(tp.page)).toEqual([]);
  });
});

describe('favourites', () => {
  it('logged out: like warns, opens the login dialog and no call answers 401', async () => {
    const tp = await open();
    const unauthorised: string[] = [];
    tp.page.on('response', (r) => {
      if (r.status() === 401) unauthorised.push(r.url());
    });
    const userCalls: string[] = [];
    tp.page.on('request', (r) => {
      if (r.url().includes('/api/v1/user/')) userCalls.push(r.url());
    });
    await gotoApp(tp.page, '/?favourites_only=1');
    await waitForList(tp.page);
    await cards(tp.page).first().getByTestId('like-button').click();
    await tp.page.locator('.ant-message').getByText('请先登录').waitFor();
    await tp.page.getByTestId('login-dialog').waitFor();
    expect(unauthorised).toEqual([]);
    expect(userCalls).toEqual([]);
  });

  it('logged in: like toggles, the header badge goes up and down, the favourites page lists it', async () => {
    const tp = await open();
    await gotoApp(tp.page, '/');
    await loginWithPassword(tp.page);
    await waitForList(tp.page);
    await tp.page.getByTestId('favourites-button').first().waitFor();
    await expect.poll(() => favouriteCount(tp.page)).not.toBeNaN();
    // A card not yet liked.
    const card = cards(tp.page)
      .filter({ has: tp.page.locator('[data-testid="like-button"][aria-pressed="false"]') })
      .first();
    const id = (await card.getAttribute('data-teacher-id'))!;
    const name = (await card.locator('.ls-t-name').textContent())!;
    const before = await favouriteCount(tp.page);
    const target = tp.page.locator(`[data-testid="teacher-card"][data-teacher-id="${id}"]`);
    await target.getByTestId('like-button').click();
    await tp.page.locator('.ant-message').getByText('操作完成').first().waitFor();
    await expect.poll(() => favouriteCount(tp.page)).toBe(before + 1);
    expect(await target.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');

    await tp.page.getByTestId('favourites-button').first().click();
    await tp.page.waitForURL(/\/user\/like-teachers/);
    await tp.page.getByTestId('teacher-list').waitFor();
    const liked = tp.page.locator(`[data-testid="teacher-card"][data-teacher-id="${id}"]`);
    await liked.waitFor();
    expect(await liked.locator('.ls-t-name').textContent()).toBe(name);

    await liked.getByTestId('like-button').click();
    await expect.poll(() => favouriteCount(tp.page)).toBe(before);
    await liked.waitFor({ state: 'detached' });
  });
});

describe('favourites page', () => {
  it('pages favourites ten at a time and steps back when the last card of the last page is unliked', async () => {
    const tp = await open();
    const { page } = tp;
    // A new student (SMS login of a fresh phone), so the favourites are exactly the ones liked here.
    await gotoApp(page, '/');
    await openLoginDialog(page);
    const mobile = uniqueMobile();
    await dialog(page).getByTestId('login-mobile').fill(mobile);
    await dialog(page).getByTestId('get-code').click();
    await dialog(page)
      .getByTestId('login-code')
      .fill(await readSmsCode(mobile));
    const loginReply = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/login'));
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await dialog(page).getByTestId('login-submit').click();
    const { token } = ((await (await loginReply).json()) as { data: { token: string } }).data;
    await reloaded;

    const teachers = await apiData<ApiPage<TeacherCard>>('/teacher/getTeacherList?size=11');
    for (const teacher of teachers.records) {
      const res = await fetch(`${baseURL()}/api/v1/user/UserLikeTeacher`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ teacher_id: teacher.id, like: true }),
      });
      expect(((await res.json()) as { data: { liked: boolean } }).data.liked).toBe(true);
    }

    await gotoApp(page, '/user/like-teachers');
    await cards(page).first().waitFor();
    expect(await cards(page).count()).toBe(10);
    await page.locator('.ant-pagination-item-2').click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => cards(page).count()).toBe(1);
    // Most recently liked first: the first teacher liked is the one card of page 2.
    expect(await ids(page)).toEqual([String(teachers.records[0]!.id)]);
    await cards(page).first().getByTestId('like-button').click();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await expect.poll(() => cards(page).count()).toBe(10);
    // Page 1 may first show its cached copy (11 favourites) until the refetch answers 10.
    await expect.poll(() => page.locator('.ant-pagination').count()).toBe(0);
  });
});

describe('layout', () => {
  for (const [lang, dark] of [
    ['zh-Hans', false],
    ['en', true],
  ] as const) {
    it(`home fits 375 px without horizontal scroll (${lang}, ${dark ? 'dark' : 'light'})`, async () => {
      const tp = await open({ viewport: PHONE, locale: lang === 'en' ? 'en-US' : 'zh-CN' });
      await seedStorage(tp.page, { LANGUAGE: lang, SETTINGS: settingsValue(dark) });
      await gotoApp(tp.page, '/');
      await waitForList(tp.page);
      expect(await tp.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(dark);
      await tp.page.getByTestId('filter-toggle').click();
      await tp.page.getByTestId('filter-nationality').waitFor();
      const overflow = await tp.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const shot = `${screenshotDir}teachers-home-${lang}-${dark ? 'dark' : 'light'}`;
      await tp.page.screenshot({ path: `${shot}.png`, fullPage: true });
      expect(await seriousViolations(tp.page)).toEqual([]);
      // After axe: the sticky header over a scrolled card confuses its contrast check.
      await tp.page.evaluate(() => document.getElementById('teachers-title')?.scrollIntoView());
      await tp.page.screenshot({ path: `${shot}-filters.png` });
    });
  }
});
