import { Divider, Drawer, Switch } from 'antd';
import { MoonOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useIsLoggedIn } from '../../lib/session/session-store.ts';
import { ContactMenu } from './contact-menu.tsx';
import { FavouritesButton } from './favourites-button.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { MainNav } from './main-nav.tsx';
import { useSettings } from '../../lib/settings/settings-store.ts';
import { useIsDark } from '../../lib/settings/use-is-dark.ts';
import { LogoutButton, UserArea } from './user-area.tsx';
import './mobile-menu.css';

/** The same setting as a labelled switch, for the phone menu. */
function ThemeSwitchRow() {
  const { t } = useTranslation();
  const dark = useIsDark();
  const setDark = useSettings((s) => s.setDark);
  return (
    <label className="ls-drawer-row">
      <span>
        <MoonOutlined aria-hidden="true" /> {t('header.darkMode')}
      </span>
      <Switch checked={dark} onChange={(checked) => setDark(checked)} data-testid="theme-switch" />
    </label>
  );
}

type MobileMenuProps = {
  open: boolean;
  onClose: () => void;
  onOpenAssistant: () => void;
};

/**
 * The header's content in a drawer for screens below 992 px. Loaded on first open. Every entry has
 * its words and a row of at least 44 px; logout stands apart at the bottom, after the navigation,
 * the account, the settings and the contacts (issue 33 §4).
 */
export default function MobileMenu({ open, onClose, onOpenAssistant }: MobileMenuProps) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  return (
    <Drawer
      id="ls-mobile-menu"
      rootClassName="ls-mobile-menu"
      open={open}
      onClose={onClose}
      placement="right"
      size={300}
      title={t('nav.menuTitle')}
    >
      <MainNav vertical onNavigate={onClose} />
      <Divider />
      <UserArea block onAction={onClose} />
      {loggedIn && <FavouritesButton block onNavigate={onClose} />}
      <div className="ls-drawer-group">
        <LanguageSwitch block />
        <ThemeSwitchRow />
      </div>
      <Divider />
      <ContactMenu variant="list" onOpenAssistant={onOpenAssistant} onNavigate={onClose} />
      {loggedIn && <div className="ls-mobile-menu-spacer" aria-hidden="true" />}
      {loggedIn && (
        <div className="ls-mobile-menu-logout">
          <LogoutButton onAction={onClose} />
        </div>
      )}
    </Drawer>
  );
}
