import { useTranslation } from 'react-i18next';
import { useSettings } from '../settings/settings-store.ts';
import { useAppConfig } from './get-app-config.ts';

/** Brand title in the current language: from /app/config, or the built-in name when it failed. */
export function useBrandTitle(): string {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const { data } = useAppConfig();
  return data?.brand[lang]?.trim() || t('brand.name');
}
