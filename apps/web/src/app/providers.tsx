import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { i18n } from '../lib/i18n/i18n.ts';
import { useSettings } from '../lib/settings/settings-store.ts';
import { useIsDark } from '../lib/settings/use-is-dark.ts';
import { AppUiBridge } from './app-ui-bridge.tsx';
import { applyDarkClass } from './document-settings.ts';
import { queryClient } from './query-client.ts';
import type { AppRouter } from './router.tsx';
import { buildTheme } from './theme.ts';

// antd spaces out two-character Chinese labels ("登 录"); screen readers then spell them out.
const BUTTON_CONFIG = { autoInsertSpace: false };

type AppProvidersProps = { router: AppRouter };

/** Query client, i18n, antd theme + locale and antd <App> (toasts/dialogs) around the router. */
export function AppProviders({ router }: AppProvidersProps) {
  const language = useSettings((s) => s.language);
  const dark = useIsDark();
  const theme = useMemo(() => buildTheme(dark), [dark]);

  useEffect(() => applyDarkClass(dark), [dark]);

  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider locale={language === 'en' ? enUS : zhCN} theme={theme} button={BUTTON_CONFIG}>
          <App>
            <AppUiBridge />
            <RouterProvider router={router} />
          </App>
        </ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
