import { describe, expect, it } from 'vitest';
import { dayjsLocaleOf, detectLanguage, languageToOffer, otherLanguage, parseLanguage } from './language.ts';

describe('detectLanguage', () => {
  it('defaults to Chinese when the browser has no English', () => {
    expect(detectLanguage(['zh-CN', 'zh'])).toBe('zh-Hans');
    expect(detectLanguage(['fr-FR'])).toBe('zh-Hans');
    expect(detectLanguage([])).toBe('zh-Hans');
    expect(detectLanguage(undefined)).toBe('zh-Hans');
  });

  it('picks English when any browser language is English', () => {
    expect(detectLanguage(['en-US'])).toBe('en');
    expect(detectLanguage(['zh-CN', 'en'])).toBe('en');
    expect(detectLanguage(['EN_gb'])).toBe('en');
  });

  it('does not mistake languages that merely start with "en" letters', () => {
    expect(detectLanguage(['enx-US'])).toBe('zh-Hans');
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
    browserLanguages: ['en-US'],
    alreadyPrompted: false,
  };

  it('offers the browser language when it differs from the chosen one', () => {
    expect(languageToOffer(base)).toBe('en');
    expect(languageToOffer({ ...base, chosen: 'en', browserLanguages: ['zh-CN'] })).toBe('zh-Hans');
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
