import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../lib/i18n/i18n.ts';
import { useSettings } from '../lib/settings/settings-store.ts';
import { systemPrefersDark } from '../lib/settings/use-is-dark.ts';
import { applyDarkClass, applyLanguage } from './document-settings.ts';
import { setupHttp } from './http-setup.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

/**
 * Start-up of SPEC.md §1: stores, translations, router and HTTP client; render only once the
 * translations are ready (bundled, so that is immediate).
 */
export async function bootstrap(container: HTMLElement): Promise<void> {
  const settings = useSettings.getState();
  applyDarkClass(settings.dark ?? systemPrefersDark());
  applyLanguage(settings.language);
  await initI18n(settings.language);

  // A language switch updates i18n, dayjs and <html lang> before React re-renders with it.
  useSettings.subscribe((state, previous) => {
    if (state.language !== previous.language) applyLanguage(state.language);
  });

  const router = createAppRouter();
  setupHttp((url) => void router.navigate(url));

  createRoot(container).render(
    <StrictMode>
      <AppProviders router={router} />
    </StrictMode>,
  );
}
