import fs from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../lib/i18n/language.ts';

/** The inline script of index.html that sets language and theme before the first paint. */
const html = fs.readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');

type Browser = {
  language: string;
  languages: readonly string[];
  stored?: Record<string, string>;
  systemDark?: boolean;
};

/** Runs the script against a fake browser and returns what it set on <html>. */
function runPrePaint(browser: Browser): { lang: string; dark: boolean } {
  const root = { lang: '', dark: false, classList: { toggle: (_: string, on: boolean) => (root.dark = on) } };
  vm.runInNewContext(script[0] ?? '', {
    document: { documentElement: root },
    navigator: { language: browser.language, languages: browser.languages },
    localStorage: { getItem: (key: string) => browser.stored?.[key] ?? null },
    matchMedia: () => ({ matches: browser.systemDark ?? false }),
  });
  return { lang: root.lang, dark: root.dark };
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
});
