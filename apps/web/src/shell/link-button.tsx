import type { ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router';
import { isPlainClick } from '../lib/links.ts';

type LinkButtonProps = {
  /** A path of the app. */
  to: string;
  /** Called before a navigation inside the app (closes a drawer or a menu). */
  onNavigate?: () => void;
  type?: 'primary' | 'default' | 'text';
  shape?: 'circle';
  block?: boolean;
  icon?: ReactNode;
  children?: ReactNode;
  'aria-label'?: string;
  'data-testid'?: string;
};

/**
 * A link that looks like a button (`<a href>`: crawlable, opens in a new tab with Ctrl/⌘ or the
 * middle button) and navigates inside the app on a plain click. Plain markup with the app's button
 * styles: the header shows it before antd loads (issue 16).
 */
export function LinkButton({
  to,
  onNavigate,
  type = 'default',
  shape,
  block = false,
  icon,
  children,
  ...rest
}: LinkButtonProps) {
  const navigate = useNavigate();
  const href = useHref(to);
  const className = [
    'ls-btn',
    type === 'default' ? '' : `ls-btn-${type}`,
    shape === 'circle' ? 'ls-btn-circle' : '',
    block ? 'ls-btn-block' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <a
      {...rest}
      className={className}
      href={href}
      onClick={(event) => {
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        onNavigate?.();
        void navigate(to);
      }}
    >
      {icon && (
        <span className="ls-btn-icon" aria-hidden="true">
          {icon}
        </span>
      )}
      {children}
    </a>
  );
}
