import {
  NATIONALITIES,
  TEACHER_LANGUAGES,
  TEACHER_LEVELS,
  type Nationality,
  type TeacherLanguage,
  type TeacherLevel,
} from '@app/contract/enums';
import type { SortOrder, TeacherSort } from '@app/contract/teachers';
import { studentTimeZone } from '../../../lib/time/zoned-time.ts';

/**
 * Filters of the teacher discovery list as they live in the URL search params (shareable, survive a
 * reload). The param names are the API's own, so a shared link reads like the request it makes.
 */
export type TeacherFilters = {
  nationality?: Nationality;
  language?: TeacherLanguage;
  level?: TeacherLevel;
  keyword?: string;
  /** YYYY-MM-DD in the student's time zone. */
  date?: string;
  /** HH:mm, both or neither. */
  time_from?: string;
  time_to?: string;
  favourites_only?: boolean;
  sort: TeacherSort;
  order: SortOrder;
  page: number;
};

export const DEFAULT_FILTERS: TeacherFilters = { sort: 'rating', order: 'desc', page: 1 };
export const KEYWORD_MAX = 50;

/** The sort choices offered (one Select): value `sort:order`. */
export const SORT_CHOICES = [
  { value: 'rating:desc', key: 'teachers.sortRating' },
  { value: 'lessons:desc', key: 'teachers.sortLessons' },
  { value: 'price:asc', key: 'teachers.sortPriceAsc' },
  { value: 'price:desc', key: 'teachers.sortPriceDesc' },
] as const;

/** Time-of-day presets of the filter, in the student's zone; `24:00` ends a day. */
export const TIME_PRESETS = [
  { value: 'morning', from: '06:00', to: '12:00', key: 'teachers.timeMorning' },
  { value: 'afternoon', from: '12:00', to: '18:00', key: 'teachers.timeAfternoon' },
  { value: 'evening', from: '18:00', to: '24:00', key: 'teachers.timeEvening' },
] as const;
export type TimePreset = (typeof TIME_PRESETS)[number]['value'];

const HHMM = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const minutes = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

export function presetRange(preset: TimePreset): { time_from: string; time_to: string } {
  const p = TIME_PRESETS.find((x) => x.value === preset)!;
  return { time_from: p.from, time_to: p.to };
}

/** The preset a range equals, or undefined for a custom range (or none). */
export function presetOf(from?: string, to?: string): TimePreset | undefined {
  return TIME_PRESETS.find((p) => p.from === from && p.to === to)?.value;
}

/** Reads the filters from URL params; anything invalid is dropped (never sent to the server). */
export function filtersFromParams(params: URLSearchParams): TeacherFilters {
  const f: TeacherFilters = { ...DEFAULT_FILTERS };
  const nationality = params.get('nationality');
  if (NATIONALITIES.some((n) => n.value === nationality)) f.nationality = nationality as Nationality;
  const language = params.get('language');
  if (TEACHER_LANGUAGES.some((l) => l.value === language)) f.language = language as TeacherLanguage;
  const level = Number(params.get('level'));
  if (TEACHER_LEVELS.some((l) => l.value === level)) f.level = level as TeacherLevel;
  const keyword = (params.get('keyword') ?? '').trim().slice(0, KEYWORD_MAX);
  if (keyword) f.keyword = keyword;
  const date = params.get('date') ?? '';
  if (DATE.test(date)) f.date = date;
  const from = params.get('time_from') ?? '';
  const to = params.get('time_to') ?? '';
  if (HHMM.test(from) && HHMM.test(to) && minutes(from) < minutes(to)) {
    f.time_from = from;
    f.time_to = to;
  }
  if (params.get('favourites_only') === '1') f.favourites_only = true;
  const sort = params.get('sort');
  const order = params.get('order');
  const choice = SORT_CHOICES.find((c) => c.value === `${sort}:${order}`);
  if (choice) {
    const [s, o] = choice.value.split(':') as [TeacherSort, SortOrder];
    f.sort = s;
    f.order = o;
  }
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1 && page <= 10_000) f.page = page;
  return f;
}

/**
 * Writes the filters into `base` (other params such as `teacher` are kept); defaults are left out so
 * the plain home URL stays plain.
 */
export function filtersToParams(filters: TeacherFilters, base = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  const keys = [
    'nationality',
    'language',
    'level',
    'keyword',
    'date',
    'time_from',
    'time_to',
    'favourites_only',
    'sort',
    'order',
    'page',
  ];
  for (const key of keys) next.delete(key);
  if (filters.nationality) next.set('nationality', filters.nationality);
  if (filters.language) next.set('language', filters.language);
  if (filters.level) next.set('level', String(filters.level));
  if (filters.keyword) next.set('keyword', filters.keyword);
  if (filters.date) next.set('date', filters.date);
  if (filters.time_from && filters.time_to) {
    next.set('time_from', filters.time_from);
    next.set('time_to', filters.time_to);
  }
  if (filters.favourites_only) next.set('favourites_only', '1');
  if (filters.sort !== DEFAULT_FILTERS.sort || filters.order !== DEFAULT_FILTERS.order) {
    next.set('sort', filters.sort);
    next.set('order', filters.order);
  }
  if (filters.page > 1) next.set('page', String(filters.page));
  return next;
}

/** Whether any narrowing filter is set (sort and page do not narrow). */
export function hasNarrowingFilters(f: TeacherFilters): boolean {
  return Boolean(
    f.nationality || f.language || f.level || f.keyword || f.date || f.time_from || f.favourites_only,
  );
}

export type TeacherListParams = {
  current: number;
  size: number;
  /** With a slot filter only (toListParams). */
  tz?: string;
  sort: TeacherSort;
  order: SortOrder;
  nationality?: Nationality;
  language?: TeacherLanguage;
  level?: TeacherLevel;
  keyword?: string;
  date?: string;
  time_from?: string;
  time_to?: string;
  favourites_only?: 1;
};

/**
 * The GET /teacher/getTeacherList query of the filters. `favourites_only` is sent only when logged in
 * (a visitor's shared link must not ask for someone's favourites).
 */
export function toListParams(
  f: TeacherFilters,
  options: { size: number; timeZone: () => string; loggedIn: boolean },
): TeacherListParams {
  const params: TeacherListParams = {
    current: f.page,
    size: options.size,
    sort: f.sort,
    order: f.order,
  };
  if (f.nationality) params.nationality = f.nationality;
  if (f.language) params.language = f.language;
  if (f.level) params.level = f.level;
  if (f.keyword) params.keyword = f.keyword;
  if (f.date) params.date = f.date;
  if (f.time_from && f.time_to) {
    params.time_from = f.time_from;
    params.time_to = f.time_to;
  }
  // The server reads only a slot filter in the student's zone. Without one the zone is left out:
  // the same list has one query key (and one server cache entry) wherever the student is, and the
  // first screen does not wait for the browser's time-zone database (Intl), slow to load on a phone.
  if (params.date !== undefined || params.time_from !== undefined) params.tz = options.timeZone();
  if (f.favourites_only && options.loggedIn) params.favourites_only = 1;
  return params;
}

const DISCOVERY_PAGE_SIZE = 12;
/** Read once: the browser's zone does not change while the page is open. */
let discoveryTimeZone: string | undefined;

/**
 * Request params of the discovery list for the filters in the URL. The list and the start-up
 * prefetch (app/prefetch.ts) both use it, so they ask with the same query key.
 */
export function discoveryListParams(f: TeacherFilters, loggedIn: boolean): TeacherListParams {
  const timeZone = () => (discoveryTimeZone ??= studentTimeZone());
  return toListParams(f, { size: DISCOVERY_PAGE_SIZE, timeZone, loggedIn });
}
