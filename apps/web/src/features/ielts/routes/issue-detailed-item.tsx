import { Link, useParams, useSearchParams } from 'react-router';
import { useSampleInfo } from '../api/get-sample-info.ts';
import { CueCard } from '../components/cue-card.tsx';
import {
  ErrorState,
  IeltsPage,
  NewTag,
  NotFoundState,
  PageSkeleton,
  PartTag,
  useIeltsText,
} from '../components/ielts-bits.tsx';
import { isPart } from '../components/issue-bank.tsx';
import { parseId, samplePath, timuPath } from '../lib/timu-path.ts';
import '../../../locales/ielts/index.ts';

/** /ielts/issue/detailed/{type}/{id}: one topic of the bank with its questions of that part. */
export default function IssueDetailedItemRoute() {
  const { t, pick } = useIeltsText();
  const params = useParams();
  const [search] = useSearchParams();
  const type = isPart(params.type) ? params.type : undefined;
  const id = parseId(params.id);
  const bankId = parseId(search.get('bank'));
  const info = useSampleInfo(id ?? 0, bankId, type !== undefined && id !== undefined);
  const back = `/ielts/issue/detailed/${type ?? 'part1'}${bankId ? `?bank=${bankId}` : ''}`;

  let body;
  if (!type || !id) body = <NotFoundState />;
  else if (info.isPending) body = <PageSkeleton />;
  else if (info.isError) body = <ErrorState error={info.error} onRetry={() => void info.refetch()} />;
  else {
    const topic = info.data;
    const questions = topic.questions.filter((q) => q.part === type);
    if (questions.length === 0) body = <NotFoundState />;
    else
      body = (
        <>
          <div className="ls-ielts-row">
            <PartTag part={type} />
            <NewTag isNew={topic.is_new} />
            <span className="ls-muted ls-small">{pick(topic.issue.title)}</span>
          </div>
          <h1 className="ls-ielts-title">{pick(topic.title)}</h1>
          {topic.cue_card && <CueCard card={topic.cue_card} />}
          <ol className="ls-ielts-list" style={{ listStyle: 'decimal', paddingLeft: 24 }}>
            {questions.map((q) => (
              <li key={q.id}>
                <Link
                  className="ls-ielts-link ls-ielts-q"
                  lang="en"
                  to={timuPath({
                    topicId: topic.id,
                    bankId: topic.issue.id,
                    part: q.part,
                    questionId: q.id,
                    topicTitle: pick(topic.title),
                    questionTitle: q.text,
                  })}
                >
                  {q.text}
                </Link>
                <div className="ls-ielts-zh">{q.text_zh}</div>
                <div className="ls-small ls-muted">
                  {q.sample ? t('ielts.hasSample') : t('ielts.noSample')}
                </div>
              </li>
            ))}
          </ol>
          <div className="ls-actions">
            <Link className="ls-link-btn" to={samplePath(topic.id, bankId)}>
              {t('ielts.openSamples', { count: topic.sample_count })}
            </Link>
          </div>
        </>
      );
  }

  return (
    <IeltsPage>
      <Link to={back} className="ls-ielts-link ls-small">
        ← {t('ielts.backToBank')}
      </Link>
      {body}
    </IeltsPage>
  );
}
