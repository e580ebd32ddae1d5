import { describe, expect, it } from 'vitest';
import { loginWithPassword } from './auth-helpers.ts';
import { zoneName } from '../src/lib/time/zoned-time.ts';
import { screenshotDir } from './axe.ts';
import {
  antdAssets,
  baseURL,
  gotoApp,
  openDropdown,
  seedStorage,
  waitForMotionEnd,
  waitForConfig,
  type TestPage,
  useBrowser,
} from './browser.ts';

const { open } = useBrowser();

const htmlLang = (tp: TestPage) => tp.page.evaluate(() => document.documentElement.lang);

describe('language', () => {
  it('defaults to Simplified Chinese for a Chinese browser', async () => {
    const tp = await open({ locale: 'zh-CN' });
    await gotoApp(tp.page, '/');
    expect(await htmlLang(tp)).toBe('zh-Hans');
    expect(await tp.page.title()).toBe('首页 - 灵犀外教');
    await expect(tp.page.getByTestId('login-button').textContent()).resolves.toContain('登录');
  });

  it('defaults to English when the browser locale is en-US', async () => {
    const tp = await open({ locale: 'en-US' });
    await gotoApp(tp.page, '/');
    expect(await htmlLang(tp)).toBe('en');
    expect(await tp.page.title()).toBe('Home - LinguaSpark');
    expect(await tp.page.getByTestId('login-button').textContent()).toContain('Log in');
  });

  for (const { locale, languages, lang, ielts } of [
    { locale: 'zh-CN', languages: ['zh-CN', 'en'], lang: 'zh-Hans', ielts: true },
    { locale: 'en-US', languages: ['en-US', 'zh-CN'], lang: 'en', ielts: false },
  ]) {
    it(`decides on the primary language only: ${JSON.stringify(languages)} opens in ${lang}`, async () => {
      const tp = await open({ locale });
      await tp.context.addInitScript((list) => {
        Object.defineProperty(Navigator.prototype, 'languages', { get: () => list, configurable: true });
      }, languages);
      // Before the app runs: the pre-paint script alone (the app's scripts never arrive). In a page
      // of its own, closed before the app's turn: the aborted scripts' console errors (some logged
      // after 'load', as the idle preloads start) belong to it, not to the page under test.
      const bare = await tp.context.newPage();
      await bare.route('**/assets/*.js', (route) => route.abort());
      await bare.goto('/', { waitUntil: 'load' });
      expect(await bare.evaluate(() => [navigator.language, [...navigator.languages]])).toEqual([
        locale,
        languages,
      ]);
      expect(await bare.evaluate(() => document.documentElement.lang)).toBe(lang);
      await bare.close();
      // Then the app, which must reach the same decision.
      await gotoApp(tp.page, '/');
      expect(await htmlLang(tp)).toBe(lang);
      expect(await tp.page.evaluate(() => localStorage.getItem('LANGUAGE'))).toBe(lang);
      const nav = tp.page.getByRole('navigation', { name: lang === 'en' ? 'Main navigation' : '主导航' });
      await nav.getByRole('link', { name: lang === 'en' ? 'Home' : '首页' }).waitFor();
      expect(await nav.getByRole('link', { name: /^(雅思|IELTS)$/ }).count()).toBe(ielts ? 1 : 0);
      // Browser and chosen language agree: no prompt.
      expect(await tp.page.getByTestId('language-prompt').count()).toBe(0);
    });
  }

  it('switches text, html lang and title at once and keeps the choice under LANGUAGE', async () => {
    const tp = await open({ locale: 'zh-CN' });
    await gotoApp(tp.page, '/ielts');
    expect(await tp.page.title()).toBe('雅思口语 - 灵犀外教');
    await tp.page.getByTestId('language-switch').click();
    await tp.page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await tp.page.title()).toBe('IELTS speaking - LinguaSpark');
    expect(await tp.page.getByTestId('login-button').textContent()).toContain('Log in');
    expect(await tp.page.evaluate(() => localStorage.getItem('LANGUAGE'))).toBe('en');
    await tp.page.reload();
    await tp.page.locator('header.ls-header').waitFor();
    expect(await htmlLang(tp)).toBe('en');
    expect(await tp.page.title()).toBe('IELTS speaking - LinguaSpark');
    // A manual choice never triggers the browser-language prompt.
    expect(await tp.page.getByTestId('language-prompt').count()).toBe(0);
  });

  it('shows the IELTS menu item in Chinese and hides it in English', async () => {
    const tp = await open({ locale: 'zh-CN' });
    await gotoApp(tp.page, '/');
    const nav = tp.page.getByRole('navigation', { name: '主导航' });
    await expect(nav.getByRole('link', { name: '雅思' }).isVisible()).resolves.toBe(true);
    await tp.page.getByTestId('language-switch').click();
    const navEn = tp.page.getByRole('navigation', { name: 'Main navigation' });
    await navEn.waitFor();
    expect(await navEn.getByRole('link', { name: 'IELTS' }).count()).toBe(0);
    expect(await navEn.getByRole('link', { name: 'Home' }).isVisible()).toBe(true);
  });

  it('offers the browser language once per session when the stored one differs and was not chosen', async () => {
    const tp = await open({ locale: 'en-US' });
    await seedStorage(tp.page, { LANGUAGE: 'zh-Hans' });
    await gotoApp(tp.page, '/');
    const prompt = tp.page.getByTestId('language-prompt');
    await prompt.waitFor();
    const text = await prompt.textContent();
    expect(text).toContain('Switch to English?');
    expect(text).toContain('切换到英文？');
    await tp.page
      .locator('.ant-notification')
      .getByRole('button', { name: /Switch to English/ })
      .click();
    await tp.page.waitForFunction(() => document.documentElement.lang === 'en');
    await tp.page.getByRole('link', { name: 'LinguaSpark - Home' }).waitFor();
    await tp.page.goto('/ielts');
    await tp.page.locator('header.ls-header').waitFor();
    expect(await tp.page.getByTestId('language-prompt').count()).toBe(0);
  });
});

describe('theme', () => {
  it('applies dark mode and keeps it across reloads', async () => {
    const tp = await open({ colorScheme: 'light' });
    await gotoApp(tp.page, '/');
    const isDark = () => tp.page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await tp.page.getByTestId('theme-toggle').first().click();
    expect(await isDark()).toBe(true);
    expect(await tp.page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
    await tp.page.reload();
    await tp.page.locator('header.ls-header').waitFor();
    expect(await isDark()).toBe(true);
  });

  it('follows prefers-color-scheme until a choice is made', async () => {
    const tp = await open({ colorScheme: 'dark' });
    await gotoApp(tp.page, '/');
    expect(await tp.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  });
});

describe('routes', () => {
  it('renders the 404 page for unknown paths with a working back-home link', async () => {
    const tp = await open();
    await gotoApp(tp.page, '/no/such/page');
    await tp.page.getByRole('heading', { name: '页面走丢了' }).waitFor();
    expect(await tp.page.title()).toBe('页面不存在 - 灵犀外教');
    await tp.page.getByRole('main').getByRole('link', { name: '返回首页' }).click();
    await tp.page.waitForURL(`${baseURL()}/`);
    await tp.page.waitForFunction(() => document.title === '首页 - 灵犀外教');
  });

  it('titles every page "<page> - <brand>"', async () => {
    const tp = await open();
    const cases: [string, string][] = [
      ['/', '首页 - 灵犀外教'],
      ['/login', '登录 - 灵犀外教'],
      ['/ielts/SpeakingSamples', '口语范文 - 灵犀外教'],
      ['/ielts/issue/detailed/part1/3', '题库详情 - 灵犀外教'],
      ['/teacher/booking/42', '预约老师 - 灵犀外教'],
    ];
    for (const [path, title] of cases) {
      await gotoApp(tp.page, path);
      await tp.page.waitForFunction((t) => document.title === t, title);
    }
  });

  it('decodes encoded title parameters of the TiMu route', async () => {
    const tp = await open();
    const title = '100% real / 城市 #1?';
    const path = `/ielts/SpeakingSamples/view/7/TiMu/1/2/part2/9/${encodeURIComponent('Part 2 题库')}/${encodeURIComponent(title)}`;
    await gotoApp(tp.page, path);
    await tp.page.waitForFunction(() => document.title === '题目详情 - 灵犀外教');
    expect(await tp.page.getByRole('main').textContent()).toContain(title);
  });

  it('sends logged-out visitors of /course and /user to /login?url=', async () => {
    const tp = await open();
    await gotoApp(tp.page, '/course/index');
    await tp.page.waitForURL(/\/login\?url=%2Fcourse%2Findex$/);
    await tp.page.waitForFunction(() => document.title === '登录 - 灵犀外教');
    await gotoApp(tp.page, '/user/files');
    await tp.page.waitForURL(/\/login\?url=%2Fuser%2Ffiles$/);
  });
});

describe('shell', () => {
  it('opens the teaching-assistant dialog with name, phone and QR code from /app/config', async () => {
    const config = (await (await fetch(`${baseURL()}/api/v1/app/config`)).json()) as {
      data: { teaching_assistant: { name: string; phone: string; wechat: string } };
    };
    const tp = await open();
    await gotoApp(tp.page, '/');
    await waitForConfig(tp.page);
    const menu = await openDropdown(tp.page, tp.page.getByTestId('contact-menu'));
    await menu.getByRole('menuitem', { name: '联系助教' }).click();
    const dialog = tp.page.getByTestId('assistant-dialog');
    await dialog.waitFor();
    const text = await dialog.textContent();
    expect(text).toContain(config.data.teaching_assistant.name);
    expect(text).toContain(config.data.teaching_assistant.phone);
    expect(text).toContain(config.data.teaching_assistant.wechat);
    expect(await dialog.locator('canvas').count()).toBe(1);
    // The WeChat ID to copy and the QR code to save are there too (help.e2e.ts works them).
    await dialog.getByTestId('assistant-qr-save').waitFor();
    expect(await dialog.getByTestId('assistant-wechat-copy').count()).toBe(1);
    await waitForMotionEnd(dialog);
    await dialog.screenshot({ path: `${screenshotDir}shell-assistant-dialog.png` });
  });

  it('asks a logged-out visitor to log in before giving feedback', async () => {
    const tp = await open();
    await gotoApp(tp.page, '/');
    await tp.page.getByTestId('footer-feedback').click();
    const warning = tp.page.getByRole('dialog').filter({ hasText: '请先登录' });
    // Clicked once the warning has finished opening (a CI run's click during its opening motion was
    // followed by no login dialog in 30 s; the retry passed).
    const goLogin = warning.getByRole('button', { name: '去登录' });
    await waitForMotionEnd(goLogin);
    await goLogin.click();
    await tp.page.getByTestId('login-dialog').waitFor();
  });

  it('shows the footer links, the copyright and the configured filings in both languages', async () => {
    const config = (await (await fetch(`${baseURL()}/api/v1/app/config`)).json()) as {
      data: {
        mails: { business: string; join_us: string };
        faq_url: string;
        manual_url: string;
        filing: { icp: string; police: string; copyright: { 'zh-Hans': string; en: string } };
      };
    };
    const { mails, faq_url, manual_url, filing } = config.data;
    for (const [lang, names] of [
      ['zh-Hans', { business: '商务合作', faq: '学员常见问题', manual: '用户手册', joinUs: '老师加盟' }],
      [
        'en',
        {
          business: 'Business cooperation',
          faq: 'Student FAQ',
          manual: 'User manual',
          joinUs: 'Teach with us',
        },
      ],
    ] as const) {
      const tp = await open();
      await seedStorage(tp.page, { LANGUAGE: lang, SETTINGS: JSON.stringify({ languageManual: true }) });
      await gotoApp(tp.page, '/');
      await waitForConfig(tp.page);
      const footer = tp.page.locator('footer.ls-footer');
      const link = (name: string) => footer.getByRole('link', { name: new RegExp(`^${name}`) });
      expect(await link(names.business).getAttribute('href')).toBe(`mailto:${mails.business}`);
      expect(await link(names.joinUs).getAttribute('href')).toBe(`mailto:${mails.join_us}`);
      for (const [name, url] of [
        [names.faq, faq_url],
        [names.manual, manual_url],
      ] as const) {
        expect(await link(name).getAttribute('href')).toBe(url);
        // App pages open in the app; other sites in a new tab without a handle back.
        if (url.startsWith('/')) expect(await link(name).getAttribute('target')).toBeNull();
        else expect(await link(name).getAttribute('rel')).toContain('noopener');
      }
      const text = (await footer.textContent()) ?? '';
      expect(text).toContain(filing.copyright[lang]);
      // Filings show only when configured (help.e2e.ts configures them on a second server).
      if (filing.icp) expect(text).toContain(filing.icp);
      if (filing.police) expect(text).toContain(filing.police);
      expect(await footer.locator('.ls-footer-legal a').count()).toBe(filing.icp ? 1 : 0);
    }
  });

  it('links online customer service and the app page from /app/config', async () => {
    const config = (await (await fetch(`${baseURL()}/api/v1/app/config`)).json()) as {
      data: { customer_service_url: string; app_download_url: string };
    };
    const tp = await open();
    await gotoApp(tp.page, '/');
    await waitForConfig(tp.page);
    const nav = tp.page.getByRole('navigation', { name: '主导航' });
    const download = nav.getByRole('link', { name: /下载 App/ });
    expect(await download.getAttribute('href')).toBe(config.data.app_download_url);
    const menu = await openDropdown(tp.page, tp.page.getByTestId('contact-menu'));
    // The entry is the link itself: a real address, followed by Enter when focused.
    const service = menu.getByRole('menuitem', { name: /^在线客服/ });
    expect(await service.getAttribute('href')).toBe(config.data.customer_service_url);
    await service.focus();
    await tp.page.keyboard.press('Enter');
    await tp.page.waitForURL((url) => `${url.pathname}${url.hash}` === config.data.customer_service_url);
  });

  it('works the header menus from the keyboard and closes them on a click outside', async () => {
    const tp = await open();
    await gotoApp(tp.page, '/');
    await waitForConfig(tp.page);
    const trigger = tp.page.getByTestId('contact-menu');
    const focusedName = () => tp.page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    await trigger.focus();
    await tp.page.keyboard.press('ArrowDown');
    const menu = tp.page.getByRole('menu', { name: '联系我们' });
    await menu.waitFor();
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    expect(await trigger.getAttribute('aria-controls')).toBe(await menu.getAttribute('id'));
    await expect.poll(focusedName).toMatch(/^在线客服/);
    await tp.page.keyboard.press('ArrowDown');
    expect(await focusedName()).toBe('联系助教');
    // Past the last entry the focus wraps to the first; End and Home jump.
    await tp.page.keyboard.press('ArrowDown');
    expect(await focusedName()).toMatch(/^在线客服/);
    await tp.page.keyboard.press('End');
    expect(await focusedName()).toBe('联系助教');
    await tp.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await tp.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'contact-menu',
    );
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    // ↑ opens on the last entry; a click elsewhere closes.
    await tp.page.keyboard.press('ArrowUp');
    await menu.waitFor();
    await expect.poll(focusedName).toBe('联系助教');
    await tp.page.locator('h1').first().click();
    await menu.waitFor({ state: 'detached' });
  });

  it("loads no antd on a phone's home page until the student opens something that needs it", async () => {
    const tp = await open({ viewport: { width: 375, height: 812 }, locale: 'zh-CN' });
    await gotoApp(tp.page, '/');
    await tp.page.getByTestId('teacher-list').waitFor();
    // Idle time for anything the page would load after its first screen (this wait proves an
    // absence, no antd, so it stays a fixed time).
    await tp.page.waitForTimeout(1_500);
    const antdChunks = () => antdAssets(tp.page);
    expect(await antdChunks()).toEqual([]);
    await tp.page.getByTestId('filter-toggle').click();
    await tp.page.getByTestId('filter-nationality').waitFor();
    const loaded = await antdChunks();
    expect(loaded.some((path) => path.includes('/antd-scope-'))).toBe(true);
    expect(loaded.some((path) => path.endsWith('.css'))).toBe(true);
    // antd's build-time stylesheet goes before the app's, and antd uses it instead of computing the
    // select's styles in the browser (scripts/antd-static-style.ts).
    const styles = await tp.page.evaluate(() => ({
      links: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
        (link) => new URL(link.href).pathname,
      ),
      computed: [...document.querySelectorAll('style')].some((style) =>
        style.textContent?.includes('.ant-select-selection-item'),
      ),
    }));
    const antdIndex = styles.links.findIndex((path) => /\/assets\/antd-[\w-]+\.css$/.test(path));
    const appIndex = styles.links.findIndex((path) => /\/assets\/index-[\w-]+\.css$/.test(path));
    expect(antdIndex).toBeGreaterThanOrEqual(0);
    expect(antdIndex).toBeLessThan(appIndex);
    expect(styles.computed).toBe(false);
  });

  it('shows neither the course item nor the favourites button to a logged-out visitor', async () => {
    const tp = await open();
    await gotoApp(tp.page, '/');
    await waitForConfig(tp.page);
    const nav = tp.page.getByRole('navigation', { name: '主导航' });
    await nav.getByRole('link', { name: '首页' }).waitFor();
    expect(await nav.getByRole('link', { name: '课表' }).count()).toBe(0);
    expect(await tp.page.getByTestId('favourites-button').count()).toBe(0);
    expect(await tp.page.getByTestId('login-button').isVisible()).toBe(true);
  });

  it('switches the antd and dayjs locales with the language', async () => {
    const tp = await open({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    await gotoApp(tp.page, '/');
    const weekdays = async () => {
      await tp.page.getByTestId('filter-date').click();
      const options = tp.page.locator(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      );
      await options.nth(3).waitFor();
      const label =
        (await options.nth(3).getAttribute('title')) ?? (await options.nth(3).textContent()) ?? '';
      await tp.page.keyboard.press('Escape');
      return label;
    };
    expect(await weekdays()).toMatch(/^周[一二三四五六日] \d{2}\/\d{2}$/);
    await tp.page.getByTestId('language-switch').click();
    await tp.page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await weekdays()).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{2}\/\d{2}$/);

    // antd's own texts: the IELTS samples' pager (the home page's pager is the app's own).
    await gotoApp(tp.page, '/ielts/SpeakingSamples');
    const prev = tp.page.locator('.ant-pagination-prev').first();
    await prev.waitFor();
    expect(await prev.getAttribute('title')).toBe('Previous Page');
    await tp.page.getByTestId('language-switch').click();
    await expect.poll(() => prev.getAttribute('title')).toBe('上一页');
  });

  it('opens the login dialog from the header buttons', async () => {
    const tp = await open();
    await gotoApp(tp.page, '/');
    await tp.page.getByTestId('register-button').click();
    await tp.page.getByTestId('login-dialog').waitFor();
  });
});

describe('phone layout (375 px)', () => {
  it('has no horizontal scroll and reaches the menu through the hamburger', async () => {
    const tp = await open({ viewport: { width: 375, height: 812 } });
    for (const path of ['/', '/no/such/page', '/ielts/SpeakingSamples/view/7', '/login']) {
      await gotoApp(tp.page, path);
      const width = await tp.page.evaluate(() => document.scrollingElement!.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(375);
    }
    await gotoApp(tp.page, '/');
    expect(await tp.page.getByTestId('login-button').isVisible()).toBe(false);
    await tp.page.getByTestId('hamburger').click();
    const drawer = tp.page.getByRole('dialog', { name: '菜单' });
    await drawer.waitFor();
    await drawer.getByRole('link', { name: '雅思' }).click();
    await tp.page.waitForURL(`${baseURL()}/ielts`);
    await tp.page.waitForFunction(() => document.title === '雅思口语 - 灵犀外教');
  });

  it('gives a student the timetable in the header, a menu of labelled 44 px rows with logout apart, and confirms the logout', async () => {
    const tp = await open();
    await gotoApp(tp.page, '/');
    // Logged in at desktop width (the header's login button), then used as a phone.
    await loginWithPassword(tp.page);
    await tp.page.setViewportSize({ width: 375, height: 812 });
    await tp.page.screenshot({
      path: `${screenshotDir}shell-phone-header-375.png`,
      clip: { x: 0, y: 0, width: 375, height: 80 },
    });
    const shortcut = tp.page.getByTestId('header-timetable');
    const box = (await shortcut.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await shortcut.click();
    await tp.page.waitForURL(`${baseURL()}/course/index`);

    await tp.page.getByTestId('hamburger').click();
    const drawer = tp.page.getByRole('dialog', { name: '菜单' });
    await drawer.waitFor();
    await waitForMotionEnd(drawer);
    await tp.page.screenshot({ path: `${screenshotDir}shell-phone-menu-375.png` });
    const rows = await drawer.evaluate((el) =>
      [...el.querySelectorAll<HTMLElement>('.ls-nav-link, .ls-btn, .ls-drawer-row, .ls-drawer-link')].map(
        (row) => {
          const r = row.getBoundingClientRect();
          return {
            label: (row.textContent ?? '').trim(),
            height: r.height,
            top: r.top,
            bottom: r.bottom,
            logout: row.dataset.testid === 'logout',
          };
        },
      ),
    );
    expect(rows.length).toBeGreaterThan(6);
    expect(rows.filter((r) => r.height < 44 || r.label === '')).toEqual([]);
    // Logout is the last row, well apart from the one above it.
    const logout = rows.at(-1)!;
    expect(logout.logout).toBe(true);
    expect(logout.top - Math.max(...rows.slice(0, -1).map((r) => r.bottom))).toBeGreaterThanOrEqual(24);

    await drawer.getByTestId('logout').click();
    const home = tp.page.waitForURL(`${baseURL()}/`);
    await tp.page.getByTestId('logout-confirm').click();
    await home;
    const toast = tp.page.locator('.ant-message-notice').filter({ hasText: '已退出登录' });
    await toast.waitFor();
    expect(await toast.locator('.anticon-check-circle').count()).toBe(1);
    await tp.page.screenshot({ path: `${screenshotDir}shell-logged-out-375.png` });
  });

  it('scrolls the first invalid field of a form below the sticky header, not under it', async () => {
    const tp = await open();
    await gotoApp(tp.page, '/');
    await loginWithPassword(tp.page);
    // Short enough that the save button is in view only with the first field scrolled off the top.
    await tp.page.setViewportSize({ width: 375, height: 380 });
    await gotoApp(tp.page, '/user/info');
    const nick = tp.page.getByTestId('profile-nick');
    await nick.fill('');
    await tp.page.getByTestId('profile-save').scrollIntoViewIfNeeded();
    await tp.page.getByTestId('profile-save').click();
    await expect.poll(() => nick.evaluate((el) => el === document.activeElement)).toBe(true);
    // The field with its label, below the header.
    const [fieldTop, headerBottom] = await nick.evaluate((el) => [
      el.closest('.ant-form-item')!.getBoundingClientRect().top,
      document.querySelector('.ls-header')!.getBoundingClientRect().bottom,
    ]);
    expect(fieldTop).toBeGreaterThanOrEqual(headerBottom);
  });

  it('switches language from the phone menu', async () => {
    const tp = await open({ viewport: { width: 375, height: 812 } });
    await gotoApp(tp.page, '/');
    await tp.page.getByTestId('hamburger').click();
    await tp.page.getByRole('dialog', { name: '菜单' }).getByTestId('language-switch').click();
    await tp.page.waitForFunction(() => document.documentElement.lang === 'en');
    await tp.page.getByRole('dialog', { name: 'Menu' }).waitFor();
  });
});

describe('delivery', () => {
  it('sends the scripts, styles and page of the home route compressed', async () => {
    const tp = await open({ viewport: { width: 375, height: 812 } });
    const sent: { url: string; type: string; encoding: string | undefined; length: number }[] = [];
    tp.page.on('response', (res) => {
      const type = res.request().resourceType();
      if (['document', 'script', 'stylesheet'].includes(type) && res.url().startsWith(baseURL())) {
        const headers = res.headers();
        sent.push({
          url: res.url(),
          type,
          encoding: headers['content-encoding'],
          length: Number(headers['content-length']),
        });
      }
    });
    await gotoApp(tp.page, '/');
    await tp.page.waitForLoadState('networkidle');
    expect(sent.filter((r) => r.type === 'script').length).toBeGreaterThan(3);
    expect(sent.filter((r) => r.type === 'document')).toHaveLength(1);
    // Chromium offers br over HTTPS and localhost, gzip elsewhere; the build has both copies of every
    // file of 1 KB or more (smaller ones are not worth a copy).
    const plain = sent.filter((r) => r.encoding !== 'br' && r.encoding !== 'gzip' && !(r.length < 1024));
    expect(plain, JSON.stringify(sent, null, 1)).toEqual([]);
  });
});

describe('start-up screen (before the app runs)', () => {
  // The machine's zone unless a case names one; `zone` is the zone the booking hint names, if any.
  const cases: Array<{
    path: string;
    lang: string;
    dark: boolean;
    brand: string;
    screen: string;
    tagline: string | null;
    timezoneId?: string;
    zone?: string;
  }> = [
    {
      path: '/login',
      lang: 'en',
      dark: true,
      brand: 'LinguaSpark',
      screen: '.ls-boot-generic',
      tagline: null,
    },
    {
      path: '/ielts',
      lang: 'en',
      dark: true,
      brand: 'LinguaSpark',
      screen: '[data-first-screen="ielts"]',
      tagline:
        "The questions change every January, May and September. Here are this season's bank, what is new, high-band samples with Chinese notes, and timed practice with recording.",
    },
    {
      path: '/ielts',
      lang: 'zh-Hans',
      dark: false,
      brand: '灵犀外教',
      screen: '[data-first-screen="ielts"]',
      tagline:
        '每年 1 月、5 月、9 月换题。这里有本季题库、新题一览、高分范文和中文讲解，还能按考试计时录音练习。',
    },
    {
      path: '/teacher/booking/3',
      lang: 'zh-Hans',
      dark: true,
      brand: '灵犀外教',
      screen: '[data-first-screen="booking"]',
      tagline: '点击空闲时段即可预约。',
      timezoneId: 'Asia/Shanghai',
    },
    {
      path: '/teacher/booking/3',
      lang: 'en',
      dark: false,
      brand: 'LinguaSpark',
      screen: '[data-first-screen="booking"]',
      // The zone itself is drawn by the stylesheet (a generated content innerText leaves out).
      tagline:
        'Pick a free time to book it. Times are shown in your time zone (); Beijing time is shown when booking.',
      timezoneId: 'Europe/London',
      // Named in the page's language, as the app names it (issue 33 §4).
      zone: JSON.stringify(zoneName('Europe/London', 'en')),
    },
    {
      path: '/',
      lang: 'zh-Hans',
      dark: false,
      brand: '灵犀外教',
      screen: '[data-first-screen="home"]',
      tagline: '遇见懂你的外教，让开口说成为习惯',
    },
    {
      path: '/',
      lang: 'en',
      dark: true,
      brand: 'LinguaSpark',
      screen: '[data-first-screen="home"]',
      tagline: 'Meet tutors who get you, and make speaking a habit',
    },
  ];
  for (const { path, lang, dark, brand, screen, tagline, timezoneId, zone = null } of cases) {
    it(`shows ${tagline ? "the page's own first screen" : 'the brand'} at ${path} in ${lang}, ${dark ? 'dark' : 'light'}${timezoneId ? ` in ${timezoneId}` : ''}, with the stored choices applied before any script of the app`, async () => {
      const tp = await open({
        viewport: { width: 375, height: 812 },
        colorScheme: dark ? 'light' : 'dark',
        ...(timezoneId ? { timezoneId } : {}),
      });
      await seedStorage(tp.page, {
        LANGUAGE: lang,
        SETTINGS: JSON.stringify({ languageManual: true, dark }),
      });
      // Only the page's document (its first-paint styles are inline): the app's scripts and stylesheet never arrive.
      await tp.page.route('**/assets/*.{js,css}', (route) => route.abort());
      tp.errors.length = 0;
      await tp.page.goto(path, { waitUntil: 'load' });
      await tp.page.locator(screen).waitFor();
      const state = await tp.page.evaluate(
        ({ screen }) => {
          const shown = document.querySelector(screen) as HTMLElement;
          const brandOf = shown.querySelector('.ls-boot-brand, .ls-brand') as HTMLElement;
          const visibleTagline = [
            ...shown.querySelectorAll<HTMLElement>('.ls-hero-tagline, .ls-ielts-intro, .ls-t-booking-hint'),
          ].find((e) => e.offsetParent !== null);
          const zoneName = visibleTagline?.querySelector<HTMLElement>('.ls-boot-zone');
          return {
            lang: document.documentElement.lang,
            dark: document.documentElement.classList.contains('dark'),
            text: brandOf.innerText.trim(),
            tagline: visibleTagline?.innerText.trim() ?? null,
            zone: zoneName?.offsetParent ? getComputedStyle(zoneName, '::before').content : null,
            otherScreens: [
              ...document.querySelectorAll<HTMLElement>('.ls-boot-generic, [data-first-screen]'),
              // The document holds its own page's screen only.
            ].filter((e) => e !== shown).length,
            background: getComputedStyle(document.body).backgroundColor,
          };
        },
        { screen },
      );
      // The system scheme is the opposite of the stored choice: the stored choice wins.
      expect(state).toEqual({
        lang,
        dark,
        text: brand,
        tagline,
        zone,
        otherScreens: 0,
        background: dark ? 'rgb(11, 18, 20)' : 'rgb(244, 247, 247)',
      });
      // The aborted files are the only errors: the inline script ran (CSP allowed it by hash).
      expect(tp.errors.filter((e) => !/ERR_FAILED|Failed to load/.test(e))).toEqual([]);
      tp.errors.length = 0;
    });
  }

  it('hands over to the app without a console error under the CSP', async () => {
    const tp = await open({ locale: 'en-US' });
    await gotoApp(tp.page, '/');
    expect(await tp.page.locator('.ls-boot-brand, [data-first-screen]').count()).toBe(0);
    expect(await tp.page.evaluate(() => document.documentElement.lang)).toBe('en');
    // The preloaded stylesheet was linked before the first render, and applies.
    const styles = await tp.page.evaluate(() => ({
      preload: document.querySelector<HTMLLinkElement>('link[rel="preload"][data-app-stylesheet]')?.href,
      linked: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => l.href),
      footerBorder: getComputedStyle(document.querySelector('.ls-footer') as HTMLElement).borderTopStyle,
    }));
    expect(styles.preload).toMatch(/\/assets\/index-[\w-]+\.css$/);
    expect(styles.linked).toContain(styles.preload);
    expect(styles.footerBorder).toBe('solid');
  });
});
