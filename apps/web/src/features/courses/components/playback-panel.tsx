import { useTranslation } from 'react-i18next';
import type { CourseInfo } from '@app/contract/courses';
import { useFormatTime } from '../hooks/use-format-time.ts';
import { playbackNoteKey } from '../lib/course-page.ts';
import '../../../locales/courses/index.ts';

/**
 * The recording (DESIGN.md §7 "Playback"): a player with how long it stays, or why there is none:
 * not ready yet (within 24 h after the end), expired (30 days after the end), missed, or not over.
 */
export function PlaybackPanel({ course }: { course: CourseInfo }) {
  const { t } = useTranslation();
  const format = useFormatTime();
  const { playback } = course;
  const note = playbackNoteKey(playback, course.status);
  return (
    <section className="ls-c-card" aria-labelledby="course-playback-title" data-testid="course-playback">
      <h2 id="course-playback-title">{t('courses.view.playback')}</h2>
      {playback.state === 'ready' && playback.url ? (
        <>
          <video
            className="ls-c-video"
            src={playback.url}
            controls
            preload="metadata"
            aria-label={t('courses.view.playbackReady')}
            data-testid="playback-video"
          />
          {playback.expires_at && (
            <p className="ls-muted ls-small" data-testid="playback-until">
              {t('courses.view.playbackUntil', { date: format(playback.expires_at) })}
            </p>
          )}
        </>
      ) : (
        <p className="ls-muted" data-testid="playback-note" data-state={playback.state}>
          {note ? t(note) : t('courses.view.playbackNone')}
        </p>
      )}
    </section>
  );
}
