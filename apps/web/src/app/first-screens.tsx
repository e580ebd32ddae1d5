import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { LANGUAGES, type Lang } from '@app/contract/i18n';
import { i18n, initI18n } from '../lib/i18n/i18n.ts';
import { useSettings } from '../lib/settings/settings-store.ts';
import { Logo } from '../shell/logo.tsx';
import IeltsIndexRoute from '../features/ielts/routes/ielts-index.tsx';
import HomeRoute from './routes/home.tsx';
import TeacherBookingRoute from './routes/teacher-booking.tsx';
import type { LandingRouteId } from './landing-routes.ts';

export { LANGUAGES };

/**
 * The start-up screens, rendered by the build (scripts/first-screens.ts) from the pages themselves:
 * each landing page with a first screen of its own (landing-routes.ts), in both languages, as it
 * renders before its data has arrived (its skeletons), below the header's brand; and the generic
 * screen (the brand and a spinner) of every other page. The server sends each landing page's
 * document with its own screen, every other path gets index.html with the generic one; the
 * stylesheet shows the language <html lang> names. React replaces #root when it renders, and shows
 * the same screen until the first route has loaded (AppHydrateFallback), so nothing flickers.
 *
 * Runs in Node at build time: no effect runs, so nothing here reads the browser.
 */
const PAGES: Record<'home' | 'ielts' | 'booking', { path: string; url: string; page: () => ReactNode }> = {
  home: { path: '/', url: '/', page: () => <HomeRoute /> },
  ielts: { path: '/ielts', url: '/ielts', page: () => <IeltsIndexRoute /> },
  // Any teacher: the screen is the page before the teacher's data has arrived.
  booking: {
    path: '/teacher/booking/:teacher_id',
    url: '/teacher/booking/1',
    page: () => <TeacherBookingRoute />,
  },
};

/**
 * The header as the app draws it before its menus and the student's area are known: the logo and
 * the brand, in each language (the stylesheet shows the page's).
 */
function headerBrand(id: string): string {
  return renderToStaticMarkup(
    <div className="ls-header">
      <div className="ls-header-inner">
        <span className="ls-brand">
          <Logo size={34} />
          {LANGUAGES.map((lang) => (
            <span key={lang} className="ls-brand-name ls-boot-lang" data-boot-lang={lang}>
              {i18n.getFixedT(lang)('brand.name')}
            </span>
          ))}
        </span>
      </div>
    </div>,
    { identifierPrefix: `ls-boot-${id}-` },
  );
}

/** The page in one language, as it renders before its data has arrived. */
function renderPage(id: keyof typeof PAGES, lang: Lang): string {
  const { path, url, page } = PAGES[id];
  // A render on the server fetches nothing: every query is loading, so the page shows its skeletons.
  const queries = new QueryClient();
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queries}>
        <MemoryRouter initialEntries={[url]}>
          <div className="ls-boot-lang" data-boot-lang={lang}>
            <Routes>
              <Route path={path} element={page()} />
            </Routes>
          </div>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
    // Unique ids across the screens and languages of one document.
    { identifierPrefix: `ls-boot-${id}-${lang}-` },
  );
}

/** The brand and a spinner: the start-up screen of every other page. */
function genericScreen(): string {
  const names = LANGUAGES.map((lang) => (
    <span key={lang} className="ls-boot-name" lang={lang}>
      {i18n.getFixedT(lang)('brand.name')}
    </span>
  ));
  return renderToStaticMarkup(
    <div className="ls-boot ls-boot-generic" aria-busy="true">
      <div className="ls-boot-brand">
        <Logo size={40} />
        {names}
      </div>
      <div className="ls-boot-spinner" />
    </div>,
    { identifierPrefix: 'ls-boot-generic-' },
  );
}

export type RenderedScreens = {
  /** The generic screen and each page's header: both languages at once. */
  generic: string;
  headers: Record<string, string>;
  /** Each page in this module instance's language (the browser's, as the settings read it). */
  lang: Lang;
  pages: Record<string, string>;
};

/**
 * The start-up screens' parts in one language: the settings' (read once, from the browser's
 * language, when their store is created), which the build sets for each module instance it loads.
 */
export async function renderFirstScreens(ids: readonly LandingRouteId[]): Promise<RenderedScreens> {
  const lang = useSettings.getState().language;
  await initI18n(lang);
  const headers: Record<string, string> = {};
  const pages: Record<string, string> = {};
  for (const id of ids) {
    if (!(id in PAGES)) throw new Error(`first-screens: no first screen for the landing page ${id}`);
    headers[id] = headerBrand(id);
    pages[id] = renderPage(id as keyof typeof PAGES, lang);
  }
  return { generic: genericScreen(), headers, lang, pages };
}
