import type { MouseEvent } from 'react';
import { Button, type ButtonProps } from 'antd';
import { useHref, useNavigate } from 'react-router';

type LinkButtonProps = Omit<ButtonProps, 'href' | 'onClick'> & {
  /** A path of the app. */
  to: string;
  /** Called before a navigation inside the app (closes a drawer or a menu). */
  onNavigate?: () => void;
};

/** Whether a click is a plain left click (no new tab or window asked for). */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * An antd Button that is a real link (`<a href>`: crawlable, opens in a new tab with Ctrl/⌘ or the
 * middle button) and navigates inside the app on a plain click.
 */
export function LinkButton({ to, onNavigate, ...props }: LinkButtonProps) {
  const navigate = useNavigate();
  const href = useHref(to);
  return (
    <Button
      {...props}
      href={href}
      onClick={(event) => {
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        onNavigate?.();
        void navigate(to);
      }}
    />
  );
}
