import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaProblemOf, type MediaProblem } from '../lib/room-status.ts';
import '../../../locales/classroom/index.ts';

type Choice = { camera: string; microphone: string };

/** The level of the microphone (0..1) from an AnalyserNode, about 30 times a second. */
function useMicLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0) return;
    const Context = window.AudioContext;
    if (!Context) return;
    const context = new Context();
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let frame = 0;
    let last = 0;
    const tick = (time: number) => {
      frame = requestAnimationFrame(tick);
      if (time - last < 33) return;
      last = time;
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      // RMS, scaled so that speech reaches the upper half.
      setLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      source.disconnect();
      void context.close();
    };
  }, [stream]);
  return level;
}

/**
 * The device check before the call (DESIGN.md §12): the camera and microphone to use (native
 * selects), a live preview, the microphone's level, and what to do when the browser denies
 * permission or finds no device. `onEnter` takes the stream into the call (it is not stopped here).
 */
export function DeviceCheck({ onEnter }: { onEnter: (stream: MediaStream) => void }) {
  const { t } = useTranslation();
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<{ kind: MediaProblem; name: string } | null>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [choice, setChoice] = useState<Choice>({ camera: '', microphone: '' });
  const [attempt, setAttempt] = useState(0);
  const handedOver = useRef(false);
  const preview = useRef<HTMLVideoElement>(null);
  const cameraId = useId();
  const micId = useId();
  const level = useMicLevel(stream);

  useEffect(() => {
    let cancelled = false;
    let started: MediaStream | null = null;
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) {
      setProblem({ kind: 'failed', name: 'mediaDevices' });
      return;
    }
    setProblem(null);
    media
      .getUserMedia({
        video: choice.camera ? { deviceId: { exact: choice.camera } } : true,
        audio: choice.microphone ? { deviceId: { exact: choice.microphone } } : true,
      })
      .then(async (next) => {
        if (cancelled) {
          for (const track of next.getTracks()) track.stop();
          return;
        }
        started = next;
        setStream(next);
        const list = await media.enumerateDevices();
        if (!cancelled) setDevices(list.filter((d) => d.deviceId));
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setStream(null);
        setProblem({
          kind: mediaProblemOf(error),
          name: error instanceof Error ? error.name : String(error),
        });
      });
    return () => {
      cancelled = true;
      if (started && !handedOver.current) for (const track of started.getTracks()) track.stop();
    };
  }, [choice, attempt]);

  useEffect(() => {
    if (preview.current) preview.current.srcObject = stream;
  }, [stream]);

  const current = useCallback(
    (kind: 'audioinput' | 'videoinput') => {
      const track = kind === 'videoinput' ? stream?.getVideoTracks()[0] : stream?.getAudioTracks()[0];
      return track?.getSettings().deviceId ?? '';
    },
    [stream],
  );

  const cameras = devices.filter((d) => d.kind === 'videoinput');
  const microphones = devices.filter((d) => d.kind === 'audioinput');

  return (
    <section
      className="ls-cr-card ls-cr-check"
      aria-labelledby="ls-cr-check-title"
      data-testid="device-check"
    >
      <h2 id="ls-cr-check-title" className="ls-section-title">
        {t('classroom.device.title')}
      </h2>
      <div className="ls-cr-check-body">
        <div className="ls-cr-preview">
          <video
            ref={preview}
            autoPlay
            muted
            playsInline
            aria-label={t('classroom.device.preview')}
            data-testid="device-preview"
          />
        </div>
        <div className="ls-cr-check-side">
          {problem ? (
            <div className="ls-cr-problem" role="alert" data-testid={`device-${problem.kind}`}>
              <p>
                {problem.kind === 'failed'
                  ? t('classroom.device.failed', { name: problem.name })
                  : t(`classroom.device.${problem.kind}`)}
              </p>
              <button type="button" className="ls-btn" onClick={() => setAttempt((n) => n + 1)}>
                {t('classroom.device.retry')}
              </button>
            </div>
          ) : (
            !stream && (
              <p className="ls-muted" role="status">
                {t('classroom.device.starting')}
              </p>
            )
          )}
          <div className="ls-cr-field">
            <label htmlFor={cameraId}>{t('classroom.device.camera')}</label>
            <select
              id={cameraId}
              className="ls-cr-select"
              value={current('videoinput')}
              disabled={cameras.length === 0}
              onChange={(e) => setChoice((c) => ({ ...c, camera: e.target.value }))}
              data-testid="camera-select"
            >
              {cameras.length === 0 && <option value="">{t('classroom.device.none')}</option>}
              {cameras.map((d, i) => (
                <option key={d.deviceId} value={d.deviceId}>
                  {d.label || `${t('classroom.device.camera')} ${i + 1}`}
                </option>
              ))}
            </select>
          </div>
          <div className="ls-cr-field">
            <label htmlFor={micId}>{t('classroom.device.microphone')}</label>
            <select
              id={micId}
              className="ls-cr-select"
              value={current('audioinput')}
              disabled={microphones.length === 0}
              onChange={(e) => setChoice((c) => ({ ...c, microphone: e.target.value }))}
              data-testid="microphone-select"
            >
              {microphones.length === 0 && <option value="">{t('classroom.device.none')}</option>}
              {microphones.map((d, i) => (
                <option key={d.deviceId} value={d.deviceId}>
                  {d.label || `${t('classroom.device.microphone')} ${i + 1}`}
                </option>
              ))}
            </select>
          </div>
          <div className="ls-cr-field">
            <span id={`${micId}-level`}>{t('classroom.device.level')}</span>
            <meter
              className="ls-cr-meter"
              min={0}
              max={1}
              low={0.05}
              value={level}
              aria-labelledby={`${micId}-level`}
              data-testid="mic-level"
            />
            <p className="ls-muted ls-small">{t('classroom.device.levelHint')}</p>
          </div>
          <button
            type="button"
            className="ls-btn ls-btn-primary ls-btn-block"
            disabled={!stream}
            onClick={() => {
              if (!stream) return;
              handedOver.current = true;
              onEnter(stream);
            }}
            data-testid="enter-room"
          >
            {t('classroom.device.enter')}
          </button>
        </div>
      </div>
    </section>
  );
}
