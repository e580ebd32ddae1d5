import { describe, expect, it } from 'vitest';
import { formatTitle } from './title.ts';

describe('formatTitle', () => {
  it('joins page and brand with " - "', () => {
    expect(formatTitle('课表', '灵犀外教')).toBe('课表 - 灵犀外教');
    expect(formatTitle('Timetable', 'LinguaSpark')).toBe('Timetable - LinguaSpark');
  });

  it('falls back to whichever part exists', () => {
    expect(formatTitle(undefined, 'LinguaSpark')).toBe('LinguaSpark');
    expect(formatTitle('  ', 'LinguaSpark')).toBe('LinguaSpark');
    expect(formatTitle('Home', '')).toBe('Home');
  });
});
