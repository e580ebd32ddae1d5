import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { MenuOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { lazyWithAntd } from '../../lib/antd/lazy-with-antd.tsx';
import { useIsLoggedIn } from '../../lib/session/session-store.ts';
import { Logo } from '../logo.tsx';
import { useBrandTitle } from '../../lib/app-config/use-brand-title.ts';
import { ContactMenu } from './contact-menu.tsx';
import { FavouritesButton } from './favourites-button.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { MainNav } from './main-nav.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserArea } from './user-area.tsx';

// Loaded on first use: the first screen should not pay for the drawer or the QR code renderer.
const MobileMenu = lazyWithAntd(() => import('./mobile-menu.tsx'));
const TeachingAssistantDialog = lazyWithAntd(() => import('../teaching-assistant-dialog.tsx'));

/**
 * Sticky header of SPEC.md §2. Below 992 px everything but the logo and the theme toggle moves into
 * a drawer behind a hamburger button, so a 375 px phone has no horizontal scroll.
 */
export function AppHeader() {
  const { t } = useTranslation();
  const brand = useBrandTitle();
  const loggedIn = useIsLoggedIn();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [assistantOpen, setAssistantOpen] = useState(false);
  const [assistantUsed, setAssistantUsed] = useState(false);
  const openDrawer = () => {
    setDrawerUsed(true);
    setDrawerOpen(true);
  };
  const openAssistant = () => {
    setDrawerOpen(false);
    setAssistantUsed(true);
    setAssistantOpen(true);
  };
  return (
    <header className="ls-header">
      <div className="ls-header-inner">
        <Link to="/" className="ls-brand" aria-label={`${brand} - ${t('nav.home')}`}>
          <Logo size={34} />
          <span className="ls-brand-name">{brand}</span>
        </Link>
        <div className="ls-desktop-only ls-header-nav">
          <MainNav />
        </div>
        <div className="ls-desktop-only ls-header-actions">
          <LanguageSwitch />
          {loggedIn && <FavouritesButton />}
          <ThemeToggle />
          <ContactMenu onOpenAssistant={openAssistant} />
          <UserArea />
        </div>
        <div className="ls-mobile-only ls-header-actions">
          <ThemeToggle />
          <button
            type="button"
            className="ls-btn ls-btn-text"
            aria-label={t('nav.openMenu')}
            aria-expanded={drawerOpen}
            aria-controls={drawerUsed ? 'ls-mobile-menu' : undefined}
            data-testid="hamburger"
            onClick={openDrawer}
          >
            <MenuOutlined aria-hidden="true" />
          </button>
        </div>
      </div>
      <Suspense fallback={null}>
        {drawerUsed && (
          <MobileMenu
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            onOpenAssistant={openAssistant}
          />
        )}
        {assistantUsed && (
          <TeachingAssistantDialog open={assistantOpen} onClose={() => setAssistantOpen(false)} />
        )}
      </Suspense>
    </header>
  );
}
