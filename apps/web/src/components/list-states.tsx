import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Empty, Skeleton } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import './list-states.css';

/**
 * The three states every list has besides its records (DESIGN.md §8): loading skeletons, an error
 * with retry, and an empty state. `testIdPrefix` names them for browser tests (`<prefix>-skeleton`,
 * `<prefix>-error`, `<prefix>-retry`, `<prefix>-empty`); the texts default to generic ones.
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
  return (
    <div
      className={className}
      aria-busy="true"
      aria-label={label ?? t('list.loading')}
      data-testid={`${testIdPrefix}-skeleton`}
    >
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={itemClassName}>
          <Skeleton active avatar={avatar} paragraph={{ rows }} />
        </div>
      ))}
    </div>
  );
}

/** Error state with retry (antd's Result would add 12 kB gzip to the first screen for one icon). */
export function ListError({
  onRetry,
  title,
  testIdPrefix = 'list',
}: StateProps & { onRetry: () => void; title?: string }) {
  const { t } = useTranslation();
  return (
    <div className="ls-state ls-state-error" role="alert" data-testid={`${testIdPrefix}-error`}>
      <WarningOutlined className="ls-state-error-icon" aria-hidden="true" />
      <p className="ls-state-error-title">{title ?? t('list.errorTitle')}</p>
      <p className="ls-muted ls-small">{t('list.errorBody')}</p>
      <Button type="primary" onClick={onRetry} data-testid={`${testIdPrefix}-retry`}>
        {t('list.retry')}
      </Button>
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
      <Empty description={description ?? t('list.empty')}>{children}</Empty>
    </div>
  );
}
