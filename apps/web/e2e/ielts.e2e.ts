import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { IeltsIssueDetail, IeltsSampleRecord } from '@app/contract/ielts';
import type { Page as ApiPage } from '@app/contract/paging';
import {
  antdAssets,
  baseURL,
  gotoApp,
  seedStorage,
  useBrowser,
  settingsValue,
  apiData,
  waitForMotionEnd,
} from './browser.ts';
import { screenshotDir, seriousViolations } from './axe.ts';

/** Confirms a recording's deletion once the confirmation has finished opening (a click while it zooms in can be lost). */
async function confirmDelete(page: Page): Promise<void> {
  const confirm = page.locator('.ant-popconfirm').getByRole('button', { name: '删除' });
  await waitForMotionEnd(confirm);
  await confirm.click();
}

const { open } = useBrowser({ fakeMedia: true });

/**
 * Waits until the recorder's countdown has moved on (it counts whole seconds from the start of the
 * recording), so the recording holds at least a second of audio: an event, not a fixed sleep.
 */
async function countdownTicked(page: Page): Promise<void> {
  const countdown = page.getByTestId('ielts-countdown');
  const seconds = async () => {
    const [minutes, secs] = ((await countdown.textContent()) ?? '').split(':').map(Number);
    return (minutes ?? 0) * 60 + (secs ?? 0);
  };
  const start = await seconds();
  await expect.poll(seconds, { timeout: 5_000 }).toBeLessThan(start);
}

/** A TiMu URL built the way the app builds it: every segment through encodeURIComponent. */
function timuUrl(r: IeltsSampleRecord, topicTitle: string, title: string): string {
  return `/ielts/SpeakingSamples/view/${r.topic.id}/TiMu/${r.issue_id}/${r.topic.id}/${r.part}/${r.question_id}/${encodeURIComponent(topicTitle)}/${encodeURIComponent(title)}`;
}

const questionTitle = (page: Page) => page.getByTestId('ielts-question-title');

/** The title follows the route once the lazy page has rendered. */
const titled = (page: Page, title: string) => page.waitForFunction((t) => document.title === t, title);

describe('IELTS navigation', () => {
  it('shows the IELTS menu item in Chinese, leading to /ielts, and hides it in English', async () => {
    const tp = await open({ locale: 'zh-CN' });
    await gotoApp(tp.page, '/');
    const nav = tp.page.getByRole('navigation', { name: '主导航' });
    await nav.getByRole('link', { name: '雅思' }).click();
    await tp.page.waitForURL(`${baseURL()}/ielts`);
    await tp.page.getByTestId('ielts-current-bank').getByText('2026年9-12月').waitFor();
    await tp.page.getByTestId('language-switch').click();
    const navEn = tp.page.getByRole('navigation', { name: 'Main navigation' });
    await navEn.waitFor();
    expect(await navEn.getByRole('link', { name: 'IELTS' }).count()).toBe(0);
    // The page itself works in English too.
    await tp.page.getByTestId('ielts-current-bank').getByText('September–December 2026').waitFor();
  });

  it('walks index → samples → question → next → topic → bank list → bank by part → topic → question', async () => {
    const tp = await open();
    const { page } = tp;
    await gotoApp(page, '/ielts');
    await page.getByRole('heading', { name: '本季新题' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: '看口语范文' }).click();
    await page.waitForURL(/\/ielts\/SpeakingSamples$/);
    await titled(page, '口语范文 - 灵犀外教');
    const records = page.getByTestId('ielts-sample-record');
    await records.first().waitFor();
    expect(await records.count()).toBe(10);

    const firstLink = records.first().getByRole('heading').getByRole('link');
    const text = (await firstLink.textContent())!;
    await firstLink.click();
    await page.waitForURL(/\/TiMu\//);
    await titled(page, '题目详情 - 灵犀外教');
    expect(await questionTitle(page).textContent()).toBe(text);
    await page.getByTestId('ielts-sample').waitFor();
    await page.getByTestId('ielts-practice').waitFor();

    const next = page.getByTestId('ielts-next');
    if ((await next.count()) === 0) await page.getByTestId('ielts-prev').click();
    else await next.click();
    await page.waitForFunction(
      (t) => document.querySelector('[data-testid="ielts-question-title"]')?.textContent !== t,
      text,
    );

    await page.locator('.ant-breadcrumb a').nth(1).click();
    await page.waitForURL(/\/view\/\d+(\?bank=\d+)?$/);
    await titled(page, '范文详情 - 灵犀外教');
    await page.getByTestId('ielts-topic-question').first().waitFor();
    expect(await page.getByTestId('ielts-topic-question').count()).toBeGreaterThan(1);

    await page.getByRole('link', { name: '历季题库' }).click();
    await page.waitForURL(/\/ielts\/issue$/);
    await titled(page, '雅思题库 - 灵犀外教');
    await page.getByTestId('ielts-banks').getByRole('link', { name: '2026年5-8月' }).click();
    await page.waitForURL(/\/ielts\/issue\/detailed\?bank=\d+$/);
    await page.getByTestId('ielts-topic').first().waitFor();
    expect(await page.getByText('新题', { exact: true }).count()).toBe(0);

    await page
      .getByRole('navigation', { name: '按部分浏览' })
      .getByRole('link', { name: /Part 2/ })
      .click();
    await page.waitForURL(/\/ielts\/issue\/detailed\/part2\?bank=\d+$/);
    await page.getByTestId('ielts-topic').first().getByRole('heading').getByRole('link').click();
    await page.waitForURL(/\/ielts\/issue\/detailed\/part2\/\d+\?bank=\d+$/);
    await titled(page, '题库详情 - 灵犀外教');
    await page.getByTestId('ielts-cue-card').waitFor();
    await page.locator('ol a[href*="/TiMu/"]').first().click();
    await page.waitForURL(/\/TiMu\/\d+\/\d+\/part2\//);
    await questionTitle(page).waitFor();
  });

  it('shows the IELTS overview on a phone without loading antd, then the not-found state in dark mode', async () => {
    const tp = await open({ viewport: { width: 375, height: 812 }, locale: 'zh-CN' });
    const { page } = tp;
    await seedStorage(page, { LANGUAGE: 'zh-Hans', SETTINGS: settingsValue(true) });
    await gotoApp(page, '/ielts');
    await page.getByTestId('ielts-current-bank').waitFor();
    await page.getByRole('heading', { name: '本季新题' }).waitFor();
    // Idle time for anything the page would load after its first screen (this wait proves an
    // absence, no antd, so it stays a fixed time).
    await page.waitForTimeout(1_500);
    expect(await antdAssets(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${screenshotDir}/ielts-overview-375-dark-zh.png`, fullPage: true });

    // The not-found state is plain markup too, readable in dark mode.
    await gotoApp(page, '/ielts/issue/detailed/part9');
    const notFound = page.getByTestId('ielts-not-found');
    await notFound.getByText('没有找到').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await notFound.screenshot({ path: `${screenshotDir}/ielts-not-found-375-dark-zh.png` });
  });

  it('serves every IELTS route on a direct load, with new and retained marks in the current bank', async () => {
    const tp = await open();
    const { page } = tp;
    const part3 = await apiData<IeltsIssueDetail>('/ielts/getIssueDetail?type=part3');
    const topic = part3.topics[0]!;
    const cases: [string, string][] = [
      ['/ielts', '雅思口语 - 灵犀外教'],
      ['/ielts/issue', '雅思题库 - 灵犀外教'],
      ['/ielts/issue/detailed', '题库详情 - 灵犀外教'],
      ['/ielts/issue/detailed/part3', '题库详情 - 灵犀外教'],
      [`/ielts/issue/detailed/part3/${topic.id}`, '题库详情 - 灵犀外教'],
      ['/ielts/SpeakingSamples?part=part3', '口语范文 - 灵犀外教'],
      [`/ielts/SpeakingSamples/view/${topic.id}`, '范文详情 - 灵犀外教'],
    ];
    for (const [path, title] of cases) {
      await gotoApp(page, path);
      await page.waitForFunction((t) => document.title === t, title);
      // A page may show several skeletons at once (the overview: the bank and the new topics).
      await page.waitForFunction(() => !document.querySelector('[data-testid="ielts-skeleton"]'));
    }
    await gotoApp(page, '/ielts/issue/detailed');
    await page.getByTestId('ielts-topic').first().waitFor();
    expect(await page.getByTestId('ielts-topics').getByText('新题', { exact: true }).count()).toBeGreaterThan(
      0,
    );
    expect(
      await page.getByTestId('ielts-topics').getByText('保留题', { exact: true }).count(),
    ).toBeGreaterThan(0);
    await gotoApp(page, '/ielts/issue/detailed/part9');
    await page.getByTestId('ielts-not-found').waitFor();
  });

  it('opens a TiMu URL whose titles hold Chinese, spaces and % / # ?, also after a reload', async () => {
    const tp = await open();
    const { page } = tp;
    const list = await apiData<ApiPage<IeltsSampleRecord>>('/ielts/getSampleList?part=part2&size=1');
    const record = list.records[0]!;
    const path = timuUrl(record, '城市 生活 100% / #2?', 'Describe a place? 50% / #tag 描述');
    expect(path).toContain('%25');
    expect(path).toContain('%2F');
    expect(path).toContain('%23');
    expect(path).toContain('%3F');
    await gotoApp(page, path);
    await questionTitle(page).waitFor();
    expect(await questionTitle(page).textContent()).toBe(record.text);
    await page.getByTestId('ielts-cue-card').waitFor();
    await page.reload();
    await page.locator('header.ls-header').waitFor();
    await questionTitle(page).waitFor();
    expect(await questionTitle(page).textContent()).toBe(record.text);
    expect(new URL(page.url()).pathname).toBe(path);

    // Ids that do not fit together: "not found", naming the title that was asked for.
    const wrong = path.replace(
      `/TiMu/${record.issue_id}/${record.topic.id}/`,
      `/TiMu/${record.issue_id}/${record.topic.id + 1}/`,
    );
    await gotoApp(page, wrong);
    await page
      .getByTestId('ielts-not-found')
      .getByText('Describe a place? 50% / #tag 描述', { exact: false })
      .waitFor();
  });
});

describe('IELTS sample list states', () => {
  it('filters by keyword and part through the URL, pages, and shows the empty state', async () => {
    const tp = await open();
    const { page } = tp;
    await gotoApp(page, '/ielts/SpeakingSamples');
    await page.getByTestId('ielts-sample-record').first().waitFor();
    await page
      .getByRole('navigation', { name: /分页|Pagination/ })
      .or(page.locator('.ant-pagination'))
      .first()
      .getByTitle('2')
      .click();
    await page.waitForURL(/page=2/);
    const search = page
      .getByRole('searchbox', { name: '关键词' })
      .or(page.getByPlaceholder('搜索题目或话题，如 hometown、家乡'));
    await search.first().fill('hometown');
    await search.first().press('Enter');
    await page.waitForURL(/q=hometown/);
    expect(page.url()).not.toContain('page=2');
    await page.waitForFunction(() => {
      const items = [...document.querySelectorAll('[data-testid="ielts-sample-record"]')];
      return items.length > 0 && items.every((el) => /hometown|家乡/i.test(el.textContent ?? ''));
    });
    await gotoApp(page, '/ielts/SpeakingSamples?q=zzzz-no-such-thing&part=part3');
    await page.getByTestId('ielts-empty').waitFor();
    await page.getByRole('button', { name: '清除筛选' }).click();
    await page.getByTestId('ielts-sample-record').first().waitFor();
  });

  it('goes to the last page instead of an empty page past the end', async () => {
    const tp = await open();
    const { page } = tp;
    const all = await apiData<ApiPage<IeltsSampleRecord>>(
      '/ielts/getSampleList?current=1&size=10&part=part1',
    );
    const last = Math.ceil(all.total / all.size);
    expect(last).toBeGreaterThan(1);
    await gotoApp(page, '/ielts/SpeakingSamples?part=part1&page=99');
    await page.waitForURL(new RegExp(`page=${last}`));
    await page.getByTestId('ielts-sample-record').first().waitFor();
    expect(await page.getByTestId('ielts-sample-record').count()).toBe(all.total - (last - 1) * all.size);
    expect(new URL(page.url()).searchParams.get('part')).toBe('part1');
    await page.goBack();
    // The empty page was replaced, not pushed: Back leaves the list.
    expect(page.url()).not.toContain('page=99');
  });

  it('shows a skeleton, then an error with retry that recovers', async () => {
    const tp = await open();
    const { page } = tp;
    let failing = true;
    await page.route('**/api/v1/ielts/getSampleList**', async (route) => {
      if (!failing) return route.continue();
      // A slow failure, so the skeleton shows first (a delay the test provokes, not a wait).
      await new Promise((r) => setTimeout(r, 300));
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 503, data: null, msg: 'down' }),
      });
    });
    await gotoApp(page, '/ielts/SpeakingSamples');
    await page.getByTestId('ielts-skeleton').waitFor();
    await page.getByTestId('ielts-retry').waitFor({ timeout: 20_000 });
    failing = false;
    await page.getByTestId('ielts-retry').click();
    await page.getByTestId('ielts-sample-record').first().waitFor();
    // The failed loads were provoked on purpose; every other console error still fails the test.
    tp.errors.splice(0, tp.errors.length, ...tp.errors.filter((e) => !e.includes('status of 503')));
  });
});

describe('IELTS practice mode', () => {
  it('records an answer with the fake microphone, lists it (also after reload) and deletes it', async () => {
    const tp = await open();
    const { page } = tp;
    const list = await apiData<ApiPage<IeltsSampleRecord>>('/ielts/getSampleList?part=part1&size=1');
    const record = list.records[0]!;
    await gotoApp(page, timuUrl(record, record.topic.title['zh-Hans'], record.text));
    await page.getByTestId('ielts-no-recordings').waitFor();
    await page.getByTestId('ielts-record').click();
    await page.getByTestId('ielts-countdown').waitFor();
    expect(await page.getByTestId('ielts-countdown').textContent()).toMatch(/^0:(30|29|28)$/);
    await countdownTicked(page);
    await page.getByTestId('ielts-stop').click();
    const item = page.getByTestId('ielts-recording');
    await item.waitFor();
    expect(await item.count()).toBe(1);
    expect(await item.locator('audio').getAttribute('src')).toMatch(/^blob:/);
    const duration = await item.locator('audio').evaluate(
      (audio: HTMLAudioElement) =>
        new Promise<number>((resolve) => {
          if (audio.readyState >= 1) resolve(audio.duration);
          else audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true });
        }),
    );
    expect(Number.isNaN(duration)).toBe(false);

    await page.reload();
    await page.getByTestId('ielts-recording').waitFor();
    await page.getByTestId('ielts-recording').getByRole('button', { name: /删除/ }).click();
    await confirmDelete(page);
    await page.getByTestId('ielts-no-recordings').waitFor();
    expect(await page.getByTestId('ielts-recording').count()).toBe(0);
  });

  it('counts down one minute of preparation for Part 2 before recording', async () => {
    const tp = await open();
    const { page } = tp;
    const list = await apiData<ApiPage<IeltsSampleRecord>>('/ielts/getSampleList?part=part2&size=1');
    const record = list.records[0]!;
    await gotoApp(page, timuUrl(record, record.topic.title.en, record.text));
    await page.getByTestId('ielts-record').click();
    await page.getByText('准备时间').waitFor();
    expect(await page.getByTestId('ielts-countdown').textContent()).toMatch(/^(1:00|0:59|0:58)$/);
    await page.getByTestId('ielts-start-now').click();
    await page.getByText('录音中').waitFor();
    expect(await page.getByTestId('ielts-countdown').textContent()).toMatch(/^(2:00|1:59|1:58)$/);
    await countdownTicked(page);
    await page.getByTestId('ielts-stop').click();
    await page.getByTestId('ielts-recording').waitFor();
    await page.getByTestId('ielts-recording').getByRole('button', { name: /删除/ }).click();
    await confirmDelete(page);
    await page.getByTestId('ielts-no-recordings').waitFor();
  });

  it('moves from preparation to the talk and stops by itself at zero, uploading nothing', async () => {
    const tp = await open();
    const { page } = tp;
    // A controllable clock: time flows normally until the test jumps it forward.
    await page.clock.install();
    const list = await apiData<ApiPage<IeltsSampleRecord>>('/ielts/getSampleList?part=part2&size=1');
    const record = list.records[0]!;
    await gotoApp(page, timuUrl(record, record.topic.title['zh-Hans'], record.text));
    await page.getByTestId('ielts-no-recordings').waitFor();
    const sent: string[] = [];
    page.on('request', (r) => {
      // blob: URLs are the recording played back from memory, not a network request.
      const local = r.url().startsWith(baseURL()) || r.url().startsWith('blob:');
      if (r.method() !== 'GET' || !local) sent.push(`${r.method()} ${r.url()}`);
    });
    await page.getByTestId('ielts-record').click();
    await page.getByText('准备时间').waitFor();
    await page.clock.fastForward('01:01');
    await page.getByText('录音中').waitFor();
    expect(await page.getByTestId('ielts-countdown').textContent()).toMatch(/^(2:00|1:59|1:58)$/);
    // Let the recorder gather some real audio, then jump to the end of the two minutes.
    await countdownTicked(page);
    await page.clock.fastForward('02:01');
    const item = page.getByTestId('ielts-recording');
    await item.waitFor();
    expect(await page.getByTestId('ielts-stop').count()).toBe(0);
    expect(await item.locator('audio').getAttribute('src')).toMatch(/^blob:/);
    // The recording stays in the browser: no upload, no call anywhere else.
    expect(sent).toEqual([]);
    await item.getByRole('button', { name: /删除/ }).click();
    await confirmDelete(page);
    await page.getByTestId('ielts-no-recordings').waitFor();
  });

  it('explains a denied microphone and an unsupported browser in the current language', async () => {
    const list = await apiData<ApiPage<IeltsSampleRecord>>('/ielts/getSampleList?part=part3&size=1');
    const record = list.records[0]!;
    const url = timuUrl(record, record.topic.title.en, record.text);

    const denied = await open();
    await denied.context.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('denied', 'NotAllowedError'));
    });
    await gotoApp(denied.page, url);
    await denied.page.getByTestId('ielts-record').click();
    await denied.page.getByTestId('ielts-practice-error').getByText('麦克风权限被拒绝').waitFor();

    const unsupported = await open({ locale: 'en-US' });
    await unsupported.context.addInitScript(() => {
      delete (window as { MediaRecorder?: unknown }).MediaRecorder;
    });
    await gotoApp(unsupported.page, url);
    await unsupported.page.getByTestId('ielts-record').click();
    await unsupported.page
      .getByTestId('ielts-practice-error')
      .getByText('This browser cannot record')
      .waitFor();
  });
});

describe('IELTS accessibility and small screens', () => {
  for (const dark of [false, true]) {
    it(`the sample view has no serious or critical axe violations (${dark ? 'dark' : 'light'})`, async () => {
      const tp = await open();
      const detail = await apiData<IeltsIssueDetail>('/ielts/getIssueDetail?type=part2');
      await seedStorage(tp.page, { LANGUAGE: 'zh-Hans', SETTINGS: settingsValue(dark) });
      await gotoApp(tp.page, `/ielts/SpeakingSamples/view/${detail.topics[0]!.id}`);
      await tp.page.getByTestId('ielts-sample').first().waitFor();
      expect(await seriousViolations(tp.page)).toEqual([]);
    });
  }

  it('the question page has no serious or critical axe violations and fits 375 px in zh dark mode', async () => {
    const tp = await open({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
    const list = await apiData<ApiPage<IeltsSampleRecord>>('/ielts/getSampleList?part=part2&size=1');
    const record = list.records[0]!;
    await seedStorage(tp.page, { LANGUAGE: 'zh-Hans', SETTINGS: settingsValue(true) });
    await gotoApp(tp.page, timuUrl(record, record.topic.title['zh-Hans'], record.text));
    await tp.page.getByTestId('ielts-sample').waitFor();
    expect(await seriousViolations(tp.page)).toEqual([]);
    const overflow = await tp.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await tp.page.screenshot({ path: `${screenshotDir}ielts-timu-zh-Hans-dark.png`, fullPage: true });
    // The first screen alone, readable at its real size.
    await tp.page.screenshot({ path: `${screenshotDir}ielts-timu-zh-Hans-dark-top.png` });
  });
});
