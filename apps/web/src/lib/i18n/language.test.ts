import { describe, expect, it } from 'vitest';
import {
  dayjsLocaleOf,
  detectLanguage,
  languageToOffer,
  otherLanguage,
  parseLanguage,
  primaryBrowserLanguage,
} from './language.ts';

describe('detectLanguage', () => {
  it('defaults to Chinese when the primary language is not English', () => {
    expect(detectLanguage('zh-CN')).toBe('zh-Hans');
    expect(detectLanguage('zh-TW')).toBe('zh-Hans');
    expect(detectLanguage('fr-FR')).toBe('zh-Hans');
    expect(detectLanguage('')).toBe('zh-Hans');
    expect(detectLanguage(undefined)).toBe('zh-Hans');
    expect(detectLanguage(null)).toBe('zh-Hans');
  });

  it('picks English when the primary language is English', () => {
    expect(detectLanguage('en')).toBe('en');
    expect(detectLanguage('en-US')).toBe('en');
    expect(detectLanguage(' EN_gb ')).toBe('en');
  });

  it('does not mistake languages that merely start with "en" letters', () => {
    expect(detectLanguage('enx-US')).toBe('zh-Hans');
  });
});

describe('primaryBrowserLanguage', () => {
  it('reads navigator.language, so a Chinese browser that lists English second stays Chinese', () => {
    const nav = { language: 'zh-CN', languages: ['zh-CN', 'en'] };
    expect(primaryBrowserLanguage(nav)).toBe('zh-CN');
    expect(detectLanguage(primaryBrowserLanguage(nav))).toBe('zh-Hans');
    expect(detectLanguage(primaryBrowserLanguage({ language: 'en-US', languages: ['en-US', 'zh-CN'] }))).toBe(
      'en',
    );
  });

  it('falls back to the first of navigator.languages, then to nothing', () => {
    expect(primaryBrowserLanguage({ language: '', languages: ['en-GB', 'zh-CN'] })).toBe('en-GB');
    expect(primaryBrowserLanguage({ language: '', languages: [] })).toBe('');
    expect(primaryBrowserLanguage(undefined)).toBe('');
  });
});

describe('parseLanguage', () => {
  it('accepts only the exact product languages', () => {
    expect(parseLanguage('en')).toBe('en');
    expect(parseLanguage('zh-Hans')).toBe('zh-Hans');
    expect(parseLanguage('zh-CN')).toBeNull();
    expect(parseLanguage('"en"')).toBeNull();
    expect(parseLanguage(null)).toBeNull();
  });
});

describe('languageToOffer', () => {
  const base = {
    chosen: 'zh-Hans' as const,
    manual: false,
    browserLanguage: 'en-US',
    alreadyPrompted: false,
  };

  it('offers the browser language when it differs from the chosen one', () => {
    expect(languageToOffer(base)).toBe('en');
    expect(languageToOffer({ ...base, chosen: 'en', browserLanguage: 'zh-CN' })).toBe('zh-Hans');
  });

  it('offers nothing to a Chinese browser that lists English second', () => {
    expect(languageToOffer({ ...base, browserLanguage: 'zh-CN' })).toBeNull();
  });

  it('stays silent after a manual choice, once prompted, or when languages agree', () => {
    expect(languageToOffer({ ...base, manual: true })).toBeNull();
    expect(languageToOffer({ ...base, alreadyPrompted: true })).toBeNull();
    expect(languageToOffer({ ...base, chosen: 'en' })).toBeNull();
  });
});

describe('helpers', () => {
  it('maps languages to the other one and to dayjs locales', () => {
    expect(otherLanguage('en')).toBe('zh-Hans');
    expect(otherLanguage('zh-Hans')).toBe('en');
    expect(dayjsLocaleOf('en')).toBe('en');
    expect(dayjsLocaleOf('zh-Hans')).toBe('zh-cn');
  });
});
