import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Popconfirm, Progress } from 'antd';
import { AudioOutlined, DeleteOutlined, StopOutlined } from '@ant-design/icons';
import { IELTS_TIMING, type IeltsPart } from '@app/contract/ielts';
import { useRecorder } from '../hooks/use-recorder.ts';
import { useAddRecording, useDeleteRecording, useRecordings } from '../hooks/use-recordings.ts';
import type { Recording } from '../lib/recording-store.ts';
import '../../../locales/ielts/index.ts';

function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

function RecordingItem({ recording, onDelete }: { recording: Recording; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const url = useMemo(() => URL.createObjectURL(recording.blob), [recording.blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const when = new Date(recording.created_at).toLocaleString(i18n.language);
  return (
    <li className="ls-ielts-card" data-testid="ielts-recording" style={{ padding: 12 }}>
      <div className="ls-ielts-row ls-ielts-row-between">
        <span className="ls-small">
          {when} · {clock(Math.max(1, Math.round(recording.duration_ms / 1000)))}
        </span>
        <Popconfirm
          title={t('ielts.practice.deleteConfirm')}
          okText={t('ielts.practice.delete')}
          cancelText={t('common.cancel')}
          onConfirm={onDelete}
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('ielts.practice.deleteLabel', { when })}
          >
            {t('ielts.practice.delete')}
          </Button>
        </Popconfirm>
      </div>
      <audio controls src={url} preload="metadata" aria-label={t('ielts.practice.playLabel', { when })} />
    </li>
  );
}

/**
 * Practice with exam timing (IELTS_TIMING): record an answer in the browser and play it back beside
 * the sample. Recordings stay in this browser (IndexedDB); nothing is uploaded.
 */
export function PracticePanel({ questionId, part }: { questionId: number; part: IeltsPart }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const timing = IELTS_TIMING[part];
  const recordings = useRecordings(questionId);
  const add = useAddRecording(questionId);
  const remove = useDeleteRecording(questionId);
  const recorder = useRecorder({
    prepare: timing.prepare,
    answer: timing.answer,
    onRecorded: ({ blob, durationMs, mime }) =>
      add.mutate(
        { question_id: questionId, created_at: Date.now(), duration_ms: durationMs, mime, blob },
        {
          onSuccess: () => void message.success(t('ielts.practice.saved')),
          onError: () => void message.error(t('ielts.practice.saveFailed')),
        },
      ),
  });
  const { phase, remaining, error } = recorder;
  const total = phase === 'preparing' ? timing.prepare : timing.answer;

  return (
    <section className="ls-ielts-card" aria-labelledby="practice-title" data-testid="ielts-practice">
      <h2 id="practice-title" style={{ fontSize: '1.1rem' }}>
        {t('ielts.practice.title')}
      </h2>
      <p className="ls-muted ls-small">
        {timing.prepare > 0
          ? t('ielts.practice.timingPrepare', { prepare: timing.prepare / 60, answer: timing.answer / 60 })
          : t('ielts.practice.timing', { answer: timing.answer })}{' '}
        {t('ielts.practice.local')}
      </p>
      {error && (
        <Alert
          type={error === 'failed' ? 'error' : 'warning'}
          showIcon
          data-testid="ielts-practice-error"
          title={t(`ielts.practice.error.${error}`)}
          description={t(`ielts.practice.error.${error}Body`)}
          style={{ marginBottom: 12 }}
        />
      )}
      <div
        aria-live="polite"
        className="ls-ielts-row"
        style={{ alignItems: 'center', gap: 16, marginBottom: 12 }}
      >
        {(phase === 'preparing' || phase === 'recording') && (
          <>
            <Progress
              type="circle"
              size={72}
              percent={total > 0 ? (remaining / total) * 100 : 0}
              showInfo={false}
              aria-hidden="true"
            />
            <div>
              <div className="ls-small">
                {phase === 'preparing' ? t('ielts.practice.preparing') : t('ielts.practice.recording')}
              </div>
              <div
                className={`ls-ielts-countdown${phase === 'recording' ? ' is-recording' : ''}`}
                data-testid="ielts-countdown"
                role="timer"
              >
                {clock(remaining)}
              </div>
            </div>
          </>
        )}
      </div>
      <div className="ls-ielts-row">
        {phase === 'idle' && (
          <Button
            type="primary"
            icon={<AudioOutlined />}
            onClick={() => void recorder.start()}
            data-testid="ielts-record"
          >
            {t('ielts.practice.start')}
          </Button>
        )}
        {phase === 'requesting' && <Button loading>{t('ielts.practice.requesting')}</Button>}
        {phase === 'preparing' && (
          <>
            <Button
              type="primary"
              icon={<AudioOutlined />}
              onClick={recorder.startNow}
              data-testid="ielts-start-now"
            >
              {t('ielts.practice.startNow')}
            </Button>
            <Button onClick={recorder.cancel}>{t('common.cancel')}</Button>
          </>
        )}
        {phase === 'recording' && (
          <>
            <Button
              type="primary"
              danger
              icon={<StopOutlined />}
              onClick={recorder.stop}
              data-testid="ielts-stop"
            >
              {t('ielts.practice.stop')}
            </Button>
            <Button onClick={recorder.cancel}>{t('ielts.practice.discard')}</Button>
          </>
        )}
      </div>
      <h3 style={{ fontSize: '1rem', marginTop: 16 }}>{t('ielts.practice.mine')}</h3>
      {recordings.isError ? (
        <Alert type="warning" showIcon title={t('ielts.practice.storageUnavailable')} />
      ) : (recordings.data ?? []).length === 0 ? (
        <p className="ls-muted ls-small" data-testid="ielts-no-recordings">
          {t('ielts.practice.none')}
        </p>
      ) : (
        <ul className="ls-ielts-list ls-ielts-recordings" aria-label={t('ielts.practice.mine')}>
          {(recordings.data ?? []).map((r) => (
            <RecordingItem key={r.id} recording={r} onDelete={() => remove.mutate(r.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}
