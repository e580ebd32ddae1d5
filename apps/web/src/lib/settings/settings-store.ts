import { create } from 'zustand';
import type { Lang } from '@app/contract/i18n';
import { primaryBrowserLanguage } from '../i18n/language.ts';
import { browserStorage } from '../storage.ts';
import { loadSettings, saveSettings, type Settings } from './settings-storage.ts';

type SettingsState = Settings & {
  /** A choice made by the student (manual = true) or accepted from the language prompt. */
  setLanguage: (language: Lang, manual?: boolean) => void;
  setDark: (dark: boolean) => void;
  /** Marks the current language as chosen without changing it (the student declined the prompt). */
  keepLanguage: () => void;
};

const storage = browserStorage('local');
const initial = loadSettings(storage, primaryBrowserLanguage());

/**
 * Settings of SPEC.md §3 (language, dark, manual-language flag), persisted on every change.
 * The language is persisted on first visit too, so a later change of the browser's language is
 * noticed and prompted for (DESIGN.md §8).
 */
export const useSettings = create<SettingsState>()((set) => ({
  ...initial,
  setLanguage: (language, manual = true) => set({ language, languageManual: manual }),
  setDark: (dark) => set({ dark }),
  keepLanguage: () => set({ languageManual: true }),
}));

saveSettings(storage, initial);
useSettings.subscribe((state) =>
  saveSettings(storage, { language: state.language, languageManual: state.languageManual, dark: state.dark }),
);

/** The current language outside React (HTTP headers, loaders). */
export function currentLanguage(): Lang {
  return useSettings.getState().language;
}
