import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './safe-return-url.ts';

describe('safeReturnUrl (?url= after login)', () => {
  it('keeps same-origin relative paths with their query and hash', () => {
    expect(safeReturnUrl('/course/index')).toBe('/course/index');
    expect(safeReturnUrl('/user/coins?page=2#top')).toBe('/user/coins?page=2#top');
    expect(safeReturnUrl('/')).toBe('/');
    expect(safeReturnUrl('/ielts/SpeakingSamples/view/7/TiMu/1/2/part2/9/Part%202/100%25%20real')).toBe(
      '/ielts/SpeakingSamples/view/7/TiMu/1/2/part2/9/Part%202/100%25%20real',
    );
  });

  it('falls back to / when there is nothing', () => {
    expect(safeReturnUrl(null)).toBe('/');
    expect(safeReturnUrl(undefined)).toBe('/');
    expect(safeReturnUrl('')).toBe('/');
  });

  it('refuses protocol-relative and backslash forms', () => {
    for (const raw of [
      '//evil.com',
      '//evil.com/path',
      '/\\evil.com',
      '/\\/evil.com',
      '/path\\..\\x',
      '///evil.com',
    ])
      expect(safeReturnUrl(raw), raw).toBe('/');
  });

  it('refuses schemes and anything not starting with a slash', () => {
    for (const raw of [
      'https://evil.com',
      'http://evil.com/course',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,hi',
      'evil.com',
      'course/index',
      ' /course',
    ])
      expect(safeReturnUrl(raw), raw).toBe('/');
  });

  it('refuses control characters that browsers strip (tab, newline, NUL)', () => {
    for (const raw of ['/\t/evil.com', '/\n/evil.com', '/\r\n/evil.com', '/\u0000/evil.com'])
      expect(safeReturnUrl(raw), JSON.stringify(raw)).toBe('/');
  });

  it('does not return to /login itself', () => {
    expect(safeReturnUrl('/login')).toBe('/');
    expect(safeReturnUrl('/login?url=%2Fuser')).toBe('/');
  });

  it('normalises dot segments without leaving the origin', () => {
    expect(safeReturnUrl('/a/../user/home')).toBe('/user/home');
    expect(safeReturnUrl('/..//evil.com')).toBe('/');
    expect(safeReturnUrl('/x/..//evil.com/')).toBe('/');
  });
});
