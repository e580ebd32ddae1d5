import { Link, useOutlet, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EditOutlined } from '@ant-design/icons';
import { useSampleInfo } from '../api/get-sample-info.ts';
import { CueCard } from '../components/cue-card.tsx';
import {
  ErrorState,
  IeltsSubnav,
  IeltsTag,
  NewTag,
  NotFoundState,
  PageSkeleton,
  PartTag,
  useBilingual,
} from '../components/ielts-bits.tsx';
import { SampleAnswer } from '../components/sample-answer.tsx';
import { parseId, timuPath } from '../lib/timu-path.ts';
import '../../../locales/ielts/index.ts';

/**
 * /ielts/SpeakingSamples/view/{id}: a topic (question set) with its questions and their samples
 * (docs/decisions.md, IELTS). Its child TiMu/… shows one question and replaces this view.
 */
export default function SampleViewRoute() {
  const outlet = useOutlet();
  return outlet ?? <TopicView />;
}

function TopicView() {
  const { t } = useTranslation();
  const pick = useBilingual();
  const params = useParams();
  const [search] = useSearchParams();
  const id = parseId(params.id);
  const bankId = parseId(search.get('bank'));
  const info = useSampleInfo(id ?? 0, bankId, id !== undefined);

  let body;
  if (!id) body = <NotFoundState />;
  else if (info.isPending) body = <PageSkeleton />;
  else if (info.isError) body = <ErrorState error={info.error} onRetry={() => void info.refetch()} />;
  else {
    const topic = info.data;
    body = (
      <>
        <header className="ls-ielts">
          <div className="ls-ielts-row">
            <PartTag part={topic.part} />
            <NewTag isNew={topic.is_new} />
            <span className="ls-muted ls-small">{pick(topic.issue.title)}</span>
            {topic.tags.map((tag) => (
              <IeltsTag key={tag} tone="neutral">
                #{t(`ielts.tags.${tag}`, { defaultValue: tag })}
              </IeltsTag>
            ))}
          </div>
          <h1 className="ls-ielts-title">{pick(topic.title)}</h1>
          {topic.cue_card && <CueCard card={topic.cue_card} />}
        </header>
        <ol className="ls-ielts-list">
          {topic.questions.map((q, index) => (
            <li key={q.id} className="ls-ielts" data-testid="ielts-topic-question">
              <div className="ls-ielts-card">
                <div className="ls-ielts-row ls-ielts-row-between">
                  <PartTag part={q.part} />
                  <Link
                    className="ls-link-btn ls-link-btn-ghost"
                    to={timuPath({
                      topicId: topic.id,
                      bankId: topic.issue.id,
                      part: q.part,
                      questionId: q.id,
                      topicTitle: pick(topic.title),
                      questionTitle: q.text,
                    })}
                    aria-label={t('ielts.practiseQuestion', { n: index + 1 })}
                  >
                    <EditOutlined /> {t('ielts.practise')}
                  </Link>
                </div>
                <h2 className="ls-ielts-q" lang="en" style={{ marginTop: 8 }}>
                  {index + 1}. {q.text}
                </h2>
                <div className="ls-ielts-zh">{q.text_zh}</div>
                {!q.sample && <p className="ls-muted ls-small">{t('ielts.noSample')}</p>}
              </div>
              {q.sample && <SampleAnswer sample={q.sample} />}
            </li>
          ))}
        </ol>
      </>
    );
  }
  return (
    <div className="ls-ielts">
      <IeltsSubnav />
      {body}
    </div>
  );
}
