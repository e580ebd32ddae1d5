import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Lang } from '@app/contract/i18n';
import { resources } from '../../locales/registry.ts';

/**
 * The app's i18next instance. The strings of the areas every screen may need are bundled with the
 * app (locales/registry.ts); every other area registers its own when the first module that uses it
 * loads (locales/<area>/index.ts, imported by each such module), so a screen's strings arrive with
 * its code and the first screen does not download the others. Initialisation completes at once.
 */
export const i18n = i18next.createInstance();

/** Areas registered before i18n started: merged into its resources when it does. */
const registered: Array<Record<Lang, object>> = [];

/**
 * Adds an area's strings (both languages, so a language switch needs no wait). Called by
 * locales/<area>/index.ts when it is imported, which is before any module that imports it renders.
 */
export function registerLocaleArea(strings: Record<Lang, object>): void {
  registered.push(strings);
  if (!i18n.isInitialized) return;
  for (const lang of LANGUAGES) i18n.addResourceBundle(lang, 'translation', strings[lang], true, false);
}

function withRegistered(lang: Lang): Record<string, unknown> {
  return Object.assign({}, resources[lang].translation, ...registered.map((strings) => strings[lang]));
}

export async function initI18n(lang: Lang): Promise<typeof i18n> {
  await i18n.use(initReactI18next).init({
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: withRegistered(l) }])),
    lng: lang,
    fallbackLng: 'zh-Hans',
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    // A key without a string is a bug (most likely a module that uses an area's strings without
    // importing locales/<area>/index.ts): said on the console, where the browser tests fail on it.
    // A call that names its own fallback (`defaultValue`) expects misses.
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key, fallback) => {
      if (fallback === key) console.error(`i18n: no string for "${key}"`);
    },
  });
  return i18n;
}
