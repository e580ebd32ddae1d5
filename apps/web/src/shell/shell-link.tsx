import type { MouseEventHandler, ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAppPath } from '../lib/links.ts';

type ShellLinkProps = {
  /** A path of the app (opened in the app) or another site's URL (opened in a new tab). */
  href: string;
  className?: string | ((state: { isActive: boolean }) => string);
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  /** `menuitem` inside a menu (header/menu-button.tsx). */
  role?: 'menuitem';
  children: ReactNode;
};

/** A link of /app/config (FAQ, manual, app page, customer service): always a real `<a href>`. */
export function ShellLink({ href, className, onClick, role, children }: ShellLinkProps) {
  const { t } = useTranslation();
  if (isAppPath(href)) {
    return (
      <NavLink to={href} className={className} onClick={onClick} role={role}>
        {children}
      </NavLink>
    );
  }
  return (
    <a
      href={href}
      className={typeof className === 'function' ? className({ isActive: false }) : className}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onClick}
      role={role}
    >
      {children}
      <span className="ls-sr-only">{t('footer.newTab')}</span>
    </a>
  );
}
