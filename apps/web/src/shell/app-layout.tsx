import { Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { lazyWithAntd } from '../lib/antd/lazy-with-antd.tsx';
import { useAppConfig } from '../lib/app-config/get-app-config.ts';
import { staticBootScreen } from '../lib/boot-screen.ts';
import { useLoginDialog } from '../lib/session/login-dialog-store.ts';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './header/app-header.tsx';
import { Logo } from './logo.tsx';
import { RouteProgress } from './route-progress.tsx';
import { scrollKey } from './scroll-key.ts';
import { useDocumentTitle } from './use-document-title.ts';
import { useLanguagePrompt } from './use-language-prompt.tsx';

// The login dialog grows with the accounts issue (forms, validation); load it when first opened.
const LoginDialog = lazyWithAntd(() =>
  import('../features/auth/components/login-dialog.tsx').then((m) => ({ default: m.LoginDialog })),
);

/** Root layout: progress bar, sticky header, the page, footer and the global dialogs. */
export function AppLayout() {
  const { t } = useTranslation();
  useDocumentTitle();
  useLanguagePrompt();
  const loginOpen = useLoginDialog((s) => s.isOpen);
  const config = useAppConfig().data;
  const [loginUsed, setLoginUsed] = useState(false);
  // Stays mounted after the first open so the closing animation can play.
  if (loginOpen && !loginUsed) setLoginUsed(true);
  return (
    <div className="ls-app">
      <a href="#main" className="ls-skip-link">
        {t('nav.skipToContent')}
      </a>
      <RouteProgress />
      <AppHeader />
      <main id="main" className="ls-main" tabIndex={-1}>
        <Outlet />
      </main>
      <AppFooter />
      {loginUsed && (
        <Suspense fallback={null}>
          <LoginDialog demo={config ? { demo: config.demo, smsDriver: config.sms_driver } : null} />
        </Suspense>
      )}
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}

/**
 * Shown while the first route module loads, before the layout can render: the same start-up screen
 * as the static one in index.html, so the hand-over does not flicker.
 */
export function AppHydrateFallback() {
  const { t } = useTranslation();
  const bootScreen = staticBootScreen();
  // Markup of our own landing document, rendered from this page by the build (scripts/first-screens.ts).
  if (bootScreen) return <div dangerouslySetInnerHTML={{ __html: bootScreen }} />;
  return (
    <div className="ls-boot" aria-busy="true">
      <div className="ls-boot-brand">
        <Logo size={40} />
        <span>{t('brand.name')}</span>
      </div>
      <div className="ls-boot-spinner" />
    </div>
  );
}
