import fs from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../lib/i18n/language.ts';
import { zoneName } from '../lib/time/zoned-time.ts';

/** The inline script of index.html that sets language and theme before the first paint. */
const html = fs.readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');

type Browser = {
  path?: string;
  language: string;
  languages: readonly string[];
  stored?: Record<string, string>;
  systemDark?: boolean;
  /** The browser's time zone (Intl's resolved one). */
  timeZone?: string;
};

/**
 * Runs the script against a fake browser and returns the language, the classes and the style
 * properties it set on <html>.
 */
function runPrePaintClasses(browser: Browser): {
  lang: string;
  classes: Set<string>;
  style: Map<string, string>;
} {
  const classes = new Set<string>();
  const style = new Map<string, string>();
  const root = {
    lang: '',
    classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    style: { setProperty: (name: string, value: string) => style.set(name, value) },
  };
  const timeZone = browser.timeZone ?? 'Asia/Shanghai';
  vm.runInNewContext(script[0] ?? '', {
    document: { documentElement: root },
    location: { pathname: browser.path ?? '/course/index' },
    navigator: { language: browser.language, languages: browser.languages },
    localStorage: { getItem: (key: string) => browser.stored?.[key] ?? null },
    matchMedia: () => ({ matches: browser.systemDark ?? false }),
    // The real Intl, in the browser's zone (a function: the script calls it with and without new).
    Intl: {
      DateTimeFormat: function DateTimeFormat(locale?: string, options?: Intl.DateTimeFormatOptions) {
        return new Intl.DateTimeFormat(locale, { timeZone, ...options });
      },
    },
  });
  return { lang: root.lang, classes, style };
}

function runPrePaint(browser: Browser): { lang: string; dark: boolean } {
  const { lang, classes } = runPrePaintClasses(browser);
  return { lang, dark: classes.has('dark') };
}

describe('pre-paint script of index.html', () => {
  it('is the only inline script', () => {
    expect(script).toHaveLength(1);
  });

  it('keeps a Chinese browser that lists English second in Chinese, as the app does', () => {
    const browser = { language: 'zh-CN', languages: ['zh-CN', 'en'] };
    expect(runPrePaint(browser).lang).toBe('zh-Hans');
    expect(detectLanguage(browser.language)).toBe('zh-Hans');
  });

  it('agrees with detectLanguage on the primary language of every browser', () => {
    const cases: Browser[] = [
      { language: 'en-US', languages: ['en-US', 'zh-CN'] },
      { language: 'en', languages: ['en'] },
      { language: 'EN_gb', languages: [] },
      { language: 'zh-TW', languages: ['zh-TW', 'en-US'] },
      { language: 'fr-FR', languages: ['fr-FR', 'en'] },
      { language: 'enx', languages: ['enx'] },
      { language: '', languages: ['en-AU', 'zh-CN'] },
      { language: '', languages: [] },
    ];
    for (const browser of cases) {
      const expected = detectLanguage(browser.language || browser.languages[0]);
      expect(runPrePaint(browser).lang, JSON.stringify(browser)).toBe(expected);
    }
  });

  it('applies the stored language and dark choice over the browser and the system', () => {
    expect(
      runPrePaint({
        language: 'zh-CN',
        languages: ['zh-CN'],
        stored: { LANGUAGE: 'en', SETTINGS: JSON.stringify({ dark: false }) },
        systemDark: true,
      }),
    ).toEqual({ lang: 'en', dark: false });
    expect(runPrePaint({ language: 'en-US', languages: ['en-US'], systemDark: true })).toEqual({
      lang: 'en',
      dark: true,
    });
  });

  it("names the student's time zone for the booking hint outside Beijing time only", () => {
    const browser = { language: 'en-GB', languages: ['en-GB'], path: '/teacher/booking/3' };
    const london = runPrePaintClasses({ ...browser, timeZone: 'Europe/London' });
    expect(london.classes.has('ls-zone-other')).toBe(true);
    // Named as the app's zoneName names it, in the page's language (issue 33 §4).
    expect(london.style.get('--ls-boot-zone')).toBe(JSON.stringify(zoneName('Europe/London', 'en')));
    const zh = runPrePaintClasses({
      ...browser,
      language: 'zh-CN',
      languages: ['zh-CN'],
      timeZone: 'Europe/Berlin',
    });
    expect(zh.style.get('--ls-boot-zone')).toBe(JSON.stringify(zoneName('Europe/Berlin', 'zh-Hans')));
    expect(zh.style.get('--ls-boot-zone')).toBe('"中欧时间"');
    const beijing = runPrePaintClasses({ ...browser, timeZone: 'Asia/Shanghai' });
    expect(beijing.classes.has('ls-zone-other')).toBe(false);
  });

  it('still names the time zone when the storage cannot be read', () => {
    const root = { lang: '', classes: new Set<string>() };
    vm.runInNewContext(script[0] ?? '', {
      document: {
        documentElement: {
          set lang(value: string) {
            root.lang = value;
          },
          classList: { toggle: (name: string, on: boolean) => on && root.classes.add(name) },
          style: { setProperty: () => undefined },
        },
      },
      location: { pathname: '/teacher/booking/3' },
      Intl: { DateTimeFormat: () => ({ resolvedOptions: () => ({ timeZone: 'Europe/London' }) }) },
      navigator: { language: 'zh-CN', languages: ['zh-CN'] },
      localStorage: {
        getItem: () => {
          throw new Error('storage disabled');
        },
      },
      matchMedia: () => ({ matches: false }),
    });
    expect(root.classes.has('ls-zone-other')).toBe(true);
  });

  /** What the script leaves on `window` for the app (src/lib/app-config/early-app-config.ts). */
  type EarlyWindow = { __lsAppConfig?: { reply: Promise<unknown>; body?: unknown } };

  /** Runs the script on a quiet browser with `fetch` (or none) and returns its `window`. */
  function runWithFetch(fetch: ((url: string, init: unknown) => Promise<unknown>) | undefined): EarlyWindow {
    const window: EarlyWindow = {};
    vm.runInNewContext(script[0] ?? '', {
      document: { documentElement: { lang: '', classList: { toggle: () => undefined } } },
      location: { pathname: '/login' },
      navigator: { language: 'zh-CN', languages: ['zh-CN'] },
      localStorage: { getItem: () => null },
      matchMedia: () => ({ matches: false }),
      window,
      fetch,
    });
    return window;
  }

  it("asks for the shell's settings at once and leaves the request and its reply for the app", async () => {
    const requests: { url: string; init: unknown }[] = [];
    const body = { code: 200, data: { brand: { 'zh-Hans': '灵犀外教', en: 'LinguaSpark' } }, msg: 'ok' };
    const window = runWithFetch((url, init) => {
      requests.push({ url, init });
      return Promise.resolve({ json: () => Promise.resolve(body) });
    });
    expect(requests).toEqual([
      { url: '/api/v1/app/config', init: { headers: { Accept: 'application/json' } } },
    ]);
    const early = window.__lsAppConfig!;
    expect('body' in early).toBe(false);
    expect(await early.reply).toEqual(body);
    expect(early.body).toEqual(body);
  });

  it('resolves the early request to null when it fails, and still runs where fetch is missing', async () => {
    const failed = runWithFetch(() => Promise.reject(new TypeError('offline')));
    expect(await failed.__lsAppConfig!.reply).toBeNull();
    expect('body' in failed.__lsAppConfig!).toBe(false);
    expect(runWithFetch(undefined).__lsAppConfig).toBeUndefined();
  });
});
