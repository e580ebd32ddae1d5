import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Select } from 'antd';
import { IELTS_PARTS, type IeltsPart } from '@app/contract/ielts';
import { useIssueDetail } from '../api/get-issue-detail.ts';
import { useIssueList } from '../api/get-issue-list.ts';
import { SubNav } from '../../../components/sub-nav.tsx';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { parseId, samplePath } from '../lib/timu-path.ts';
import {
  EmptyState,
  ErrorState,
  IeltsSubnav,
  NewTag,
  PageSkeleton,
  PartTag,
  useBilingual,
} from './ielts-bits.tsx';
import '../../../locales/ielts/index.ts';

/**
 * The bank by part and topic (/ielts/issue/detailed[/{type}]): a bank picker (?bank=, the current
 * bank by default), one tab per part and the topics of that part with their new/retained marks.
 */
export function IssueBank({ type }: { type: IeltsPart }) {
  const { t } = useTranslation();
  const pick = useBilingual();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const bankId = parseId(search.get('bank'));
  const issues = useIssueList();
  const detail = useIssueDetail(type, bankId);
  const query = bankId === undefined ? '' : `?bank=${bankId}`;
  const language = useSettings((s) => s.language);

  return (
    <div className="ls-ielts">
      <IeltsSubnav />
      <div className="ls-ielts-row ls-ielts-row-between">
        <h1 className="ls-ielts-title">
          {detail.data
            ? t('ielts.bankTitle', { title: pick(detail.data.issue.title) })
            : t('titles.ieltsIssueDetailed')}
        </h1>
        <Select
          aria-label={t('ielts.filterBank')}
          style={{ minWidth: 200, maxWidth: '100%' }}
          loading={issues.isPending}
          value={detail.data?.issue.id ?? bankId}
          options={(issues.data ?? []).map((i) => ({
            value: i.id,
            label: `${pick(i.title)}${i.is_current ? ` (${t('ielts.current')})` : ''}`,
          }))}
          onChange={(value: number) => {
            const current = issues.data?.find((i) => i.id === value)?.is_current;
            void navigate(`/ielts/issue/detailed/${type}${current ? '' : `?bank=${value}`}`);
          }}
        />
      </div>
      <SubNav
        label={t('ielts.partsLabel')}
        links={IELTS_PARTS.map((part) => ({
          to: `/ielts/issue/detailed/${part.value}${query}`,
          label: part.label[language],
          current: part.value === type,
        }))}
      />
      {type === 'part3' && (
        <p className="ls-muted" style={{ margin: 0 }}>
          {t('ielts.part3Hint')}
        </p>
      )}
      {detail.isPending ? (
        <PageSkeleton />
      ) : detail.isError ? (
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      ) : detail.data.topics.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="ls-ielts-list" data-testid="ielts-topics">
          {detail.data.topics.map((topic) => (
            <li key={topic.id} className="ls-ielts-card" data-testid="ielts-topic">
              <div className="ls-ielts-row ls-ielts-row-between">
                <h2 style={{ fontSize: '1.05rem' }}>
                  <Link className="ls-ielts-link" to={`/ielts/issue/detailed/${type}/${topic.id}${query}`}>
                    {pick(topic.title)}
                  </Link>
                </h2>
                <span className="ls-ielts-row">
                  <PartTag part={type} />
                  <NewTag isNew={topic.is_new} />
                </span>
              </div>
              {topic.cue_card && type === 'part2' && (
                <p className="ls-small" lang="en" style={{ margin: '6px 0' }}>
                  {topic.cue_card.prompt}
                </p>
              )}
              <ul className="ls-small" style={{ margin: '6px 0', paddingLeft: 20 }}>
                {topic.questions.map((q) => (
                  <li key={q.id} lang="en">
                    {q.text}
                  </li>
                ))}
              </ul>
              <Link
                className="ls-ielts-link ls-small"
                to={samplePath(topic.id, detail.data.issue.is_current ? undefined : detail.data.issue.id)}
              >
                {t('ielts.openSamples', { count: topic.sample_count })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function isPart(value: string | undefined): value is IeltsPart {
  return value === 'part1' || value === 'part2' || value === 'part3';
}
