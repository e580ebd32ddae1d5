import { Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CalendarOutlined, MenuOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { withAppUi } from '../../lib/antd/app-ui.ts';
import { lazyWithAntd } from '../../lib/antd/lazy-with-antd.tsx';
import { takeLoggedOutNote } from '../../lib/session/logout-notice.ts';
import { useIsLoggedIn } from '../../lib/session/session-store.ts';
import { Logo } from '../logo.tsx';
import { useBrandTitle } from '../../lib/app-config/use-brand-title.ts';
import { ContactMenu } from './contact-menu.tsx';
import { FavouritesButton } from './favourites-button.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { MainNav } from './main-nav.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserArea } from './user-area.tsx';
import './app-header.css';

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
  // The page after a logout confirms it (the logout ends with a full load: lib/session/logout-notice.ts).
  useEffect(() => {
    if (takeLoggedOutNote()) withAppUi((ui) => void ui.message.success(t('account.loggedOut')));
  }, [t]);
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
        <div className="ls-mobile-only ls-header-actions ls-header-phone">
          {loggedIn && (
            // The page a student opens most, one tap from every page on a phone (issue 33 §4).
            <Link
              to="/course/index"
              className="ls-btn ls-btn-text ls-header-shortcut"
              aria-label={t('nav.course')}
              data-testid="header-timetable"
            >
              <CalendarOutlined aria-hidden="true" />
              <span className="ls-header-shortcut-label">{t('nav.course')}</span>
            </Link>
          )}
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
