import { useTranslation } from 'react-i18next';
import { useSettings } from '../lib/settings/settings-store.ts';
import { useAppConfig } from '../features/app-config/api/get-app-config.ts';

/** Brand title in the current language: from /app/config, or the built-in name when it failed. */
export function useBrandTitle(): string {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const { data } = useAppConfig();
  return data?.brand[lang]?.trim() || t('brand.name');
}
