import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Empty, Skeleton } from 'antd';
import { WarningOutlined } from '@ant-design/icons';

export function CardsSkeleton({ count = 6 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div
      className="ls-t-grid"
      aria-busy="true"
      aria-label={t('teachers.loading')}
      data-testid="teachers-skeleton"
    >
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="ls-t-card">
          <Skeleton active avatar={{ size: 64 }} paragraph={{ rows: 3 }} />
        </div>
      ))}
    </div>
  );
}

/** Error state with retry (antd's Result would add 12 kB gzip to the first screen for one icon). */
export function ListError({ onRetry, title }: { onRetry: () => void; title?: string }) {
  const { t } = useTranslation();
  return (
    <div className="ls-t-state ls-t-error" role="alert" data-testid="teachers-error">
      <WarningOutlined className="ls-t-error-icon" aria-hidden="true" />
      <p className="ls-t-error-title">{title ?? t('teachers.errorTitle')}</p>
      <p className="ls-muted ls-small">{t('teachers.errorBody')}</p>
      <Button type="primary" onClick={onRetry} data-testid="teachers-retry">
        {t('teachers.retry')}
      </Button>
    </div>
  );
}

export function ListEmpty({ description, children }: { description: string; children?: ReactNode }) {
  return (
    <div className="ls-t-state" data-testid="teachers-empty">
      <Empty description={description}>{children}</Empty>
    </div>
  );
}
