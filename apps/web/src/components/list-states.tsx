import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './list-states.css';

/**
 * The three states every list has besides its records (DESIGN.md §8): loading skeletons, an error
 * with retry, and an empty state. `testIdPrefix` names them for browser tests (`<prefix>-skeleton`,
 * `<prefix>-error`, `<prefix>-retry`, `<prefix>-empty`); the texts default to generic ones.
 *
 * Plain markup and CSS, no antd: the home page's first screen shows them before antd is needed
 * (issue 16), and a list's states should not wait for a component library.
 */
type StateProps = { testIdPrefix?: string };

export type ListSkeletonProps = StateProps & {
  count?: number;
  /** Announced while loading ("Loading teachers"). */
  label?: string;
  /** The container's class: a grid of cards, or the default vertical list. */
  className?: string;
  /** Each placeholder's class, so it takes the size of the record it stands for. */
  itemClassName?: string;
  avatar?: boolean | { size: number };
  rows?: number;
};

/** Widths of a placeholder's lines: the last one short, as a paragraph's last line. */
function lineWidth(index: number, rows: number): string {
  return index === rows - 1 && rows > 1 ? '61%' : '100%';
}

export function ListSkeleton({
  count = 3,
  label,
  className = 'ls-list',
  itemClassName = 'ls-state',
  avatar = false,
  rows = 2,
  testIdPrefix = 'list',
}: ListSkeletonProps) {
  const { t } = useTranslation();
  const avatarSize = typeof avatar === 'object' ? avatar.size : 32;
  return (
    <div
      className={className}
      role="status"
      aria-busy="true"
      aria-label={label ?? t('list.loading')}
      data-testid={`${testIdPrefix}-skeleton`}
    >
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={itemClassName}>
          <div className="ls-skeleton" aria-hidden="true">
            {avatar && (
              <span className="ls-skeleton-avatar" style={{ width: avatarSize, height: avatarSize }} />
            )}
            <div className="ls-skeleton-body">
              <span className="ls-skeleton-title" />
              {Array.from({ length: rows }, (_, row) => (
                <span key={row} className="ls-skeleton-line" style={{ width: lineWidth(row, rows) }} />
              ))}
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

/** Error state with retry. */
export function ListError({
  onRetry,
  title,
  body,
  testIdPrefix = 'list',
}: StateProps & { onRetry: () => void; title?: string; body?: string }) {
  const { t } = useTranslation();
  return (
    <div className="ls-state ls-state-error" role="alert" data-testid={`${testIdPrefix}-error`}>
      <svg className="ls-state-error-icon" viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
        <path
          d="M12 2.5 22.5 21h-21z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
        <path d="M12 9.5v5.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        <circle cx="12" cy="18" r="1.1" fill="currentColor" />
      </svg>
      <p className="ls-state-error-title">{title ?? t('list.errorTitle')}</p>
      <p className="ls-muted ls-small">{body ?? t('list.errorBody')}</p>
      <button
        type="button"
        className="ls-btn ls-btn-primary"
        onClick={onRetry}
        data-testid={`${testIdPrefix}-retry`}
      >
        {t('list.retry')}
      </button>
    </div>
  );
}

/**
 * "Not found": a link or id that names nothing (a removed bank, an unknown teacher), with what to
 * do next as `children` (e.g. a button back). `<prefix>-not-found` for browser tests.
 */
export function ListNotFound({
  title,
  body,
  children,
  testIdPrefix = 'list',
}: StateProps & { title: string; body: ReactNode; children?: ReactNode }) {
  return (
    <div className="ls-state ls-state-error" role="status" data-testid={`${testIdPrefix}-not-found`}>
      <svg className="ls-state-info-icon" viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
        <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M12 10.5v6" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        <circle cx="12" cy="7.4" r="1.1" fill="currentColor" />
      </svg>
      <p className="ls-state-error-title">{title}</p>
      <p className="ls-muted">{body}</p>
      {children}
    </div>
  );
}

export function ListEmpty({
  description,
  children,
  testIdPrefix = 'list',
}: StateProps & { description?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="ls-state" data-testid={`${testIdPrefix}-empty`}>
      <div className="ls-empty">
        <svg className="ls-empty-image" viewBox="0 0 64 41" width="64" height="41" aria-hidden="true">
          <ellipse cx="32" cy="33" rx="32" ry="7" fill="currentColor" opacity="0.12" />
          <path
            d="M55 13.6 44.9 2.2C44.4 1.5 43.7 1 42.9 1H21.1c-.8 0-1.5.5-2 1.2L9 13.6V23h46z"
            fill="none"
            stroke="currentColor"
            opacity="0.5"
          />
          <path
            d="M41.6 16.8c0-1.7 1-3 2.3-3H55v18.1c0 2.1-1.3 3.9-3 3.9H12c-1.6 0-3-1.7-3-3.9V13.8h11.1c1.2 0 2.3 1.3 2.3 3s1 2.9 2.3 2.9h14.6c1.2 0 2.3-1.3 2.3-2.9z"
            fill="currentColor"
            opacity="0.16"
            stroke="currentColor"
            strokeOpacity="0.5"
          />
        </svg>
        <p className="ls-empty-description">{description ?? t('list.empty')}</p>
        {children && <div className="ls-empty-footer">{children}</div>}
      </div>
    </div>
  );
}
