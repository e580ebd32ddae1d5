import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Empty, Result, Skeleton, Tag } from 'antd';
import { IELTS_PARTS, type IeltsPart } from '@app/contract/ielts';
import type { Bilingual } from '@app/contract/i18n';
import { isApiError } from '../../../lib/http/api-error.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import './ielts.css';

/** Text of a bilingual field in the current language. */
export function useBilingual(): (text: Bilingual) => string {
  const language = useSettings((s) => s.language);
  return (text) => text[language];
}

export function PartTag({ part }: { part: IeltsPart }) {
  const language = useSettings((s) => s.language);
  const item = IELTS_PARTS.find((p) => p.value === part)!;
  return <Tag color={item.color}>{item.label[language]}</Tag>;
}

export function NewTag({ isNew }: { isNew: boolean }) {
  const { t } = useTranslation();
  return isNew ? <Tag color="volcano">{t('ielts.new')}</Tag> : <Tag>{t('ielts.retained')}</Tag>;
}

export function BandTag({ band }: { band: number }) {
  const { t } = useTranslation();
  return <Tag color="green">{t('ielts.band', { band: band.toFixed(1) })}</Tag>;
}

/** Links between the IELTS screens. */
export function IeltsSubnav() {
  const { t } = useTranslation();
  return (
    <nav className="ls-ielts-subnav" aria-label={t('ielts.subnavLabel')}>
      <NavLink to="/ielts" end>
        {t('ielts.navOverview')}
      </NavLink>
      <NavLink to="/ielts/issue" end>
        {t('ielts.navBanks')}
      </NavLink>
      <NavLink to="/ielts/issue/detailed">{t('ielts.navBank')}</NavLink>
      <NavLink to="/ielts/SpeakingSamples">{t('ielts.navSamples')}</NavLink>
    </nav>
  );
}

export function PageSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" aria-label={t('ielts.loading')} data-testid="ielts-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="ls-ielts-card" style={{ marginBottom: 12 }}>
          <Skeleton active paragraph={{ rows: 2 }} />
        </div>
      ))}
    </div>
  );
}

/** Error state with retry; a 404 says "not found" instead. */
export function ErrorState({ error, onRetry, extra }: { error: unknown; onRetry: () => void; extra?: ReactNode }) {
  const { t } = useTranslation();
  if (isApiError(error) && error.code === 404) return <NotFoundState>{extra}</NotFoundState>;
  return (
    <Result
      status="warning"
      title={t('ielts.errorTitle')}
      subTitle={t('ielts.errorBody')}
      extra={
        <Button type="primary" onClick={onRetry} data-testid="ielts-retry">
          {t('ielts.retry')}
        </Button>
      }
    />
  );
}

export function NotFoundState({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="ls-ielts-card" role="status" data-testid="ielts-not-found">
      <Result status="info" title={t('ielts.notFoundTitle')} subTitle={children ?? t('ielts.notFoundBody')} />
    </div>
  );
}

export function EmptyState({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="ls-ielts-card" data-testid="ielts-empty">
      <Empty description={t('ielts.empty')}>{children}</Empty>
    </div>
  );
}
