import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ShellLink } from '../shell-link.tsx';
import './menu-button.css';

type Entry = { key: string; icon?: ReactNode; label: ReactNode; danger?: boolean };

export type MenuEntry =
  | (Entry & { to: string })
  | (Entry & { href: string })
  | (Entry & { onSelect: () => void })
  | { key: string; divider: true };

type MenuButtonProps = {
  /** The trigger's content (icon, text, caret). */
  children: ReactNode;
  items: readonly MenuEntry[];
  /** Shown above the entries (the user's card). */
  header?: ReactNode;
  triggerClassName: string;
  triggerLabel: string;
  triggerTestId: string;
  popupTestId?: string;
  popupClassName?: string;
};

/**
 * A button that opens a menu of links and actions (the header's contact and user menus), built on
 * the WAI-ARIA menu button pattern without antd, so the header renders before antd loads (issue
 * 16): Enter, Space or ↓ opens it on the first entry (↑ on the last); ↑ ↓ Home End move; Escape
 * closes it back onto the button; Tab, a click outside or choosing an entry closes it.
 */
export function MenuButton({
  children,
  items,
  header,
  triggerClassName,
  triggerLabel,
  triggerTestId,
  popupTestId,
  popupClassName,
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const holder = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  // Which entry takes the focus once the menu has rendered: the first, the last, or none.
  const focusOnOpen = useRef<'first' | 'last'>('first');

  const entries = () => menuEntries(menu.current);
  const focusEntry = (index: number) => focusMenuEntry(menu.current, index);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    focusMenuEntry(menu.current, focusOnOpen.current === 'first' ? 0 : -1);
    const onPointerDown = (event: PointerEvent) => {
      if (!holder.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onTriggerKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusOnOpen.current = event.key === 'ArrowDown' ? 'first' : 'last';
      if (open) focusEntry(event.key === 'ArrowDown' ? 0 : -1);
      else setOpen(true);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const all = entries();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at - 1,
      Home: 0,
      End: all.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      focusEntry(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="ls-menu-button" ref={holder}>
      <button
        ref={trigger}
        type="button"
        className={triggerClassName}
        aria-label={triggerLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        data-testid={triggerTestId}
        onClick={() => {
          focusOnOpen.current = 'first';
          setOpen((o) => !o);
        }}
        onKeyDown={onTriggerKey}
      >
        {children}
      </button>
      {open && (
        <div
          className={`ls-menu-popup${popupClassName ? ` ${popupClassName}` : ''}`}
          data-testid={popupTestId}
        >
          {header}
          <ul id={id} ref={menu} role="menu" aria-label={triggerLabel} onKeyDown={onMenuKey}>
            {items.map((item) =>
              'divider' in item ? (
                <li key={item.key} role="separator" className="ls-menu-divider" />
              ) : (
                <li key={item.key} role="none">
                  <MenuEntryView item={item} onChosen={() => close(false)} />
                </li>
              ),
            )}
          </ul>
        </div>
      )}
    </div>
  );
}

function menuEntries(menu: HTMLElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}

/** Focuses the entry at `index`, counted from the end when negative and wrapping around. */
function focusMenuEntry(menu: HTMLElement | null, index: number): void {
  const all = menuEntries(menu);
  if (all.length === 0) return;
  all[((index % all.length) + all.length) % all.length]!.focus();
}

function MenuEntryView({
  item,
  onChosen,
}: {
  item: Exclude<MenuEntry, { divider: true }>;
  onChosen: () => void;
}) {
  const className = `ls-menu-item${item.danger ? ' is-danger' : ''}`;
  const content = (
    <>
      {item.icon && (
        <span className="ls-menu-icon" aria-hidden="true">
          {item.icon}
        </span>
      )}
      <span>{item.label}</span>
    </>
  );
  if ('to' in item) {
    return (
      <Link to={item.to} role="menuitem" tabIndex={-1} className={className} onClick={onChosen}>
        {content}
      </Link>
    );
  }
  if ('href' in item) {
    return (
      <ShellLink href={item.href} role="menuitem" className={className} onClick={onChosen}>
        {content}
      </ShellLink>
    );
  }
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={className}
      onClick={() => {
        onChosen();
        item.onSelect();
      }}
    >
      {content}
    </button>
  );
}
