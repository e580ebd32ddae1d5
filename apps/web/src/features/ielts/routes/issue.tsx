import { Link } from 'react-router';
import { formatDayRange } from '../../../lib/time/calendar-days.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useIssueList } from '../api/get-issue-list.ts';
import {
  EmptyState,
  ErrorState,
  IeltsPage,
  IeltsTag,
  PageSkeleton,
  useIeltsText,
} from '../components/ielts-bits.tsx';
import '../../../locales/ielts/index.ts';

/** /ielts/issue: every question bank by season; the current one first. */
export default function IeltsIssueRoute() {
  const { t, pick } = useIeltsText();
  const language = useSettings((s) => s.language);
  const issues = useIssueList();
  return (
    <IeltsPage>
      <h1 className="ls-ielts-title">{t('ielts.banksTitle')}</h1>
      <p className="ls-muted" style={{ margin: 0 }}>
        {t('ielts.banksIntro')}
      </p>
      {issues.isPending ? (
        <PageSkeleton />
      ) : issues.isError ? (
        <ErrorState error={issues.error} onRetry={() => void issues.refetch()} />
      ) : issues.data.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="ls-ielts-list" data-testid="ielts-banks">
          {issues.data.map((issue) => (
            <li key={issue.id} className="ls-ielts-card">
              <div className="ls-ielts-row ls-ielts-row-between">
                <h2 style={{ fontSize: '1.15rem' }}>
                  <Link
                    className="ls-ielts-link"
                    to={issue.is_current ? '/ielts/issue/detailed' : `/ielts/issue/detailed?bank=${issue.id}`}
                  >
                    {pick(issue.title)}
                  </Link>
                </h2>
                {issue.is_current ? (
                  <IeltsTag tone="green">{t('ielts.current')}</IeltsTag>
                ) : (
                  <IeltsTag tone="neutral">{t('ielts.past')}</IeltsTag>
                )}
              </div>
              <p className="ls-muted ls-small" style={{ margin: '4px 0' }}>
                {formatDayRange(issue.starts_on, issue.ends_on, language)}
              </p>
              <p style={{ margin: 0 }}>
                {t('ielts.bankSummary', {
                  part1: issue.part1_topics,
                  part2: issue.part2_topics,
                  part3: issue.part3_questions,
                  fresh: issue.new_topics,
                  retained: issue.retained_topics,
                  samples: issue.samples,
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </IeltsPage>
  );
}
