import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IELTS_PARTS, type IeltsPart } from '@app/contract/ielts-parts';
import type { Bilingual } from '@app/contract/i18n';
import { SubNav } from '../../../components/sub-nav.tsx';
import { ListEmpty, ListError, ListNotFound, ListSkeleton } from '../../../components/list-states.tsx';
import { isApiError } from '../../../lib/http/api-error.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import './ielts.css';
import '../../../locales/ielts/index.ts';

/** Text of a bilingual field in the current language. */
export function useBilingual(): (text: Bilingual) => string {
  const language = useSettings((s) => s.language);
  return (text) => text[language];
}

export type TagTone = 'blue' | 'purple' | 'gold' | 'volcano' | 'green' | 'neutral';

/** A label chip whose colours meet WCAG AA contrast in light and dark mode (antd's presets do not). */
export function IeltsTag({ tone, children }: { tone: TagTone; children: ReactNode }) {
  return <span className={`ls-ielts-tag ls-tone is-${tone}`}>{children}</span>;
}

const PART_TONES: Record<IeltsPart, TagTone> = { part1: 'blue', part2: 'purple', part3: 'gold' };

export function PartTag({ part }: { part: IeltsPart }) {
  const language = useSettings((s) => s.language);
  const item = IELTS_PARTS.find((p) => p.value === part)!;
  return <IeltsTag tone={PART_TONES[part]}>{item.label[language]}</IeltsTag>;
}

export function NewTag({ isNew }: { isNew: boolean }) {
  const { t } = useTranslation();
  return isNew ? (
    <IeltsTag tone="volcano">{t('ielts.new')}</IeltsTag>
  ) : (
    <IeltsTag tone="neutral">{t('ielts.retained')}</IeltsTag>
  );
}

export function BandTag({ band }: { band: number }) {
  const { t } = useTranslation();
  return <IeltsTag tone="green">{t('ielts.band', { band: band.toFixed(1) })}</IeltsTag>;
}

/** Links between the IELTS screens. */
export function IeltsSubnav() {
  const { t } = useTranslation();
  return (
    <SubNav
      label={t('ielts.subnavLabel')}
      links={[
        { to: '/ielts', end: true, label: t('ielts.navOverview') },
        { to: '/ielts/issue', end: true, label: t('ielts.navBanks') },
        { to: '/ielts/issue/detailed', label: t('ielts.navBank') },
        { to: '/ielts/SpeakingSamples', label: t('ielts.navSamples') },
      ]}
    />
  );
}

/** An IELTS page: the section's subnav above the page's own content. */
export function IeltsPage({ children }: { children: ReactNode }) {
  return (
    <div className="ls-ielts">
      <IeltsSubnav />
      {children}
    </div>
  );
}

/** The texts of an IELTS page: `t`, and `pick` for a bilingual field in the current language. */
export function useIeltsText() {
  const { t } = useTranslation();
  const pick = useBilingual();
  return { t, pick };
}

/*
 * The IELTS pages' states are plain markup (components/list-states.tsx), so a page that shows only
 * texts, tags and links renders without antd (issue 16): the IELTS overview does.
 */

export function PageSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <ListSkeleton
      count={rows}
      label={t('ielts.loading')}
      className="ls-ielts-states"
      itemClassName="ls-ielts-card"
      testIdPrefix="ielts"
    />
  );
}

/** Error state with retry; a 404 says "not found" instead. */
export function ErrorState({
  error,
  onRetry,
  children,
}: {
  error: unknown;
  onRetry: () => void;
  /** Shown instead of the generic text when the answer is a 404. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  if (isApiError(error) && error.code === 404) return <NotFoundState>{children}</NotFoundState>;
  return (
    <ListError
      onRetry={onRetry}
      title={t('ielts.errorTitle')}
      body={t('ielts.errorBody')}
      testIdPrefix="ielts"
    />
  );
}

export function NotFoundState({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ListNotFound
      title={t('ielts.notFoundTitle')}
      body={children ?? t('ielts.notFoundBody')}
      testIdPrefix="ielts"
    />
  );
}

export function EmptyState({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ListEmpty description={t('ielts.empty')} testIdPrefix="ielts">
      {children}
    </ListEmpty>
  );
}
