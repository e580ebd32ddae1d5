import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Room } from '@app/contract/classroom';
import { ListError, ListNotFound, ListSkeleton } from '../../../components/list-states.tsx';
import { useIsLoggedIn } from '../../../lib/session/session-store.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { getRoom, useRoom } from '../api/get-room.ts';
import { CallView } from '../components/call-view.tsx';
import { DeviceCheck } from '../components/device-check.tsx';
import '../components/classroom.css';
import { refusalOf } from '../lib/room-status.ts';
import '../../../locales/classroom/index.ts';

/** A positive integer id from the URL, else 0 (names no class). */
function routeId(value: string | undefined): number {
  return value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : 0;
}

type Phase =
  { kind: 'check' } | { kind: 'call'; stream: MediaStream } | { kind: 'ended'; message: string | null };

function RoomBody({ id, token }: { id: number; token: string | undefined }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'check' });
  const query = useRoom(id, token);
  const refusal = query.isError ? refusalOf(query.error) : null;
  const fetchRoom = useCallback(() => getRoom(id, token), [id, token]);
  const classLink = token === undefined ? `/course/view/${id}` : null;
  const back = classLink && (
    <Link to={classLink} className="ls-link-btn" data-testid="room-back">
      {t('classroom.backToClass')}
    </Link>
  );

  if (id === 0 || refusal?.kind === 'notFound')
    return (
      <ListNotFound testIdPrefix="room" title={t('classroom.title')} body={t('classroom.notFound')}>
        {back}
      </ListNotFound>
    );
  if (query.isPending)
    return (
      <ListSkeleton
        count={1}
        rows={3}
        label={t('classroom.loading')}
        itemClassName="ls-cr-card"
        testIdPrefix="room"
      />
    );
  if (refusal?.kind === 'login')
    return <Navigate to={`/login?url=${encodeURIComponent(`/classroom/${id}`)}`} replace />;
  if (refusal && refusal.kind !== 'error') {
    const title =
      refusal.kind === 'notOpen'
        ? t('classroom.notOpenTitle')
        : refusal.kind === 'closed'
          ? t('classroom.closedTitle')
          : t('classroom.refusedTitle');
    return (
      <ListNotFound testIdPrefix={`room-${refusal.kind}`} title={title} body={refusal.msg}>
        <div className="ls-cr-actions">
          {refusal.kind === 'notOpen' && (
            <button type="button" className="ls-btn" onClick={() => void query.refetch()}>
              {t('classroom.checkAgain')}
            </button>
          )}
          {back}
        </div>
      </ListNotFound>
    );
  }
  if (query.isError)
    return (
      <ListError
        testIdPrefix="room"
        title={t('classroom.errorTitle')}
        body={refusal?.msg}
        onRetry={() => void query.refetch()}
      />
    );

  const room: Room = query.data;
  return (
    <>
      <p className="ls-muted" data-testid="room-peer">
        {t('classroom.withPeer', { name: room.peer_name })}
      </p>
      {phase.kind === 'check' && <DeviceCheck onEnter={(stream) => setPhase({ kind: 'call', stream })} />}
      {phase.kind === 'call' && (
        <CallView
          room={room}
          stream={phase.stream}
          fetchRoom={fetchRoom}
          onEnded={(message) => setPhase({ kind: 'ended', message })}
          teacherToken={token}
        />
      )}
      {phase.kind === 'ended' && (
        <div className="ls-cr-card ls-cr-ended" role="status" data-testid="room-ended">
          <p>{phase.message ?? t('classroom.call.left')}</p>
          <div className="ls-cr-actions">
            <button
              type="button"
              className="ls-btn ls-btn-primary"
              onClick={() => setPhase({ kind: 'check' })}
              data-testid="enter-again"
            >
              {t('classroom.call.enterAgain')}
            </button>
            {back}
          </div>
        </div>
      )}
    </>
  );
}

/**
 * /classroom/{id}: the live room of a class (DESIGN.md §12, issue 35). The student's seat needs a
 * login; the teacher's seat is opened by the teacher link `?t=` alone, in the teacher's language
 * choice (English unless they chose). Before the call: loading, not open yet, closed, refused, not
 * found; then the device check, then the call.
 */
export default function ClassroomRoute() {
  const { t } = useTranslation();
  const id = routeId(useParams().id);
  const [search] = useSearchParams();
  const token = search.get('t') || undefined;
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  const languageManual = useSettings((s) => s.languageManual);
  const language = useSettings((s) => s.language);
  const setLanguage = useSettings((s) => s.setLanguage);
  // The teacher's seat: English unless the teacher chose a language on this browser. The room is
  // asked for once the language is settled, so the server's messages come in it too.
  const switching = token !== undefined && !languageManual && language !== 'en';

  useEffect(() => {
    if (switching) setLanguage('en', false);
  }, [switching, setLanguage]);

  if (token === undefined && !loggedIn)
    return (
      <Navigate to={`/login?url=${encodeURIComponent(`${location.pathname}${location.search}`)}`} replace />
    );
  return (
    <div className="ls-cr-page">
      <h1>{t('titles.classroom')}</h1>
      {switching ? null : <RoomBody id={id} token={token} />}
    </div>
  );
}
