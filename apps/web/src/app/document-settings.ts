import type { Lang } from '@app/contract/i18n';
import { applyDateLocale } from '../lib/dates.ts';
import { i18n } from '../lib/i18n/i18n.ts';

/** `dark` class and color-scheme on <html>, so plain CSS and native controls follow the theme. */
export function applyDarkClass(dark: boolean): void {
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#0b1214' : '#0f766e');
}

/**
 * Everything outside React that follows the language: i18next, dayjs and <html lang>. The dayjs
 * locale may have to load first (lib/dates.ts); i18next switches after it, so the screens that
 * re-render with the new language format their dates in it too.
 */
export async function applyLanguage(lang: Lang): Promise<void> {
  document.documentElement.lang = lang;
  await applyDateLocale(lang);
  if (i18n.isInitialized && i18n.language !== lang) await i18n.changeLanguage(lang);
}
