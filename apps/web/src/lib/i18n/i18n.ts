import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Lang } from '@app/contract/i18n';
import zhHans from '../../locales/zh-Hans.json';
import en from '../../locales/en.json';

/** The app's i18next instance. Resources are bundled, so initialisation completes at once. */
export const i18n = i18next.createInstance();

export async function initI18n(lang: Lang): Promise<typeof i18n> {
  await i18n.use(initReactI18next).init({
    resources: { 'zh-Hans': { translation: zhHans }, en: { translation: en } },
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
