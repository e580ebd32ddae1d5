import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../lib/app-config/get-app-config.ts';
import { useIsLoggedIn } from '../../lib/session/session-store.ts';
import { useSettings } from '../../lib/settings/settings-store.ts';
import { ShellLink } from '../shell-link.tsx';

type MainNavProps = { vertical?: boolean; onNavigate?: () => void };

/**
 * Header menu of SPEC.md §2: Home; course schedule only when logged in; IELTS only when the
 * language is Chinese; the app download link from /app/config. Every item is an `<a href>`.
 */
export function MainNav({ vertical = false, onNavigate }: MainNavProps) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const chinese = useSettings((s) => s.language) === 'zh-Hans';
  const downloadUrl = useAppConfig().data?.app_download_url;
  const linkClass = ({ isActive }: { isActive: boolean }) => `ls-nav-link${isActive ? ' is-active' : ''}`;
  return (
    <nav aria-label={t('nav.mainLabel')} className={vertical ? 'ls-nav ls-nav-vertical' : 'ls-nav'}>
      <ul>
        <li>
          <NavLink to="/" end className={linkClass} onClick={onNavigate}>
            {t('nav.home')}
          </NavLink>
        </li>
        {loggedIn && (
          <li>
            <NavLink to="/course/index" className={linkClass} onClick={onNavigate}>
              {t('nav.course')}
            </NavLink>
          </li>
        )}
        {chinese && (
          <li>
            <NavLink to="/ielts" className={linkClass} onClick={onNavigate}>
              {t('nav.ielts')}
            </NavLink>
          </li>
        )}
        {downloadUrl && (
          <li>
            <ShellLink href={downloadUrl} className={linkClass} onClick={onNavigate}>
              {t('nav.appDownload')}
            </ShellLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
