import { useMemo, type ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useSettings } from '../settings/settings-store.ts';
import { useIsDark } from '../settings/use-is-dark.ts';
import { buildTheme } from './theme.ts';

// antd spaces out two-character Chinese labels ("登 录"); screen readers then spell them out.
const BUTTON_CONFIG = { autoInsertSpace: false };

/**
 * antd's theme, locale and <App> (toasts and dialogs that follow them) around one part of the app
 * that uses antd: a page, a dialog, a drawer. The shell and the home page's first screen render
 * without antd (issue 16); each part that needs it loads it with this scope (`lazyWithAntd`, the
 * router's pages). `<App>` adds no element of its own, so a scope changes no layout.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const language = useSettings((s) => s.language);
  const dark = useIsDark();
  const theme = useMemo(() => buildTheme(dark), [dark]);
  return (
    <ConfigProvider locale={language === 'en' ? enUS : zhCN} theme={theme} button={BUTTON_CONFIG}>
      <App component={false}>{children}</App>
    </ConfigProvider>
  );
}
