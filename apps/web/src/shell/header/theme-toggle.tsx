import { Button } from 'antd';
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
    <Button
      type="text"
      shape="circle"
      icon={dark ? <SunOutlined /> : <MoonOutlined />}
      aria-label={dark ? t('header.toLight') : t('header.toDark')}
      data-testid="theme-toggle"
      onClick={() => setDark(!dark)}
    />
  );
}
