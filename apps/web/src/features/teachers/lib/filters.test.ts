import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  filtersFromParams,
  filtersToParams,
  hasNarrowingFilters,
  presetOf,
  presetRange,
  toListParams,
  type TeacherFilters,
} from './filters.ts';

describe('teacher filters ↔ URL params', () => {
  it('reads every filter from the URL', () => {
    const f = filtersFromParams(
      new URLSearchParams(
        'nationality=PH&language=yingyu&level=200&keyword=%20ielts%20&date=2026-11-23&time_from=18:00&time_to=24:00&favourites_only=1&sort=price&order=asc&page=3',
      ),
    );
    expect(f).toEqual({
      nationality: 'PH',
      language: 'yingyu',
      level: 200,
      keyword: 'ielts',
      date: '2026-11-23',
      time_from: '18:00',
      time_to: '24:00',
      favourites_only: true,
      sort: 'price',
      order: 'asc',
      page: 3,
    });
  });

  it('drops invalid values instead of sending them', () => {
    const f = filtersFromParams(
      new URLSearchParams(
        'nationality=XX&language=latin&level=150&date=tomorrow&time_from=20:00&time_to=08:00&sort=name&order=asc&page=-2',
      ),
    );
    expect(f).toEqual(DEFAULT_FILTERS);
  });

  it('keeps Mas spelled as the spec spells it', () => {
    expect(filtersFromParams(new URLSearchParams('nationality=Mas')).nationality).toBe('Mas');
  });

  it('round-trips through the URL and keeps unrelated params such as teacher', () => {
    const f: TeacherFilters = {
      ...DEFAULT_FILTERS,
      nationality: 'GBR',
      sort: 'price',
      order: 'desc',
      page: 2,
    };
    const params = filtersToParams(f, new URLSearchParams('teacher=7&level=300'));
    expect(params.get('teacher')).toBe('7');
    expect(params.get('level')).toBeNull();
    expect(filtersFromParams(params)).toEqual(f);
  });

  it('leaves defaults out of the URL', () => {
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('sort and page do not count as narrowing filters', () => {
    expect(hasNarrowingFilters({ ...DEFAULT_FILTERS, sort: 'price', page: 4 })).toBe(false);
    expect(hasNarrowingFilters({ ...DEFAULT_FILTERS, keyword: 'x' })).toBe(true);
  });
});

describe('time-of-day presets → query params', () => {
  it('maps each preset to a from-to range', () => {
    expect(presetRange('morning')).toEqual({ time_from: '06:00', time_to: '12:00' });
    expect(presetRange('afternoon')).toEqual({ time_from: '12:00', time_to: '18:00' });
    expect(presetRange('evening')).toEqual({ time_from: '18:00', time_to: '24:00' });
  });

  it('recognises a preset from a range and nothing from a custom one', () => {
    expect(presetOf('18:00', '24:00')).toBe('evening');
    expect(presetOf('09:00', '10:00')).toBeUndefined();
    expect(presetOf()).toBeUndefined();
  });

  it('builds the list query with tz and the preset range', () => {
    const f = { ...DEFAULT_FILTERS, ...presetRange('evening'), date: '2026-11-23' };
    expect(toListParams(f, { size: 12, timeZone: () => 'Asia/Shanghai', loggedIn: false })).toEqual({
      current: 1,
      size: 12,
      tz: 'Asia/Shanghai',
      sort: 'rating',
      order: 'desc',
      date: '2026-11-23',
      time_from: '18:00',
      time_to: '24:00',
    });
  });

  it('sends favourites_only only when logged in', () => {
    const f = { ...DEFAULT_FILTERS, favourites_only: true };
    expect(
      toListParams(f, { size: 12, timeZone: () => 'UTC', loggedIn: false }).favourites_only,
    ).toBeUndefined();
    expect(toListParams(f, { size: 12, timeZone: () => 'UTC', loggedIn: true }).favourites_only).toBe(1);
  });

  it('asks for the time zone only with a slot filter, the one thing the server reads it for', () => {
    let asked = 0;
    const timeZone = () => {
      asked++;
      return 'Europe/London';
    };
    expect(toListParams(DEFAULT_FILTERS, { size: 12, timeZone, loggedIn: false }).tz).toBeUndefined();
    expect(asked).toBe(0);
    const byTime = { ...DEFAULT_FILTERS, ...presetRange('morning') };
    expect(toListParams(byTime, { size: 12, timeZone, loggedIn: false }).tz).toBe('Europe/London');
    const byDate = { ...DEFAULT_FILTERS, date: '2026-11-30' };
    expect(toListParams(byDate, { size: 12, timeZone, loggedIn: false }).tz).toBe('Europe/London');
    expect(asked).toBe(2);
  });
});
