import type { Lang } from '@app/contract/i18n';
import appEn from './app/en.json';
import appZh from './app/zh-Hans.json';
import commonEn from './common/en.json';
import commonZh from './common/zh-Hans.json';
import feedbackEn from './feedback/en.json';
import feedbackZh from './feedback/zh-Hans.json';
import homeEn from './home/en.json';
import homeZh from './home/zh-Hans.json';
import teachersEn from './teachers/en.json';
import teachersZh from './teachers/zh-Hans.json';
import usersEn from './users/en.json';
import usersZh from './users/zh-Hans.json';

/**
 * The UI strings of the areas any first screen may need, bundled with the app and merged into one
 * translation namespace per language. Each area owns `src/locales/<area>/{zh-Hans,en}.json` and the
 * top-level keys in it (`teachers.*` belong to teachers); an area is added once, in both languages.
 *
 * LOCALE_AREAS are the shell's strings and those of the pages a visitor lands on (the home page,
 * the teacher list, the header's account menu, the footer's feedback link, the user centre's
 * navigation), so the first screen renders without waiting (DESIGN.md §8). Every other
 * area has `src/locales/<area>/index.ts`, which registers its strings (lib/i18n) when imported:
 * each module that uses the area's strings imports it (locales/area-imports.test.ts), so the
 * strings arrive with the code of the screens that show them. `npm run i18n:check` proves every
 * area complete in both languages, that no two areas claim the same top-level key, and that every
 * area is either listed here or registers itself.
 */
const LOCALE_AREAS = {
  app: { 'zh-Hans': appZh, en: appEn },
  common: { 'zh-Hans': commonZh, en: commonEn },
  feedback: { 'zh-Hans': feedbackZh, en: feedbackEn },
  home: { 'zh-Hans': homeZh, en: homeEn },
  teachers: { 'zh-Hans': teachersZh, en: teachersEn },
  users: { 'zh-Hans': usersZh, en: usersEn },
} as const;

function merge(lang: Lang): Record<string, unknown> {
  return Object.assign({}, ...Object.values(LOCALE_AREAS).map((area) => area[lang]));
}

/** i18next resources: one `translation` namespace per language. */
export const resources = {
  'zh-Hans': { translation: merge('zh-Hans') },
  en: { translation: merge('en') },
};
