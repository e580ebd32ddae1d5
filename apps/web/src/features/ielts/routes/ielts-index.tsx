import { Link } from 'react-router';
import { AudioOutlined, BookOutlined } from '@ant-design/icons';
import { useIssueDetail } from '../api/get-issue-detail.ts';
import { useIssueList } from '../api/get-issue-list.ts';
import {
  ErrorState,
  IeltsPage,
  NewTag,
  PageSkeleton,
  PartTag,
  useIeltsText,
} from '../components/ielts-bits.tsx';
import { samplePath } from '../lib/timu-path.ts';
import '../../../locales/ielts/index.ts';

/** /ielts: the current bank at a glance, what is new this season, entries to samples and the bank. */
export default function IeltsIndexRoute() {
  const { t, pick } = useIeltsText();
  const issues = useIssueList();
  const part1 = useIssueDetail('part1');
  const part2 = useIssueDetail('part2');
  const current = issues.data?.find((i) => i.is_current);
  const fresh = [...(part1.data?.topics ?? []), ...(part2.data?.topics ?? [])].filter(
    (topic) => topic.is_new,
  );

  return (
    <IeltsPage>
      <section className="ls-ielts-hero" aria-labelledby="ielts-title">
        <span className="ls-pill">{t('ielts.eyebrow')}</span>
        <h1 id="ielts-title" className="ls-ielts-title">
          {t('ielts.indexTitle')}
        </h1>
        <p className="ls-muted ls-ielts-intro">{t('ielts.indexIntro')}</p>
        {issues.isPending ? (
          <PageSkeleton rows={1} />
        ) : issues.isError ? (
          <ErrorState error={issues.error} onRetry={() => void issues.refetch()} />
        ) : current ? (
          <>
            <h2 style={{ fontSize: '1.15rem' }} data-testid="ielts-current-bank">
              {t('ielts.currentBank', { title: pick(current.title) })}
            </h2>
            <dl className="ls-ielts-stats">
              {(
                [
                  ['ielts.statPart1', current.part1_topics],
                  ['ielts.statPart2', current.part2_topics],
                  ['ielts.statPart3', current.part3_questions],
                  ['ielts.statNew', current.new_topics],
                  ['ielts.statSamples', current.samples],
                ] as const
              ).map(([key, value]) => (
                <div key={key} className="ls-ielts-stat">
                  <dt>{t(key)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : (
          <p>{t('ielts.noBank')}</p>
        )}
        <div className="ls-actions">
          <Link to="/ielts/SpeakingSamples" className="ls-link-btn">
            <AudioOutlined /> {t('ielts.ctaSamples')}
          </Link>
          <Link to="/ielts/issue/detailed" className="ls-link-btn ls-link-btn-ghost">
            <BookOutlined /> {t('ielts.ctaBank')}
          </Link>
        </div>
      </section>
      <section aria-labelledby="ielts-new-title" className="ls-ielts">
        <h2 id="ielts-new-title" style={{ fontSize: '1.2rem' }}>
          {t('ielts.newThisSeason')}
        </h2>
        {part1.isPending || part2.isPending ? (
          <PageSkeleton rows={2} />
        ) : part1.isError || part2.isError ? (
          <ErrorState
            error={part1.error ?? part2.error}
            onRetry={() => {
              void part1.refetch();
              void part2.refetch();
            }}
          />
        ) : (
          <ul className="ls-ielts-grid" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {fresh.map((topic) => (
              <li key={topic.id} className="ls-ielts-card">
                <div className="ls-ielts-row">
                  <PartTag part={topic.part} />
                  <NewTag isNew={topic.is_new} />
                </div>
                <Link to={samplePath(topic.id)} className="ls-ielts-link ls-ielts-q">
                  {pick(topic.title)}
                </Link>
                <div className="ls-muted ls-small">
                  {t('ielts.topicCounts', { questions: topic.question_count, samples: topic.sample_count })}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </IeltsPage>
  );
}
