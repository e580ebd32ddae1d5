import { describe, expect, it } from 'vitest';
import { isAppPath, isPlainClick } from './links.ts';

describe('isAppPath', () => {
  it('accepts paths of the app, with a query or a hash', () => {
    expect(isAppPath('/')).toBe(true);
    expect(isAppPath('/help/faq')).toBe(true);
    expect(isAppPath('/help/faq#contact')).toBe(true);
    expect(isAppPath('/ielts?bank=2')).toBe(true);
  });

  it('treats other sites, protocol-relative URLs and relative paths as external', () => {
    expect(isAppPath('https://help.school.example/faq')).toBe(false);
    expect(isAppPath('//evil.example/faq')).toBe(false);
    expect(isAppPath('/\\evil.example')).toBe(false);
    expect(isAppPath('mailto:help@school.example')).toBe(false);
    expect(isAppPath('help/faq')).toBe(false);
    expect(isAppPath('')).toBe(false);
  });
});

describe('isPlainClick', () => {
  const click = { button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };

  it('is a left click without a modifier key', () => {
    expect(isPlainClick(click)).toBe(true);
  });

  it('is not a click with a modifier key or another button (the browser opens the link)', () => {
    for (const key of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'] as const) {
      expect(isPlainClick({ ...click, [key]: true })).toBe(false);
    }
    expect(isPlainClick({ ...click, button: 1 })).toBe(false);
  });
});
