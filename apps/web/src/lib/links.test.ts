import { describe, expect, it } from 'vitest';
import { isAppPath } from './links.ts';

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
