import dayjs from 'dayjs';
import updateLocale from 'dayjs/plugin/updateLocale';
import type { Lang } from '@app/contract/i18n';
import { dayjsLocaleOf } from './i18n/language.ts';

dayjs.extend(updateLocale);
// Weeks start on Monday in both languages (DESIGN.md §8); zh-cn already does, en does not.
dayjs.updateLocale('en', { weekStart: 1 });

// The Chinese locale is its own small chunk, not part of the entry (issue 16): start-up waits for it
// alongside the translations, and an English start fetches it once the page is up.
let zhCn: Promise<void> | undefined;
function loadZhCn(): Promise<void> {
  zhCn ??= import('dayjs/locale/zh-cn').then(() => {
    dayjs.updateLocale('zh-cn', { weekStart: 1 });
  });
  return zhCn;
}

let requested: Lang | undefined;

/** Sets dayjs' global locale for `lang`, loading it first when needed; the last call wins. */
export async function applyDateLocale(lang: Lang): Promise<void> {
  requested = lang;
  const name = dayjsLocaleOf(lang);
  if (name === 'zh-cn') await loadZhCn();
  if (requested === lang) dayjs.locale(name);
}

/** Fetches the locales not in use yet, so a language switch formats dates at once. */
export function preloadDateLocales(): void {
  void loadZhCn();
}
