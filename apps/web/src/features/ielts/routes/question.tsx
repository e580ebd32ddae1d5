import { Link, useParams } from 'react-router';
import { Breadcrumb } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { IeltsQuestionBrief } from '@app/contract/ielts';
import { useQuestionInfo } from '../api/get-question-info.ts';
import { CueCard } from '../components/cue-card.tsx';
import {
  ErrorState,
  IeltsPage,
  NotFoundState,
  PageSkeleton,
  PartTag,
  useIeltsText,
} from '../components/ielts-bits.tsx';
import { isPart } from '../components/issue-bank.tsx';
import { PracticePanel } from '../components/practice-panel.tsx';
import { SampleAnswer } from '../components/sample-answer.tsx';
import { parseId, samplePath, timuPath } from '../lib/timu-path.ts';
import '../../../locales/ielts/index.ts';

/**
 * /ielts/SpeakingSamples/view/{id}/TiMu/{bid}/{iqs_id}/{question_type}/{question_id}/{iqs_title}/{title}:
 * one question of a topic with its sample, notes, practice mode and previous/next question. The
 * title segments are only for people and links: the ids decide what is shown, and a URL whose ids do
 * not fit together shows "not found" with the title it asked for.
 */
export default function IeltsQuestionRoute() {
  const { t, pick } = useIeltsText();
  const params = useParams();
  const id = parseId(params.id);
  const bankId = parseId(params.bid);
  const topicId = parseId(params.iqs_id);
  const questionId = parseId(params.question_id);
  const part = isPart(params.question_type) ? params.question_type : undefined;
  const askedTitle = params.title ?? '';
  const askedTopic = params.iqs_title ?? '';
  const valid =
    id !== undefined &&
    bankId !== undefined &&
    id === topicId &&
    questionId !== undefined &&
    part !== undefined;
  const info = useQuestionInfo(questionId ?? 0, valid);
  const fits = info.data && info.data.topic.id === topicId && info.data.question.part === part;

  const link = (q: IeltsQuestionBrief) =>
    timuPath({
      topicId: topicId!,
      bankId: bankId!,
      part: q.part,
      questionId: q.id,
      topicTitle: info.data ? pick(info.data.topic.title) : askedTopic,
      questionTitle: q.text,
    });

  let body;
  if (!valid || (info.data && !fits)) {
    body = <NotFoundState>{t('ielts.questionNotFound', { title: askedTitle })}</NotFoundState>;
  } else if (info.isPending) {
    // What the link promised, while the question loads.
    body = (
      <>
        <h1 className="ls-ielts-title" lang="en">
          {askedTitle}
        </h1>
        <PageSkeleton rows={2} />
      </>
    );
  } else if (info.isError) {
    body = (
      <ErrorState error={info.error} onRetry={() => void info.refetch()}>
        {t('ielts.questionNotFound', { title: askedTitle })}
      </ErrorState>
    );
  } else {
    const { question, topic, prev, next } = info.data;
    body = (
      <>
        <Breadcrumb
          items={[
            { title: <Link to="/ielts/SpeakingSamples">{t('titles.ieltsSamples')}</Link> },
            { title: <Link to={samplePath(topic.id, bankId)}>{pick(topic.title)}</Link> },
            { title: <PartTag part={question.part} /> },
          ]}
        />
        <section className="ls-ielts-card" aria-labelledby="question-title">
          <h1 id="question-title" className="ls-ielts-title" lang="en" data-testid="ielts-question-title">
            {question.text}
          </h1>
          <p className="ls-ielts-zh" style={{ margin: '6px 0 0' }}>
            {question.text_zh}
          </p>
          {question.part === 'part2' && topic.cue_card && (
            <div style={{ marginTop: 12 }}>
              <CueCard card={topic.cue_card} showPrompt={false} />
            </div>
          )}
        </section>
        <div className="ls-ielts-split">
          <div className="ls-ielts">
            {question.sample ? (
              <SampleAnswer sample={question.sample} headingLevel={2} />
            ) : (
              <div className="ls-ielts-card">
                <p style={{ margin: 0 }}>{t('ielts.noSampleYet')}</p>
              </div>
            )}
          </div>
          <PracticePanel key={question.id} questionId={question.id} part={question.part} />
        </div>
        <nav className="ls-ielts-pager" aria-label={t('ielts.questionNav')}>
          {prev ? (
            <Link
              className="ls-link-btn ls-link-btn-ghost"
              to={link(prev)}
              data-testid="ielts-prev"
              rel="prev"
            >
              <LeftOutlined /> {t('ielts.prevQuestion')}
            </Link>
          ) : (
            <span />
          )}
          {next && (
            <Link
              className="ls-link-btn ls-link-btn-ghost"
              to={link(next)}
              data-testid="ielts-next"
              rel="next"
            >
              {t('ielts.nextQuestion')} <RightOutlined />
            </Link>
          )}
        </nav>
      </>
    );
  }

  return <IeltsPage>{body}</IeltsPage>;
}
