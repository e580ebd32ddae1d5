import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { loadAntdStyles } from '../lib/antd/antd-styles.ts';
import { appUiWanted, subscribeAppUiWanted } from '../lib/antd/app-ui.ts';
import { i18n } from '../lib/i18n/i18n.ts';
import { useIsDark } from '../lib/settings/use-is-dark.ts';
import { applyDarkClass } from './document-settings.ts';
import { queryClient } from './query-client.ts';
import type { AppRouter } from './router.tsx';

// antd's root for toasts and dialogs outside an antd screen: loaded when first asked for (app-ui.ts).
const AntdRoot = lazy(async () => {
  const [root] = await Promise.all([import('../lib/antd/antd-root.tsx'), loadAntdStyles()]);
  return root;
});

type AppProvidersProps = { router: AppRouter };

/**
 * Query client and i18n around the router. antd is not here: the shell and the home page's first
 * screen render without it, and each part that uses it brings its own scope (lib/antd, issue 16).
 */
export function AppProviders({ router }: AppProvidersProps) {
  const dark = useIsDark();
  const antdWanted = useSyncExternalStore(subscribeAppUiWanted, appUiWanted, appUiWanted);

  useEffect(() => applyDarkClass(dark), [dark]);

  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        {antdWanted && (
          <Suspense fallback={null}>
            <AntdRoot />
          </Suspense>
        )}
      </QueryClientProvider>
    </I18nextProvider>
  );
}
