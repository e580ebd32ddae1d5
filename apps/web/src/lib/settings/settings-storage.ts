import { LANGUAGE_STORAGE_KEY } from '@app/contract/constants';
import type { Lang } from '@app/contract/i18n';
import { detectLanguage, parseLanguage } from '../i18n/language.ts';
import { readItem, readJson, writeItem, writeJson, type KeyValueStorage } from '../storage.ts';

/** Other settings live beside LANGUAGE, which SPEC.md §3 fixes as a plain value under its own key. */
export const SETTINGS_STORAGE_KEY = 'SETTINGS';

export type Settings = {
  language: Lang;
  /** True once the student picked a language; the choice then wins over the browser's. */
  languageManual: boolean;
  /** Explicit dark choice, or null to follow the system's prefers-color-scheme. */
  dark: boolean | null;
};

export function loadSettings(
  storage: KeyValueStorage | null,
  /** The browser's primary language (`navigator.language`); the rest of its list does not count. */
  browserLanguage: string | undefined,
): Settings {
  const stored = parseLanguage(readItem(storage, LANGUAGE_STORAGE_KEY));
  const extra = readJson(storage, SETTINGS_STORAGE_KEY);
  const record = extra && typeof extra === 'object' ? (extra as Record<string, unknown>) : {};
  const languageManual = stored !== null && record.languageManual === true;
  return {
    language: stored ?? detectLanguage(browserLanguage),
    languageManual,
    dark: typeof record.dark === 'boolean' ? record.dark : null,
  };
}

export function saveSettings(storage: KeyValueStorage | null, settings: Settings): void {
  writeItem(storage, LANGUAGE_STORAGE_KEY, settings.language);
  writeJson(storage, SETTINGS_STORAGE_KEY, { languageManual: settings.languageManual, dark: settings.dark });
}
