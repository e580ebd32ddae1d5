import type { ReactNode } from 'react';
import { SubNav } from '../../../components/sub-nav.tsx';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { helpContent } from '../content/index.ts';
import type { HelpContent } from '../content/types.ts';
import './help.css';
import '../../../locales/help/index.ts';

/** The help pages' text in the current language. */
export function useHelpContent(): HelpContent {
  return helpContent[useSettings((s) => s.language)];
}

const PAGES = [
  { to: '/help/faq', title: 'titles.helpFaq' },
  { to: '/help/manual', title: 'titles.helpManual' },
  { to: '/help/app', title: 'titles.helpApp' },
] as const;

type HelpLayoutProps = {
  title: string;
  intro: ReactNode;
  /** Anchors of the page's sections, for the table of contents. */
  toc?: { id: string; title: string }[];
  children: ReactNode;
};

/** Frame of the help pages: links between them, the page heading, a table of contents. */
export function HelpLayout({ title, intro, toc, children }: HelpLayoutProps) {
  const { t } = useTranslation();
  return (
    <article className="ls-help" data-testid="help-page">
      <SubNav
        label={t('help.navLabel')}
        links={PAGES.map((page) => ({ to: page.to, label: t(page.title) }))}
      />
      <header className="ls-help-head">
        <h1>{title}</h1>
        {intro}
      </header>
      {toc && toc.length > 0 && (
        <nav className="ls-help-toc" aria-label={t('help.tocLabel')}>
          <h2>{t('help.tocLabel')}</h2>
          <ul>
            {toc.map((entry) => (
              <li key={entry.id}>
                <a href={`#${entry.id}`}>{entry.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {children}
    </article>
  );
}
