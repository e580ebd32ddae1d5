import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../lib/app-config/get-app-config.ts';
import type { LoginDialogMode } from '../../../lib/session/login-dialog-store.ts';
import { isLoggedIn } from '../../../lib/session/session-store.ts';
import { LoginForm, RELOAD_AFTER_LOGIN_MS } from '../components/login-form.tsx';
import { safeReturnUrl } from '../lib/safe-return-url.ts';
import '../../../locales/auth/index.ts';

/**
 * /login: the login form as a page. After login (or when already logged in) it goes to `?url=`,
 * accepted only as a same-origin relative path (DESIGN.md §7). A full load, so every query starts
 * over with the new session.
 */
export default function LoginRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const target = safeReturnUrl(params.get('url'));
  // Only a session that existed when the page opened redirects at once; a login made here first
  // shows its welcome and waits for the record to be stored.
  const [alreadyLoggedIn] = useState(isLoggedIn);
  const config = useAppConfig().data;
  const [mode, setMode] = useState<LoginDialogMode>('login');

  useEffect(() => {
    if (alreadyLoggedIn) window.location.replace(target);
  }, [alreadyLoggedIn, target]);

  return (
    <div className="ls-auth-page">
      <h1>{mode === 'register' ? t('auth.registerTitle') : t('auth.loginTitle')}</h1>
      <p className="ls-muted">{alreadyLoggedIn ? t('auth.alreadyLoggedIn') : t('auth.pageIntro')}</p>
      <LoginForm
        idPrefix="page"
        mode={mode}
        onModeChange={setMode}
        demo={config ? { demo: config.demo, smsDriver: config.sms_driver } : null}
        onLoggedIn={() => {
          setTimeout(() => window.location.assign(target), RELOAD_AFTER_LOGIN_MS);
        }}
      />
    </div>
  );
}
