import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Lang } from '@app/contract/i18n';
import { LAZY_LOCALE_AREAS, resources, type LazyLocaleArea } from '../../locales/registry.ts';

/**
 * The app's i18next instance. Resources are bundled (merged per area by locales/registry.ts), so
 * initialisation completes at once.
 */
export const i18n = i18next.createInstance();

export async function initI18n(lang: Lang): Promise<typeof i18n> {
  await i18n.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: 'zh-Hans',
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

const loadedAreas = new Map<LazyLocaleArea, Promise<void>>();

/** Adds a lazily loaded area's strings (both languages) once; route modules that use it await it. */
export function loadLocaleArea(area: LazyLocaleArea): Promise<void> {
  let loading = loadedAreas.get(area);
  if (!loading) {
    loading = Promise.all(
      LANGUAGES.map(async (lang) => {
        const bundle = (await LAZY_LOCALE_AREAS[area][lang]()).default;
        i18n.addResourceBundle(lang, 'translation', bundle, true, false);
      }),
    ).then(() => undefined);
    // A failed download (offline) is retried by the next navigation, not cached as failed.
    loading.catch(() => loadedAreas.delete(area));
    loadedAreas.set(area, loading);
  }
  return loading;
}
