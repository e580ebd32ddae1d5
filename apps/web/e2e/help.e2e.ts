import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiData,
  gotoApp,
  openDropdown,
  seedStorage,
  settingsValue,
  useBrowser,
  waitForConfig,
  type TestPage,
} from './browser.ts';
import { loginWithPassword } from './auth-helpers.ts';
import { screenshotDir, seriousViolations } from './axe.ts';
import { startServer, type TestServer } from './test-server.ts';

const { open } = useBrowser();

const NAMES = {
  'zh-Hans': {
    brand: '灵犀外教',
    nav: '主导航',
    footer: '页脚',
    faq: '学员常见问题',
    manual: '用户手册',
    app: '下载 App',
    contact: '联系我们',
    service: '在线客服',
    notFound: '页面走丢了',
  },
  en: {
    brand: 'LinguaSpark',
    nav: 'Main navigation',
    footer: 'Footer',
    faq: 'Student FAQ',
    manual: 'User manual',
    app: 'Get the app',
    contact: 'Contact us',
    service: 'Customer service (phone, WeChat)',
    notFound: 'Page not found',
  },
} as const;

type Lang = keyof typeof NAMES;

async function openIn(lang: Lang, options: Parameters<typeof open>[0] = {}): Promise<TestPage> {
  const tp = await open(options);
  await seedStorage(tp.page, { LANGUAGE: lang, SETTINGS: JSON.stringify({ languageManual: true }) });
  return tp;
}

/** The help page rendered (its heading and title), not the 404 page. */
async function expectHelpPage(page: Page, lang: Lang, heading: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForFunction((t) => document.title === t, `${heading} - ${NAMES[lang].brand}`);
  expect(await page.getByText(NAMES[lang].notFound).count()).toBe(0);
  expect(await page.getByTestId('help-page').count()).toBe(1);
}

describe('help pages: where the footer and contact links lead by default', () => {
  for (const lang of ['zh-Hans', 'en'] as const) {
    const n = NAMES[lang];

    it(`${lang}: the footer's FAQ and manual links open the app's own pages`, async () => {
      const tp = await openIn(lang);
      await gotoApp(tp.page, '/');
      await waitForConfig(tp.page);
      const footer = tp.page.getByRole('navigation', { name: n.footer });
      for (const [name, path] of [
        [n.faq, '/help/faq'],
        [n.manual, '/help/manual'],
      ] as const) {
        const link = footer.getByRole('link', { name });
        expect(await link.getAttribute('href')).toBe(path);
        // In the app, not in a new tab.
        expect(await link.getAttribute('target')).toBeNull();
        await link.click();
        await tp.page.waitForURL((url) => url.pathname === path);
        await expectHelpPage(tp.page, lang, name);
        // Each page carries its substance (sections in the current language).
        expect(await tp.page.locator('.ls-help-section').count()).toBeGreaterThan(4);
        await gotoApp(tp.page, '/');
        await waitForConfig(tp.page);
      }
    });

    it(`${lang}: the header's app link opens the page about adding the web app to the home screen`, async () => {
      const tp = await openIn(lang);
      await gotoApp(tp.page, '/');
      await waitForConfig(tp.page);
      const link = tp.page.getByRole('navigation', { name: n.nav }).getByRole('link', { name: n.app });
      expect(await link.getAttribute('href')).toBe('/help/app');
      await link.click();
      await tp.page.waitForURL((url) => url.pathname === '/help/app');
      await expectHelpPage(tp.page, lang, n.app);
      const text = (await tp.page.getByRole('main').textContent()) ?? '';
      expect(text).toContain(lang === 'en' ? 'Add to Home Screen' : '添加到主屏幕');
      expect(text).toContain('Safari');
      expect(text).toContain('Chrome');
      // Not Chrome only: the browsers Chinese phones ship, and the way out of WeChat's.
      for (const id of ['huawei', 'xiaomi', 'vivo-oppo', 'wechat']) {
        expect(await tp.page.locator(`section#${id}`).count(), id).toBe(1);
      }
      expect(text).toContain(lang === 'en' ? 'Huawei Browser' : '华为浏览器');
      expect(text).toContain(lang === 'en' ? 'Open in Browser' : '在浏览器打开');
    });

    it(`${lang}: online customer service leads to the FAQ's contact section with the assistant's details`, async () => {
      const config = await apiData<{
        teaching_assistant: { name: string; phone: string };
        mails: { business: string };
      }>('/app/config');
      const tp = await openIn(lang);
      await gotoApp(tp.page, '/');
      await waitForConfig(tp.page);
      const menu = await openDropdown(tp.page, tp.page.getByTestId('contact-menu'));
      const service = menu.getByRole('menuitem', { name: n.service });
      expect(await service.getAttribute('href')).toBe('/help/faq#contact');
      await service.click();
      await tp.page.waitForURL((url) => url.pathname === '/help/faq' && url.hash === '#contact');
      await expectHelpPage(tp.page, lang, n.faq);
      const contact = tp.page.getByTestId('help-contact');
      await contact.getByRole('heading', { name: n.contact }).waitFor();
      const text = (await contact.textContent()) ?? '';
      expect(text).toContain(config.teaching_assistant.name);
      expect(text).toContain(config.teaching_assistant.phone);
      expect(text).toContain(config.mails.business);
      expect(await contact.locator('canvas').count()).toBe(1);
      // Scrolled down to the contact section (the last one, so it may not reach the top).
      await expect
        .poll(() =>
          contact.evaluate((el) => {
            const top = el.getBoundingClientRect().top;
            return window.scrollY > 0 && top >= 0 && top < window.innerHeight / 2;
          }),
        )
        .toBe(true);
    });
  }

  it("offers the assistant's WeChat ID to copy and the QR code as an image to save on a phone", async () => {
    const config = await apiData<{ teaching_assistant: { wechat: string } }>('/app/config');
    const tp = await openIn('en', {
      viewport: { width: 375, height: 812 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    // In dark mode: the QR code stays dark on white, the texts follow the theme.
    await seedStorage(tp.page, { LANGUAGE: 'en', SETTINGS: settingsValue(true) });
    await gotoApp(tp.page, '/help/faq#contact');
    const wechat = tp.page.getByTestId('help-contact').getByTestId('assistant-wechat');
    await wechat.waitFor();
    expect(await wechat.getByTestId('assistant-wechat-id').textContent()).toBe(
      config.teaching_assistant.wechat,
    );
    const copy = wechat.getByTestId('assistant-wechat-copy');
    expect((await copy.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await copy.click();
    const status = wechat.getByTestId('assistant-wechat-status');
    await expect.poll(() => status.getAttribute('data-result')).toBe('yes');
    expect(await status.textContent()).toContain('WeChat ID copied');
    expect(await tp.page.evaluate(() => navigator.clipboard.readText())).toBe(
      config.teaching_assistant.wechat,
    );
    // The QR code is an image (press and hold saves it) and a link downloads it.
    const image = wechat.getByTestId('assistant-qr-image');
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const save = wechat.getByTestId('assistant-qr-save');
    expect(await save.getAttribute('download')).toMatch(/\.png$/);
    expect(await save.getAttribute('href')).toBe(await image.getAttribute('src'));
    const overflow = await tp.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(tp.page)).toEqual([]);
    await wechat.screenshot({ path: `${screenshotDir}help-contact-wechat-375-dark.png` });
  });

  it('shows no filing notice while none is configured', async () => {
    const tp = await open();
    await gotoApp(tp.page, '/');
    await waitForConfig(tp.page);
    const legal = tp.page.locator('.ls-footer-legal');
    expect(await legal.locator('a').count()).toBe(0);
    expect((await legal.textContent()) ?? '').not.toMatch(/ICP|公网安备/);
  });

  it('reaches the help pages from the phone menu, which closes on the way', async () => {
    const tp = await open({ viewport: { width: 375, height: 812 } });
    await gotoApp(tp.page, '/');
    await waitForConfig(tp.page);
    for (const [name, path, heading] of [
      ['在线客服', '/help/faq', NAMES['zh-Hans'].faq],
      ['下载 App', '/help/app', NAMES['zh-Hans'].app],
    ] as const) {
      await tp.page.getByTestId('hamburger').click();
      const drawer = tp.page.getByRole('dialog', { name: '菜单' });
      await drawer.waitFor();
      await drawer.getByRole('link', { name }).click();
      await tp.page.waitForURL((url) => url.pathname === path);
      await expectHelpPage(tp.page, 'zh-Hans', heading);
      await drawer.waitFor({ state: 'hidden' });
    }
  });

  it('each help page works at 375 px in dark mode without horizontal scroll', async () => {
    for (const lang of ['zh-Hans', 'en'] as const) {
      const tp = await open({ viewport: { width: 375, height: 812 }, colorScheme: 'light' });
      await seedStorage(tp.page, { LANGUAGE: lang, SETTINGS: settingsValue(true) });
      for (const [path, title] of [
        ['/help/faq', NAMES[lang].faq],
        ['/help/manual', NAMES[lang].manual],
        ['/help/app', NAMES[lang].app],
      ] as const) {
        await gotoApp(tp.page, path);
        await expectHelpPage(tp.page, lang, title);
        const state = await tp.page.evaluate(() => ({
          width: document.scrollingElement!.scrollWidth,
          dark: document.documentElement.classList.contains('dark'),
          card: getComputedStyle(document.querySelector('.ls-help-section')!).backgroundColor,
        }));
        expect(state.width, `${lang} ${path}`).toBeLessThanOrEqual(375);
        expect(state.dark).toBe(true);
        // The dark surface colour, not the light one.
        expect(state.card, `${lang} ${path}`).toBe('rgb(18, 28, 31)');
      }
    }
  });
});

describe('crawlable navigation: links are <a href>', () => {
  it('header and footer navigation are anchors with href, in both languages', async () => {
    for (const lang of ['zh-Hans', 'en'] as const) {
      const tp = await openIn(lang);
      await gotoApp(tp.page, '/');
      await waitForConfig(tp.page);
      for (const label of [NAMES[lang].nav, NAMES[lang].footer]) {
        const nav = tp.page.getByRole('navigation', { name: label });
        // Every list item of the navigation is a link with a real href, except the footer's
        // feedback entry, which opens a dialog (a button, not a navigation).
        const items = await nav.locator('li').evaluateAll((lis) =>
          lis.map((li) => {
            const a = li.querySelector('a');
            return {
              text: li.textContent,
              href: a?.getAttribute('href') ?? null,
              button: !!li.querySelector('button'),
            };
          }),
        );
        expect(items.length, label).toBeGreaterThan(1);
        for (const item of items) {
          if (item.button) continue;
          expect(item.href, `${label}: ${item.text}`).toMatch(/^(\/|mailto:|https?:)/);
        }
      }
      const brand = tp.page.locator('header.ls-header a.ls-brand');
      expect(await brand.getAttribute('href')).toBe('/');
      const hrefs = await tp.page
        .getByRole('navigation', { name: NAMES[lang].nav })
        .locator('a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(lang === 'zh-Hans' ? ['/', '/ielts', '/help/app'] : ['/', '/help/app']);
    }
  });

  it("logged in: favourites, buy coins and the avatar menu's entries are links that navigate in the app", async () => {
    const tp = await open();
    await gotoApp(tp.page, '/');
    await loginWithPassword(tp.page);
    const favourites = tp.page.getByTestId('favourites-button');
    expect(await favourites.evaluate((el) => el.tagName)).toBe('A');
    expect(await favourites.getAttribute('href')).toBe('/user/like-teachers');
    const buy = tp.page.getByTestId('buy-coins').first();
    expect(await buy.getAttribute('href')).toBe('/user/coins');
    // A plain click stays in the app (no page load) and lands on the page.
    let loads = 0;
    tp.page.on('load', () => loads++);
    await buy.click();
    await tp.page.waitForURL((url) => url.pathname === '/user/coins');
    await tp.page.waitForFunction(() => document.title === '学币记录 - 灵犀外教');
    const menu = await openDropdown(tp.page, tp.page.getByTestId('user-menu-trigger'));
    expect(await menu.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      '/user/home',
      '/course/index',
    ]);
    await menu.getByRole('menuitem', { name: '个人中心' }).click();
    await tp.page.waitForURL((url) => url.pathname === '/user/home');
    expect(loads).toBe(0);
  });

  it('teacher cards open profiles through links', async () => {
    const tp = await open();
    await gotoApp(tp.page, '/');
    const link = tp.page.getByTestId('teacher-open').first();
    await link.waitFor();
    expect(await link.evaluate((el) => el.tagName)).toBe('A');
    expect(await link.getAttribute('href')).toMatch(/^\/\?.*teacher=\d+/);
  });
});

let configured: TestServer | undefined;

describe('links and filings set by the operator', () => {
  beforeAll(async () => {
    configured = await startServer({
      CUSTOMER_SERVICE_URL: 'https://chat.school.example/student',
      FAQ_URL: 'https://docs.school.example/faq',
      ICP_FILING: '京ICP备12345678号-1',
      PSB_FILING: '京公网安备 11010502000001号',
    });
  }, 120_000);
  afterAll(async () => {
    await configured?.stop();
  });

  it('opens external links in a new tab and shows the configured filings', async () => {
    const tp = await open({ baseURL: configured!.baseURL });
    await gotoApp(tp.page, '/');
    await waitForConfig(tp.page);
    const footer = tp.page.getByRole('navigation', { name: '页脚' });
    const faq = footer.getByRole('link', { name: /^学员常见问题/ });
    expect(await faq.getAttribute('href')).toBe('https://docs.school.example/faq');
    expect(await faq.getAttribute('target')).toBe('_blank');
    expect(await faq.getAttribute('rel')).toContain('noopener');
    // Not configured: still the app's own page.
    expect(await footer.getByRole('link', { name: '用户手册' }).getAttribute('href')).toBe('/help/manual');
    const legal = tp.page.locator('.ls-footer-legal');
    expect(await legal.textContent()).toContain('京公网安备 11010502000001号');
    expect(await legal.getByRole('link', { name: /京ICP备12345678号-1/ }).getAttribute('href')).toBe(
      'https://beian.miit.gov.cn/',
    );
    const menu = await openDropdown(tp.page, tp.page.getByTestId('contact-menu'));
    const service = menu.getByRole('menuitem', { name: /^在线客服/ });
    expect(await service.getAttribute('href')).toBe('https://chat.school.example/student');
    expect(await service.getAttribute('target')).toBe('_blank');
  });
});
