import { useCallback, useEffect, useRef, useState } from 'react';

export type RecorderPhase = 'idle' | 'requesting' | 'preparing' | 'recording';
/** Why recording cannot happen: each has its own bilingual message. */
export type RecorderError = 'unsupported' | 'denied' | 'noMic' | 'failed';

export type RecorderOptions = {
  /** Preparation seconds before the talk (Part 2: 60); 0 starts recording at once. */
  prepare: number;
  /** Longest answer in seconds; recording stops by itself at 0. */
  answer: number;
  onRecorded: (recording: { blob: Blob; durationMs: number; mime: string }) => void;
};

export function recordingSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function' &&
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder === 'function'
  );
}

export function classifyMediaError(error: unknown): RecorderError {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
    return 'noMic';
  if (name === 'NotSupportedError' || name === 'TypeError') return 'unsupported';
  return 'failed';
}

function pickMime(): string | undefined {
  for (const mime of ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus']) {
    if (window.MediaRecorder.isTypeSupported?.(mime)) return mime;
  }
  return undefined;
}

/**
 * Exam-timed recording with MediaRecorder: microphone first (so a permission prompt does not eat the
 * preparation time), then the preparation countdown, then the answer countdown. Nothing leaves the
 * browser; the caller stores the blob.
 */
export function useRecorder({ prepare, answer, onRecorded }: RecorderOptions) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [error, setError] = useState<RecorderError | null>(null);
  const [remaining, setRemaining] = useState(0);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const deadline = useRef(0);
  const startedAt = useRef(0);
  const keep = useRef(true);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  });

  const releaseStream = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);

  const stop = useCallback(() => {
    const active = recorder.current;
    if (active && active.state !== 'inactive') active.stop();
    else {
      releaseStream();
      setPhase('idle');
    }
  }, [releaseStream]);

  const cancel = useCallback(() => {
    keep.current = false;
    stop();
  }, [stop]);

  const beginRecording = useCallback(() => {
    const media = stream.current;
    if (!media) return;
    const mime = pickMime();
    let rec: MediaRecorder;
    try {
      rec = mime ? new MediaRecorder(media, { mimeType: mime }) : new MediaRecorder(media);
    } catch (err) {
      releaseStream();
      setError(classifyMediaError(err));
      setPhase('idle');
      return;
    }
    const chunks: Blob[] = [];
    keep.current = true;
    rec.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    rec.onstop = () => {
      releaseStream();
      recorder.current = null;
      setPhase('idle');
      if (keep.current && chunks.length > 0) {
        const type = rec.mimeType || mime || 'audio/webm';
        onRecordedRef.current({
          blob: new Blob(chunks, { type }),
          durationMs: Date.now() - startedAt.current,
          mime: type,
        });
      }
    };
    recorder.current = rec;
    startedAt.current = Date.now();
    deadline.current = Date.now() + answer * 1000;
    setRemaining(answer);
    rec.start(250);
    setPhase('recording');
  }, [answer, releaseStream]);

  const start = useCallback(async () => {
    setError(null);
    if (!recordingSupported()) {
      setError('unsupported');
      return;
    }
    setPhase('requesting');
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (err) {
      setError(classifyMediaError(err));
      setPhase('idle');
      return;
    }
    if (prepare > 0) {
      deadline.current = Date.now() + prepare * 1000;
      setRemaining(prepare);
      setPhase('preparing');
    } else {
      beginRecording();
    }
  }, [prepare, beginRecording]);

  // One ticking clock for both countdowns; it reads the deadline, so a slow tab never drifts.
  useEffect(() => {
    if (phase !== 'preparing' && phase !== 'recording') return undefined;
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000));
      setRemaining(left);
      if (left > 0) return;
      if (phase === 'preparing') beginRecording();
      else stop();
    }, 200);
    return () => window.clearInterval(timer);
  }, [phase, beginRecording, stop]);

  // Leaving the page stops the microphone and drops an unfinished recording.
  useEffect(
    () => () => {
      keep.current = false;
      const active = recorder.current;
      if (active && active.state !== 'inactive') active.stop();
      stream.current?.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  return { phase, error, remaining, start, stop, cancel, startNow: beginRecording };
}
