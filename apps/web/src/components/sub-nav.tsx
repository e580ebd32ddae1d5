import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';

export type SubNavLink = {
  to: string;
  label: ReactNode;
  /** Marked current only on this exact path (NavLink's `end`). */
  end?: boolean;
  /** Current by a rule of the page's own (a default the path does not name); else by the path. */
  current?: boolean;
};

/**
 * A section's tabs: links between the screens of one section (courses, IELTS, help), the current
 * one marked. The one sub-navigation of the app (issue 33 §1).
 */
export function SubNav({ label, links }: { label: string; links: readonly SubNavLink[] }) {
  const className = (active: boolean) => `ls-subnav-link${active ? ' active' : ''}`;
  return (
    <nav className="ls-subnav" aria-label={label}>
      {links.map((link) =>
        link.current === undefined ? (
          <NavLink
            key={link.to}
            to={link.to}
            end={link.end}
            className={({ isActive }) => className(isActive)}
          >
            {link.label}
          </NavLink>
        ) : (
          <Link
            key={link.to}
            to={link.to}
            className={className(link.current)}
            aria-current={link.current ? 'page' : undefined}
          >
            {link.label}
          </Link>
        ),
      )}
    </nav>
  );
}
