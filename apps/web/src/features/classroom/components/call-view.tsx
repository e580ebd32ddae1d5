import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_TEXT_MAX, type Room } from '@app/contract/classroom';
import { CallRecorder, type RecorderStatus } from '../lib/recorder.ts';
import { RoomCall, type CallStatus, type ChatLine, type MediaState } from '../lib/room-call.ts';
import { classClock, formatDuration, type Quality } from '../lib/room-status.ts';
import '../../../locales/classroom/index.ts';

/** The class timer: time left until the end (from the room's `end`), or until the start. */
function ClassTimer({ room }: { room: Room }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const clock = classClock(room.start, room.end, now);
  return (
    <span
      className="ls-cr-chip"
      role="timer"
      aria-label={t('classroom.call.timer')}
      data-testid="class-timer"
    >
      {clock.phase === 'before'
        ? t('classroom.call.startsIn', { time: formatDuration(clock.ms) })
        : clock.phase === 'during'
          ? t('classroom.call.timeLeft', { time: formatDuration(clock.ms) })
          : t('classroom.call.overtime')}
    </span>
  );
}

function QualityChip({ quality }: { quality: Quality | null }) {
  const { t } = useTranslation();
  const level = quality ?? 'unknown';
  const word = t(
    `classroom.call.quality${level.charAt(0).toUpperCase()}${level.slice(1)}` as 'classroom.call.qualityGood',
  );
  return (
    <span className={`ls-cr-chip ls-cr-quality-${level}`} data-testid="call-quality" data-quality={level}>
      <span className="ls-cr-bars" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      {t('classroom.call.quality', { level: word })}
    </span>
  );
}

/**
 * The recording's indicator (DESIGN.md §12): the teacher's seat shows what its recorder does, the
 * student's seat that the class is recorded; with the notice of where the recording goes.
 */
function RecordingNotice({ seat, status }: { seat: Room['seat']; status: RecorderStatus }) {
  const { t } = useTranslation();
  const word =
    seat === 'student'
      ? t('classroom.recording.recorded')
      : t(`classroom.recording.${status}` as 'classroom.recording.recording');
  return (
    <>
      <span
        className={`ls-cr-chip ls-cr-rec ls-cr-rec-${seat === 'student' ? 'recording' : status}`}
        role="status"
        data-testid="recording-indicator"
        data-state={seat === 'student' ? 'recorded' : status}
      >
        <span className="ls-cr-rec-dot" aria-hidden="true" />
        {word}
      </span>
      <p className="ls-muted ls-small ls-cr-rec-notice" data-testid="recording-notice">
        {t('classroom.recording.notice')}
      </p>
    </>
  );
}

function Chat({
  lines,
  seat,
  peerName,
  notice,
  onSend,
}: {
  lines: ChatLine[];
  seat: Room['seat'];
  peerName: string;
  notice: string | null;
  onSend: (text: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const inputId = useId();
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lines.length]);
  const tooLong = text.trim().length > CHAT_TEXT_MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const line = text.trim();
    if (!line || tooLong) return;
    onSend(line);
    setText('');
  };
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <section className="ls-cr-card ls-cr-chat" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="ls-section-title">
        {t('classroom.chat.title')}
      </h2>
      <ol className="ls-cr-lines" ref={list} aria-live="polite" data-testid="chat-lines" tabIndex={0}>
        {lines.length === 0 && <li className="ls-muted">{t('classroom.chat.empty')}</li>}
        {lines.map((line, i) => (
          <li key={`${line.at}-${i}`} className={line.seat === seat ? 'ls-cr-mine' : undefined}>
            <span className="ls-cr-who">
              {line.seat === seat ? t('classroom.chat.you') : peerName}{' '}
              <time dateTime={line.at} className="ls-muted ls-small">
                {time.format(new Date(line.at))}
              </time>
            </span>
            <span className="ls-cr-text">{line.text}</span>
          </li>
        ))}
      </ol>
      {(notice || tooLong) && (
        <p className="ls-cr-notice" role="alert" data-testid="chat-notice">
          {tooLong ? t('classroom.chat.tooLong', { max: CHAT_TEXT_MAX }) : notice}
        </p>
      )}
      <form className="ls-cr-chat-form" onSubmit={submit}>
        <label htmlFor={inputId} className="ls-sr-only">
          {t('classroom.chat.label')}
        </label>
        <input
          id={inputId}
          className="ls-cr-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('classroom.chat.label')}
          autoComplete="off"
          data-testid="chat-input"
        />
        <button
          type="submit"
          className="ls-btn ls-btn-primary"
          disabled={!text.trim() || tooLong}
          data-testid="chat-send"
        >
          {t('classroom.chat.send')}
        </button>
      </form>
    </section>
  );
}

/**
 * The call (DESIGN.md §12): the other seat's video large and one's own small (stacked on a phone),
 * status, class timer and connection quality in words, mute and camera toggles whose state both
 * seats see, chat, and leave. `fetchRoom` gives a fresh ticket for each connection.
 */
export function CallView({
  room,
  stream,
  fetchRoom,
  onEnded,
  teacherToken,
}: {
  room: Room;
  stream: MediaStream;
  fetchRoom: () => Promise<Room>;
  onEnded: (message: string | null) => void;
  /** The teacher link's token: the teacher's seat records the class with it. */
  teacherToken?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<CallStatus>('connecting');
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [peerState, setPeerState] = useState<MediaState>({ audio: true, video: true });
  const [media, setMedia] = useState<MediaState>({ audio: true, video: true });
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [quality, setQuality] = useState<Quality | null>(null);
  const [recording, setRecording] = useState<RecorderStatus>('idle');
  const call = useRef<RoomCall | null>(null);
  const recorder = useRef<CallRecorder | null>(null);
  const remoteVideo = useRef<HTMLVideoElement>(null);
  const selfVideo = useRef<HTMLVideoElement>(null);
  const ended = useRef(onEnded);
  ended.current = onEnded;
  const fetcher = useRef(fetchRoom);
  fetcher.current = fetchRoom;

  useEffect(() => {
    const roomCall = new RoomCall({
      room,
      stream,
      lang: i18n.language,
      fetchRoom: () => fetcher.current(),
      events: {
        status: setStatus,
        remoteStream: setRemote,
        peerState: setPeerState,
        chat: (line) => setLines((list) => [...list, line].sort((a, b) => a.at.localeCompare(b.at))),
        notice: setNotice,
        closed: (message) => ended.current(message),
        quality: setQuality,
      },
    });
    call.current = roomCall;
    roomCall.start();
    return () => roomCall.stop();
    // One call per room and stream; the language of its messages is the one it started with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [room, stream]);

  // The teacher's seat records the call (lib/recorder.ts) once both seats are connected.
  useEffect(() => {
    if (room.seat !== 'teacher' || !room.recording || !teacherToken) return;
    const roomRecorder = new CallRecorder({
      classId: room.class_id,
      token: teacherToken,
      end: room.end,
      lang: i18n.language,
      local: stream,
      onStatus: setRecording,
    });
    recorder.current = roomRecorder;
    return () => {
      roomRecorder.dispose();
      recorder.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [room, stream, teacherToken]);
  useEffect(() => {
    recorder.current?.setRemote(remote);
    if (status === 'connected' && remote) void recorder.current?.start();
  }, [status, remote]);

  useEffect(() => {
    if (selfVideo.current) selfVideo.current.srcObject = stream;
  }, [stream]);
  useEffect(() => {
    const video = remoteVideo.current;
    if (!video) return;
    video.srcObject = remote;
    if (remote) void video.play().catch(() => undefined);
  }, [remote]);

  const toggle = (what: keyof MediaState) => {
    const next = { ...media, [what]: !media[what] };
    setMedia(next);
    call.current?.setMedia(next);
  };

  const name = room.peer_name;
  const statusText =
    status === 'waiting'
      ? t('classroom.call.waiting', { name })
      : t(`classroom.call.${status === 'closed' ? 'reconnecting' : status}`);

  return (
    <div className="ls-cr-call" data-testid="call" data-status={status}>
      <div className="ls-cr-bar">
        <span
          className="ls-cr-chip"
          role="status"
          aria-label={t('classroom.call.status')}
          data-testid="call-status"
        >
          {statusText}
        </span>
        <ClassTimer room={room} />
        <QualityChip quality={status === 'connected' ? quality : null} />
        {room.recording && <RecordingNotice seat={room.seat} status={recording} />}
      </div>
      <div className="ls-cr-stage">
        <div className="ls-cr-remote">
          <video
            ref={remoteVideo}
            autoPlay
            playsInline
            aria-label={t('classroom.call.peerVideo', { name })}
            data-testid="remote-video"
          />
          <div
            className="ls-cr-peer-flags"
            data-testid="peer-state"
            data-audio={peerState.audio}
            data-video={peerState.video}
          >
            {!peerState.audio && (
              <span className="ls-cr-flag">{t('classroom.call.peerMuted', { name })}</span>
            )}
            {!peerState.video && (
              <span className="ls-cr-flag">{t('classroom.call.peerCameraOff', { name })}</span>
            )}
          </div>
        </div>
        <div className="ls-cr-self">
          <video ref={selfVideo} autoPlay muted playsInline aria-label={t('classroom.call.selfVideo')} />
          {!media.video && <span className="ls-cr-flag">{t('classroom.call.cameraOffSelf')}</span>}
        </div>
      </div>
      <div className="ls-cr-controls">
        <button type="button" className="ls-btn" onClick={() => toggle('audio')} data-testid="toggle-audio">
          {media.audio ? t('classroom.call.mute') : t('classroom.call.unmute')}
        </button>
        <button type="button" className="ls-btn" onClick={() => toggle('video')} data-testid="toggle-video">
          {media.video ? t('classroom.call.cameraOff') : t('classroom.call.cameraOn')}
        </button>
        <button
          type="button"
          className="ls-btn ls-btn-danger ls-cr-leave"
          onClick={() => call.current?.leave()}
          data-testid="leave-room"
        >
          {t('classroom.call.leave')}
        </button>
      </div>
      <Chat
        lines={lines}
        seat={room.seat}
        peerName={name}
        notice={notice}
        onSend={(text) => {
          setNotice(null);
          call.current?.sendChat(text);
        }}
      />
    </div>
  );
}
