import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { linkAppStylesheet } from '../lib/app-stylesheet.ts';
import { keepStaticBootScreen } from '../lib/boot-screen.ts';
import { preloadDateLocales } from '../lib/dates.ts';
import { initI18n } from '../lib/i18n/i18n.ts';
import { useSettings } from '../lib/settings/settings-store.ts';
import { systemPrefersDark } from '../lib/settings/use-is-dark.ts';
import { applyDarkClass, applyLanguage } from './document-settings.ts';
import { getUserInfo } from '../features/auth/api/get-user-info.ts';
import { listenForLogout } from '../lib/session/logout-broadcast.ts';
import { session, isLoggedIn } from '../lib/session/session-store.ts';
import { setupHttp } from './http-setup.ts';
import { yieldToMain } from '../lib/yield-to-main.ts';
import { firstScreenWait, prefetchFirstScreen } from './prefetch.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

/**
 * Start-up of SPEC.md §1: stores, translations, router and HTTP client; render only once the
 * translations are ready (bundled, so that is immediate).
 */
export async function bootstrap(container: HTMLElement): Promise<void> {
  const settings = useSettings.getState();
  applyDarkClass(settings.dark ?? systemPrefersDark());
  // The modules' evaluation was one task: the translations start the next.
  await yieldToMain();
  await Promise.all([applyLanguage(settings.language), initI18n(settings.language)]);

  // A language switch updates dayjs, i18n and <html lang>; screens re-render with i18n's change.
  useSettings.subscribe((state, previous) => {
    if (state.language !== previous.language) void applyLanguage(state.language);
  });

  const stylesheet = linkAppStylesheet();
  await yieldToMain();
  const router = createAppRouter();
  setupHttp((url) => void router.navigate(url));
  await Promise.all([restoreSession(), stylesheet, firstScreenWait(window.location)]);
  prefetchFirstScreen(window.location);
  // Logged out in another tab: this tab of the same session ends too, on a fresh home page.
  listenForLogout(
    () => session.useSession.getState().token,
    () => {
      session.reset();
      window.location.assign('/');
    },
  );

  keepStaticBootScreen(container);
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders router={router} />
      </StrictMode>,
    );
  });
  setTimeout(preloadDateLocales, 3_000);
}

/** The stored session is read before the first render, so the header never flashes "Log in". */
const SESSION_RESTORE_WAIT_MS = 2_000;

async function restoreSession(): Promise<void> {
  const hydrated = session.hydrate().then(() => {
    // Keeps nickname and avatar current (changed on another device) and validates the session:
    // an expired access token is refreshed here (66666), a revoked one shows the login-expired dialog.
    if (isLoggedIn()) {
      getUserInfo()
        .then((info) => session.updateUserInfo(info))
        .catch(() => undefined);
    }
  });
  // A stuck IndexedDB must not keep the app blank; guards still wait for the session.
  await Promise.race([hydrated, new Promise((resolve) => setTimeout(resolve, SESSION_RESTORE_WAIT_MS))]);
}
