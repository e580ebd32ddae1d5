import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../storage.ts';
import { loadSettings, saveSettings, SETTINGS_STORAGE_KEY } from './settings-storage.ts';

describe('loadSettings', () => {
  it('detects the language from the browser on a first visit', () => {
    expect(loadSettings(memoryStorage(), 'zh-CN')).toEqual({
      language: 'zh-Hans',
      languageManual: false,
      dark: null,
    });
    expect(loadSettings(memoryStorage(), 'en-US').language).toBe('en');
  });

  it('uses the stored LANGUAGE over the browser', () => {
    const storage = memoryStorage({ LANGUAGE: 'en' });
    expect(loadSettings(storage, 'zh-CN').language).toBe('en');
  });

  it('ignores an invalid stored language', () => {
    expect(loadSettings(memoryStorage({ LANGUAGE: 'de' }), 'zh-CN').language).toBe('zh-Hans');
  });

  it('restores the manual flag and the dark choice', () => {
    const storage = memoryStorage({
      LANGUAGE: 'zh-Hans',
      [SETTINGS_STORAGE_KEY]: JSON.stringify({ languageManual: true, dark: false }),
    });
    expect(loadSettings(storage, 'en-US')).toEqual({
      language: 'zh-Hans',
      languageManual: true,
      dark: false,
    });
  });

  it('does not trust a manual flag without a stored language', () => {
    const storage = memoryStorage({ [SETTINGS_STORAGE_KEY]: JSON.stringify({ languageManual: true }) });
    expect(loadSettings(storage, 'en').languageManual).toBe(false);
  });
});

describe('saveSettings', () => {
  it('stores the language as the plain value under LANGUAGE', () => {
    const storage = memoryStorage();
    saveSettings(storage, { language: 'en', languageManual: true, dark: true });
    expect(storage.dump().LANGUAGE).toBe('en');
    expect(JSON.parse(storage.dump()[SETTINGS_STORAGE_KEY]!)).toEqual({ languageManual: true, dark: true });
    expect(loadSettings(storage, 'zh-CN')).toEqual({ language: 'en', languageManual: true, dark: true });
  });
});
