import { describe, expect, it } from 'vitest';
import { DICTIONARIES, DICT_NAMES } from './dict.ts';
import { MESSAGES } from './messages.ts';
import { message } from './messages.ts';
import { toLang } from './i18n.ts';

describe('bilingual labels', () => {
  it('gives every dictionary item a non-empty label in both languages and unique values', () => {
    for (const name of DICT_NAMES) {
      const items = DICTIONARIES[name];
      expect(items.length, name).toBeGreaterThan(0);
      expect(new Set(items.map((i) => i.value)).size, name).toBe(items.length);
      for (const item of items) {
        expect(item.label['zh-Hans'].trim(), `${name}:${item.value}`).not.toBe('');
        expect(item.label.en.trim(), `${name}:${item.value}`).not.toBe('');
      }
    }
  });

  it('has the five feedback types of the spec', () => {
    expect(DICTIONARIES['student.feedback.type'].map((i) => i.value)).toEqual([
      'bug',
      'teacher',
      'course',
      'suggestion',
      'other',
    ]);
  });

  it('has every message in both languages and fills placeholders', () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      expect(text['zh-Hans'].trim(), key).not.toBe('');
      expect(text.en.trim(), key).not.toBe('');
    }
    expect(message('error.invalidField', 'en', { field: 'mobile' })).toBe('Invalid value for mobile');
  });

  it('maps language tags to the two product languages', () => {
    expect(toLang('en')).toBe('en');
    expect(toLang('en-US')).toBe('en');
    expect(toLang('zh-Hans')).toBe('zh-Hans');
    expect(toLang('zh-CN')).toBe('zh-Hans');
    expect(toLang(undefined)).toBe('zh-Hans');
    expect(toLang('fr')).toBe('zh-Hans');
  });
});
