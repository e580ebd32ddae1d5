import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys.ts';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, i) => key[i] === part);

describe('queryKeys', () => {
  it('nests every key of an area under its `all`, so one invalidation reaches them all', () => {
    const { teachers, favourites, ielts, dict } = queryKeys;
    for (const key of [
      teachers.list({ current: 1 }),
      teachers.info(3),
      teachers.reviews(3),
      teachers.schedule({ teacher_id: 3 }),
    ]) {
      expect(startsWith(key, teachers.all)).toBe(true);
    }
    expect(startsWith(favourites.ids(7), favourites.all)).toBe(true);
    expect(startsWith(favourites.list(7, 2, 10), favourites.all)).toBe(true);
    expect(startsWith(ielts.recordings(5), ielts.all)).toBe(true);
    expect(startsWith(dict.item('country', 'en'), dict.all)).toBe(true);
  });

  it('puts every variant under its group key (lists, infos, schedules)', () => {
    const { teachers } = queryKeys;
    expect(startsWith(teachers.list({ page: 2 }), teachers.lists())).toBe(true);
    expect(startsWith(teachers.info(9), teachers.infos())).toBe(true);
    expect(startsWith(teachers.schedule({ teacher_id: 9 }), teachers.schedules())).toBe(true);
    expect(startsWith(teachers.schedule({ teacher_id: 9 }), teachers.lists())).toBe(false);
  });

  it('keeps areas apart and keys each student’s data by the student', () => {
    const roots = [
      queryKeys.appConfig.all,
      queryKeys.dict.all,
      queryKeys.favourites.all,
      queryKeys.teachers.all,
      queryKeys.ielts.all,
      queryKeys.courses.all,
      queryKeys.wallet.all,
      queryKeys.home.all,
    ].map((key) => key[0]);
    expect(new Set(roots).size).toBe(roots.length);
    expect(queryKeys.favourites.ids(null)).toEqual(['favourites', 'ids', 'visitor']);
    expect(queryKeys.favourites.ids(7)).not.toEqual(queryKeys.favourites.ids(8));
  });
});
