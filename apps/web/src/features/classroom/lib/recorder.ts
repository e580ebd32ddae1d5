import { RECORDING_TIMESLICE_MS, type RecordingState } from '@app/contract/classroom';
import { API_BASE } from '@app/contract/constants';

/**
 * The teacher's seat records the class (DESIGN.md §12 "Recording"): both videos drawn on a canvas
 * (the other seat large, oneself small in the corner) and both voices mixed (Web Audio), recorded by
 * MediaRecorder as WebM in chunks of 4 s, each uploaded as it comes, in order, with its number
 * (POST /classroom/putRecordingChunk). A failed upload is tried again a few times; a chunk that
 * still fails is given up (a gap in the recording, never a broken file) and the next one follows,
 * except a recorder's first chunk: it holds the WebM header the rest of its chunks are read by, so
 * it is tried every 8 s until stored. An upload that has no answer in 30 s counts as failed.
 * The server tells where to resume (getRecordingState) when the seat enters again, and the class's
 * end, when the recorder stops and sends its last chunk (the server then joins the recording).
 */

export type RecorderStatus = 'idle' | 'recording' | 'stopped' | 'unsupported' | 'failed';

export type RecorderOptions = {
  classId: number;
  /** The teacher link's token: the upload's credential. */
  token: string;
  /** The class's end (ISO): the recording stops then. */
  end: string;
  lang: string;
  local: MediaStream;
  onStatus(status: RecorderStatus): void;
  fetch?: typeof fetch;
};

const WIDTH = 960;
const HEIGHT = 540;
const FPS = 15;
const VIDEO_BITS = 900_000;
const AUDIO_BITS = 64_000;
/** Waits before the tries after a failed upload. */
const RETRY_MS = [1_000, 2_000, 4_000, 8_000];
/** Chunks kept while uploads fail (2 minutes); older ones are given up (a gap), so memory stays bounded. */
const MAX_QUEUE = 30;
/** An upload (or a question to the server) without an answer by then is abandoned and counts as failed. */
export const UPLOAD_TIMEOUT_MS = 30_000;

type Chunk = { n: number; blob: Blob; head: boolean; ms: number; last: boolean };

class Refused extends Error {
  constructor(readonly status: number) {
    super(`refused ${status}`);
  }
}

function pickType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  for (const type of ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm']) {
    if (MediaRecorder.isTypeSupported(type)) return type;
  }
  return undefined;
}

/** Whether this browser can record the class (MediaRecorder with WebM, canvas capture, Web Audio). */
export function canRecord(): boolean {
  return (
    pickType() !== undefined &&
    typeof AudioContext !== 'undefined' &&
    typeof HTMLCanvasElement !== 'undefined' &&
    'captureStream' in HTMLCanvasElement.prototype
  );
}

function hiddenVideo(stream: MediaStream | null): HTMLVideoElement {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  if (stream) void video.play().catch(() => undefined);
  return video;
}

/** Draws `video` into the box, whole (letterboxed), when it has a picture. */
function drawContained(
  g: CanvasRenderingContext2D,
  video: HTMLVideoElement,
  x: number,
  y: number,
  w: number,
  h: number,
): void {
  if (video.readyState < 2 || !video.videoWidth) return;
  const scale = Math.min(w / video.videoWidth, h / video.videoHeight);
  const dw = video.videoWidth * scale;
  const dh = video.videoHeight * scale;
  g.drawImage(video, x + (w - dw) / 2, y + (h - dh) / 2, dw, dh);
}

export class CallRecorder {
  private readonly send: typeof fetch;
  private end: number;
  private status: RecorderStatus = 'idle';
  private recorder: MediaRecorder | null = null;
  private audio: AudioContext | null = null;
  private remoteSource: MediaStreamAudioSourceNode | null = null;
  private remoteTrack: MediaStreamTrack | null = null;
  private destination: MediaStreamAudioDestinationNode | null = null;
  private drawTimer: ReturnType<typeof setInterval> | undefined;
  private endTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly selfVideo: HTMLVideoElement;
  private readonly remoteVideo: HTMLVideoElement;
  private next = 0;
  private offsetMs = 0;
  private startedAt = 0;
  private firstOfRecorder = true;
  private queue: Chunk[] = [];
  private uploading = false;
  private closed = false;
  private final = false;
  /** The server takes no more chunks (closed, over, refused): the recorder's last piece is not sent. */
  private refused = false;

  constructor(private readonly options: RecorderOptions) {
    this.send = options.fetch ?? window.fetch.bind(window);
    this.end = Date.parse(options.end);
    this.selfVideo = hiddenVideo(options.local);
    this.remoteVideo = hiddenVideo(null);
  }

  /** The other seat's stream as it comes and goes (its picture and voice join the recording). */
  setRemote(stream: MediaStream | null): void {
    if (this.remoteVideo.srcObject !== stream) {
      this.remoteVideo.srcObject = stream;
      if (stream) void this.remoteVideo.play().catch(() => undefined);
    }
    this.syncRemoteVoice();
  }

  /** Mixes the other seat's current audio track in (its stream may gain it after it is shown). */
  private syncRemoteVoice(): void {
    const stream = this.remoteVideo.srcObject as MediaStream | null;
    const track = stream?.getAudioTracks()[0] ?? null;
    if (track === this.remoteTrack) return;
    this.remoteSource?.disconnect();
    this.remoteSource = null;
    this.remoteTrack = null;
    if (track && this.audio && this.destination) {
      this.remoteSource = this.audio.createMediaStreamSource(new MediaStream([track]));
      this.remoteSource.connect(this.destination);
      this.remoteTrack = track;
    }
  }

  /** Starts recording (once both seats are connected): resumes at the server's next chunk. */
  async start(): Promise<void> {
    if (this.status !== 'idle' || this.closed) return;
    const type = pickType();
    if (!canRecord() || !type) {
      this.setStatus('unsupported');
      return;
    }
    this.status = 'recording';
    let state: RecordingState;
    try {
      state = await this.call<RecordingState>('getRecordingState', 'GET');
    } catch {
      this.setStatus('failed');
      return;
    }
    if (this.closed) return;
    this.end = Date.parse(state.end);
    if (state.state === 'final' || Date.now() >= this.end) {
      this.setStatus('stopped');
      return;
    }
    this.next = state.next;
    this.offsetMs = state.duration_ms;

    const canvas = document.createElement('canvas');
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    const g = canvas.getContext('2d');
    if (!g) {
      this.setStatus('unsupported');
      return;
    }
    const draw = () => {
      g.fillStyle = '#111';
      g.fillRect(0, 0, WIDTH, HEIGHT);
      drawContained(g, this.remoteVideo, 0, 0, WIDTH, HEIGHT);
      const w = WIDTH / 4;
      const h = HEIGHT / 4;
      g.fillStyle = '#000';
      g.fillRect(WIDTH - w - 12, HEIGHT - h - 12, w, h);
      drawContained(g, this.selfVideo, WIDTH - w - 12, HEIGHT - h - 12, w, h);
      this.syncRemoteVoice();
    };
    draw();
    this.drawTimer = setInterval(draw, 1000 / FPS);

    this.audio = new AudioContext();
    void this.audio.resume().catch(() => undefined);
    this.destination = this.audio.createMediaStreamDestination();
    const ownTrack = this.options.local.getAudioTracks()[0];
    if (ownTrack) this.audio.createMediaStreamSource(new MediaStream([ownTrack])).connect(this.destination);
    this.setRemote(this.remoteVideo.srcObject as MediaStream | null);

    const mixed = new MediaStream([
      ...canvas.captureStream(FPS).getVideoTracks(),
      ...this.destination.stream.getAudioTracks(),
    ]);
    const recorder = new MediaRecorder(mixed, {
      mimeType: type,
      videoBitsPerSecond: VIDEO_BITS,
      audioBitsPerSecond: AUDIO_BITS,
    });
    this.recorder = recorder;
    recorder.ondataavailable = (event) => {
      if (this.refused) return;
      // After stop() the recorder is inactive: this is its last piece.
      const last = recorder.state === 'inactive';
      if (event.data.size === 0 && !(last && this.final)) return;
      this.queue.push({
        n: this.next++,
        blob: event.data,
        head: this.firstOfRecorder,
        ms: this.offsetMs + Math.max(0, Date.now() - this.startedAt),
        last: last && this.final,
      });
      this.firstOfRecorder = false;
      // The one being sent stays; the oldest waiting one goes, never a header.
      if (this.queue.length > MAX_QUEUE) {
        const oldest = this.queue.findIndex((c, i) => i > 0 && !c.head);
        if (oldest > 0) this.queue.splice(oldest, 1);
      }
      void this.pump();
    };
    recorder.onstop = () => this.release();
    this.startedAt = Date.now();
    recorder.start(RECORDING_TIMESLICE_MS);
    this.setStatus('recording');
    this.scheduleEnd();
  }

  /**
   * Stops recording. `final`: the class is over, the last chunk closes the recording; otherwise (the
   * seat leaves) the chunks so far are sent and a later entry resumes.
   */
  stop(final: boolean): void {
    clearTimeout(this.endTimer);
    this.final = this.final || final;
    const recorder = this.recorder;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
    else this.release();
    if (this.status === 'recording' || this.status === 'idle') this.setStatus('stopped');
  }

  /** The page is left: stops without waiting for anything. */
  dispose(): void {
    this.stop(false);
    this.closed = true;
  }

  private release(): void {
    clearInterval(this.drawTimer);
    this.remoteSource?.disconnect();
    this.remoteSource = null;
    this.remoteTrack = null;
    void this.audio?.close().catch(() => undefined);
    this.audio = null;
    this.selfVideo.srcObject = null;
    this.remoteVideo.srcObject = null;
  }

  private scheduleEnd(): void {
    clearTimeout(this.endTimer);
    if (!this.recorder || this.recorder.state === 'inactive') return;
    // setTimeout holds at most ~24.8 days; a class is far shorter.
    this.endTimer = setTimeout(() => this.stop(true), Math.max(0, this.end - Date.now()));
  }

  private setStatus(status: RecorderStatus): void {
    this.status = status;
    this.options.onStatus(status);
  }

  /** Sends the queue in order, one chunk at a time. */
  private async pump(): Promise<void> {
    if (this.uploading) return;
    this.uploading = true;
    try {
      while (this.queue.length > 0) {
        const chunk = this.queue[0] as Chunk;
        const stop = await this.upload(chunk);
        this.queue.shift();
        if (stop) {
          this.refused = true;
          this.queue = [];
          if (this.recorder && this.recorder.state !== 'inactive') this.recorder.stop();
          if (this.status === 'recording') this.setStatus('stopped');
        }
      }
    } finally {
      this.uploading = false;
    }
  }

  /** Uploads one chunk with retries; true when the server takes no more (closed, over, refused). */
  private async upload(chunk: Chunk): Promise<boolean> {
    const query: Record<string, string> = { n: String(chunk.n), ms: String(Math.round(chunk.ms)) };
    if (chunk.head) query.head = '1';
    if (chunk.last) query.last = '1';
    for (let attempt = 0; ; attempt++) {
      try {
        const state = await this.call<RecordingState>('putRecordingChunk', 'POST', query, chunk.blob);
        const end = Date.parse(state.end);
        if (end !== this.end) {
          this.end = end;
          this.scheduleEnd();
        }
        return state.state === 'final';
      } catch (error) {
        if (error instanceof Refused && (error.status === 403 || error.status === 409)) return true;
        if (error instanceof Refused && error.status < 500) return false;
        // Without its header a recorder's chunks cannot be read: that one is never given up.
        const wait = RETRY_MS[attempt] ?? (chunk.head && !this.closed ? RETRY_MS.at(-1) : undefined);
        if (wait === undefined) return false;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  private async call<T>(
    path: string,
    method: 'GET' | 'POST',
    query: Record<string, string> = {},
    body?: Blob,
  ): Promise<T> {
    const params = new URLSearchParams({ id: String(this.options.classId), t: this.options.token, ...query });
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), UPLOAD_TIMEOUT_MS);
    try {
      const response = await this.send(`${API_BASE}/classroom/${path}?${params.toString()}`, {
        method,
        headers: {
          'api-language': this.options.lang,
          ...(body ? { 'content-type': 'video/webm' } : {}),
        },
        ...(body ? { body } : {}),
        signal: abort.signal,
      });
      if (!response.ok) throw new Refused(response.status);
      const envelope = (await response.json()) as { code: number; data: T };
      return envelope.data;
    } finally {
      clearTimeout(timer);
    }
  }
}
