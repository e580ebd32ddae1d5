import type { Lang } from '@app/contract/i18n';
import appEn from './app/en.json';
import appZh from './app/zh-Hans.json';
import authEn from './auth/en.json';
import authZh from './auth/zh-Hans.json';
import commonEn from './common/en.json';
import commonZh from './common/zh-Hans.json';
import coursesEn from './courses/en.json';
import coursesZh from './courses/zh-Hans.json';
import feedbackEn from './feedback/en.json';
import feedbackZh from './feedback/zh-Hans.json';
import filesEn from './files/en.json';
import filesZh from './files/zh-Hans.json';
import helpEn from './help/en.json';
import helpZh from './help/zh-Hans.json';
import homeEn from './home/en.json';
import homeZh from './home/zh-Hans.json';
import paymentsEn from './payments/en.json';
import paymentsZh from './payments/zh-Hans.json';
import teachersEn from './teachers/en.json';
import teachersZh from './teachers/zh-Hans.json';
import usersEn from './users/en.json';
import usersZh from './users/zh-Hans.json';
import walletEn from './wallet/en.json';
import walletZh from './wallet/zh-Hans.json';

/**
 * The UI strings of every area, merged into one translation namespace per language. Each area owns
 * `src/locales/<area>/{zh-Hans,en}.json` and the top-level keys in it (`teachers.*` belong to
 * teachers); an area is added here once, in both languages. `npm run i18n:check` proves every area
 * complete in both languages, that no two areas claim the same top-level key, and that every area
 * folder is listed here, in LOCALE_AREAS or LAZY_LOCALE_AREAS.
 *
 * LOCALE_AREAS are bundled with the app, so the first screen renders without waiting (DESIGN.md
 * §8): the shell's strings and those of screens reachable from it at once.
 */
const LOCALE_AREAS = {
  app: { 'zh-Hans': appZh, en: appEn },
  common: { 'zh-Hans': commonZh, en: commonEn },
  courses: { 'zh-Hans': coursesZh, en: coursesEn },
  auth: { 'zh-Hans': authZh, en: authEn },
  feedback: { 'zh-Hans': feedbackZh, en: feedbackEn },
  home: { 'zh-Hans': homeZh, en: homeEn },
  teachers: { 'zh-Hans': teachersZh, en: teachersEn },
  help: { 'zh-Hans': helpZh, en: helpEn },
  // The user centre's home and header show balances, so wallet and payment strings ship with the app.
  wallet: { 'zh-Hans': walletZh, en: walletEn },
  payments: { 'zh-Hans': paymentsZh, en: paymentsEn },
  // The user centre's navigation (shell) and its pages, reachable from the header.
  users: { 'zh-Hans': usersZh, en: usersEn },
  files: { 'zh-Hans': filesZh, en: filesEn },
} as const;

function merge(lang: Lang): Record<string, unknown> {
  return Object.assign({}, ...Object.values(LOCALE_AREAS).map((area) => area[lang]));
}

/** i18next resources: one `translation` namespace per language. */
export const resources = {
  'zh-Hans': { translation: merge('zh-Hans') },
  en: { translation: merge('en') },
};

/**
 * Areas whose strings only their own screens use load with those screens, not on the first screen:
 * the router's `page(…, { locales })` awaits `loadLocaleArea` (lib/i18n) with the route's code.
 * Both languages load together, so a language switch on the screen needs no wait.
 */
export const LAZY_LOCALE_AREAS = {
  ielts: { 'zh-Hans': () => import('./ielts/zh-Hans.json'), en: () => import('./ielts/en.json') },
} as const satisfies Record<string, Record<Lang, () => Promise<{ default: object }>>>;

export type LazyLocaleArea = keyof typeof LAZY_LOCALE_AREAS;
