import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../lib/settings/settings-store.ts';
import { useIsDark } from '../../lib/settings/use-is-dark.ts';

/** Dark/light toggle; the choice is persisted and wins over prefers-color-scheme. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const dark = useIsDark();
  const setDark = useSettings((s) => s.setDark);
  return (
    <button
      type="button"
      className="ls-btn ls-btn-text ls-btn-circle"
      aria-label={dark ? t('header.toLight') : t('header.toDark')}
      data-testid="theme-toggle"
      onClick={() => setDark(!dark)}
    >
      {dark ? <SunOutlined aria-hidden="true" /> : <MoonOutlined aria-hidden="true" />}
    </button>
  );
}
