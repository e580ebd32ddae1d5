import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientMessage, Room, ServerMessage } from '@app/contract/classroom';
import { RoomCall, STUDENT_RESTART_AFTER_MS, type CallEvents, type CallStatus } from './room-call.ts';

/**
 * The seat's reaction to ICE failure (DESIGN.md §12: "ICE that fails restarts"): a browser cannot be
 * made to fail ICE on cue (Chromium declares it failed only after some 30 s without consent), so the
 * RTCPeerConnection, the WebSocket and the MediaStream here are fakes that keep the state machine
 * the room relies on (signalling states, negotiationneeded after addTrack and restartIce) and record
 * what the seat does with them.
 */

class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = FakeSocket.CONNECTING;
  sent: ClientMessage[] = [];
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as ClientMessage);
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code, reason });
  }

  /** The server opens the socket (tests: `opened()`) and sends `msg`. */
  deliver(msg: ServerMessage): void {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }

  of<T extends ClientMessage['type']>(type: T): Extract<ClientMessage, { type: T }>[] {
    return this.sent.filter((m): m is Extract<ClientMessage, { type: T }> => m.type === type);
  }
}

type Description = { type: 'offer' | 'answer'; sdp: string };

class FakePeer {
  static all: FakePeer[] = [];
  iceConnectionState: RTCIceConnectionState = 'new';
  connectionState: RTCPeerConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  localDescription: Description | null = null;
  remoteDescription: Description | null = null;
  restarts = 0;
  private restartPending = false;
  private offers = 0;
  candidates: unknown[] = [];
  ontrack: ((event: { track: unknown }) => void) | null = null;
  onicecandidate: ((event: { candidate: null }) => void) | null = null;
  onnegotiationneeded: (() => Promise<void> | void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;

  constructor(readonly config: unknown) {
    FakePeer.all.push(this);
  }

  private negotiationQueued = false;

  /** As a browser does: one negotiationneeded for the changes of one task. */
  private negotiationNeeded(): void {
    if (this.negotiationQueued) return;
    this.negotiationQueued = true;
    setTimeout(() => {
      this.negotiationQueued = false;
      if (this.connectionState !== 'closed') void this.onnegotiationneeded?.();
    }, 0);
  }

  /** The tracks sent, and the signalling state each was added in. */
  added: { kind: string; in: RTCSignalingState }[] = [];
  private senders: { track: unknown }[] = [];

  getSenders(): { track: unknown }[] {
    return this.senders;
  }

  /**
   * As a browser does: a track added while an offer is being answered takes the offer's transceiver
   * of its kind (the offers here carry audio and video), so it needs no negotiation of its own.
   */
  addTrack(track: { kind: string }): void {
    this.senders.push({ track });
    this.added.push({ kind: track.kind, in: this.signalingState });
    if (this.signalingState !== 'have-remote-offer') this.negotiationNeeded();
  }

  restartIce(): void {
    this.restarts++;
    this.restartPending = true;
    this.negotiationNeeded();
  }

  async setLocalDescription(): Promise<void> {
    if (this.signalingState === 'have-remote-offer') {
      this.localDescription = { type: 'answer', sdp: `answer to ${this.remoteDescription?.sdp}` };
      this.signalingState = 'stable';
      return;
    }
    this.offers++;
    const restart = this.restartPending ? ' ice-restart' : '';
    this.restartPending = false;
    this.localDescription = { type: 'offer', sdp: `offer ${this.offers}${restart}` };
    this.signalingState = 'have-local-offer';
  }

  /** As a browser may: a remote offer takes a task to apply, and other tasks run meanwhile. */
  static slowRemoteOffer = false;

  async setRemoteDescription(description: Description): Promise<void> {
    this.remoteDescription = description;
    if (description.type === 'offer') {
      if (this.signalingState === 'have-local-offer') this.signalingState = 'stable'; // rollback
      this.signalingState = 'have-remote-offer';
      if (FakePeer.slowRemoteOffer) await new Promise((resolve) => setTimeout(resolve, 1));
    } else {
      this.signalingState = 'stable';
    }
  }

  async addIceCandidate(candidate: unknown): Promise<void> {
    this.candidates.push(candidate);
  }

  async getStats(): Promise<Map<string, unknown>> {
    return new Map();
  }

  close(): void {
    this.connectionState = 'closed';
    this.signalingState = 'closed';
  }

  /** The network: ICE and the connection move to `ice` / `connection`. */
  network(ice: RTCIceConnectionState, connection: RTCPeerConnectionState): void {
    this.iceConnectionState = ice;
    this.oniceconnectionstatechange?.();
    this.connectionState = connection;
    this.onconnectionstatechange?.();
  }
}

class FakeStream {
  private tracks: { kind: string; enabled: boolean; stop: () => void }[];
  constructor(tracks: { kind: string; enabled: boolean; stop: () => void }[] = []) {
    this.tracks = tracks;
  }
  getTracks = () => this.tracks;
  getAudioTracks = () => this.tracks.filter((t) => t.kind === 'audio');
  getVideoTracks = () => this.tracks.filter((t) => t.kind === 'video');
  addTrack = (track: { kind: string; enabled: boolean; stop: () => void }) => this.tracks.push(track);
}

// Each room a ticket of its own: a ticket opens one WebSocket only (the seat remembers those used).
let tickets = 0;
const room = (seat: 'student' | 'teacher'): Room => ({
  class_id: 7,
  seat,
  start: '2026-11-28T10:00:00.000Z',
  end: '2026-11-28T10:25:00.000Z',
  open: '2026-11-28T09:50:00.000Z',
  close: '2026-11-28T10:55:00.000Z',
  peer_name: 'Peer',
  teacher_name: 'Emily Carter',
  ice_servers: [{ urls: ['stun:stun.example.com:3478'] }],
  ticket: `ticket-${++tickets}`,
  ticket_expires: new Date(Date.now() + 60_000).toISOString(),
  ws_path: '/api/v1/classroom/ws',
  recording: false,
});

/**
 * Lets the seat's queued message handling and negotiationneeded (a timer) run: twenty turns of the
 * timer queue, each after the timers and promise chains the turn before queued. Counted in turns,
 * not milliseconds: on a loaded machine a chain of awaits can take longer than any fixed wait (a
 * 5 ms wait once ran before the seat's offer was sent).
 */
const settle = async () => {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** Events that record the statuses and ignore the rest. */
function recordingStatuses(statuses: CallStatus[]): CallEvents {
  return {
    status: (s) => statuses.push(s),
    remoteStream: () => undefined,
    peerState: () => undefined,
    chat: () => undefined,
    notice: () => undefined,
    closed: () => undefined,
    quality: () => undefined,
  };
}

function seat(which: 'student' | 'teacher') {
  const statuses: CallStatus[] = [];
  const events = recordingStatuses(statuses);
  const track = (kind: string) => ({ kind, enabled: true, stop: vi.fn() });
  const call = new RoomCall({
    room: room(which),
    fetchRoom: () => Promise.resolve(room(which)),
    stream: new FakeStream([track('audio'), track('video')]) as unknown as MediaStream,
    lang: 'en',
    events,
    location: { protocol: 'http:', host: 'school.example' },
  });
  return { call, statuses };
}

beforeEach(() => {
  FakeSocket.all = [];
  FakePeer.all = [];
  FakePeer.slowRemoteOffer = false;
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('RTCPeerConnection', FakePeer);
  vi.stubGlobal('MediaStream', FakeStream);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The student's seat in a call the teacher's offer connected (fake timers running). */
async function connectedStudent() {
  const { call, statuses } = seat('student');
  call.start();
  const socket = FakeSocket.all[0]!;
  socket.readyState = FakeSocket.OPEN;
  socket.deliver({ type: 'welcome', seat: 'student', peer_present: true });
  socket.deliver({ type: 'offer', sdp: 'teacher offer' });
  await vi.advanceTimersByTimeAsync(5);
  const pc = FakePeer.all[0]!;
  pc.network('connected', 'connected');
  return { call, statuses, socket, pc };
}

describe('RoomCall on ICE failure', () => {
  it('restarts ICE on the same connection, offers again and comes back to connected', async () => {
    const { call, statuses } = seat('teacher');
    call.start();
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toBe('ws://school.example/api/v1/classroom/ws?ticket=ticket-1&lang=en');
    socket.readyState = FakeSocket.OPEN;
    socket.deliver({ type: 'welcome', seat: 'teacher', peer_present: true });
    await settle();

    // The call is negotiated and connects.
    expect(FakePeer.all).toHaveLength(1);
    const pc = FakePeer.all[0]!;
    expect(socket.of('offer').map((m) => m.sdp)).toEqual(['offer 1']);
    socket.deliver({ type: 'answer', sdp: 'answer 1' });
    await settle();
    pc.network('connected', 'connected');
    expect(statuses.at(-1)).toBe('connected');

    // ICE fails: the seat says it is reconnecting and restarts ICE, which offers anew.
    pc.network('failed', 'failed');
    expect(statuses.at(-1)).toBe('reconnecting');
    expect(pc.restarts).toBe(1);
    await settle();
    expect(socket.of('offer').map((m) => m.sdp)).toEqual(['offer 1', 'offer 2 ice-restart']);
    // On the same connection and the same socket: no new peer connection, no reconnect.
    expect(FakePeer.all).toHaveLength(1);
    expect(FakeSocket.all).toHaveLength(1);
    expect(socket.readyState).toBe(FakeSocket.OPEN);

    // The other seat answers the restart; the connection comes back.
    socket.deliver({ type: 'answer', sdp: 'answer 2' });
    await settle();
    expect(pc.remoteDescription).toEqual({ type: 'answer', sdp: 'answer 2' });
    expect(pc.signalingState).toBe('stable');
    pc.network('checking', 'connecting');
    pc.network('connected', 'connected');
    expect(statuses.at(-1)).toBe('connected');
    expect(statuses.filter((s) => s === 'connected')).toHaveLength(2);
    call.stop();
  });

  it('answers the other seat’s ICE restart on the same connection and comes back', async () => {
    const { call, statuses } = seat('student');
    call.start();
    const socket = FakeSocket.all[0]!;
    socket.readyState = FakeSocket.OPEN;
    socket.deliver({ type: 'welcome', seat: 'student', peer_present: true });
    await settle();
    const pc = FakePeer.all[0]!;
    socket.deliver({ type: 'offer', sdp: 'teacher offer' });
    await settle();
    pc.network('connected', 'connected');

    // The teacher's side failed first and restarted: its offer arrives while this side is stable.
    pc.network('disconnected', 'disconnected');
    expect(statuses.at(-1)).toBe('reconnecting');
    socket.deliver({ type: 'offer', sdp: 'restart offer' });
    await settle();
    expect(socket.of('answer').map((m) => m.sdp)).toEqual([
      'answer to teacher offer',
      'answer to restart offer',
    ]);
    pc.network('connected', 'connected');
    expect(statuses.at(-1)).toBe('connected');
    expect(FakePeer.all).toHaveLength(1);
    call.stop();
  });

  it('leaves the restart to the teacher when both seats fail: answers the teacher’s restart offer, offers none', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      const { call, statuses, socket, pc } = await connectedStudent();

      // ICE fails on both sides: the student waits for the teacher's restart.
      pc.network('failed', 'failed');
      expect(statuses.at(-1)).toBe('reconnecting');
      await vi.advanceTimersByTimeAsync(STUDENT_RESTART_AFTER_MS / 2);
      expect(pc.restarts).toBe(0);
      socket.deliver({ type: 'offer', sdp: 'teacher restart offer' });
      await vi.advanceTimersByTimeAsync(5);
      pc.network('checking', 'connecting');
      await vi.advanceTimersByTimeAsync(STUDENT_RESTART_AFTER_MS);
      expect(socket.of('answer').map((m) => m.sdp)).toEqual([
        'answer to teacher offer',
        'answer to teacher restart offer',
      ]);
      expect(socket.of('offer')).toEqual([]);
      expect(pc.restarts).toBe(0);
      pc.network('connected', 'connected');
      expect(statuses.at(-1)).toBe('connected');
      expect(FakePeer.all).toHaveLength(1);
      call.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('restarts from the student’s seat when the teacher’s restart does not come', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      const { call, socket, pc } = await connectedStudent();
      pc.network('failed', 'failed');
      await vi.advanceTimersByTimeAsync(STUDENT_RESTART_AFTER_MS - 10);
      expect(pc.restarts).toBe(0);
      await vi.advanceTimersByTimeAsync(20);
      expect(pc.restarts).toBe(1);
      expect(socket.of('offer').map((m) => m.sdp)).toEqual(['offer 1 ice-restart']);
      call.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('restarts again when ICE fails a second time (each failure restarts once)', async () => {
    const { call } = seat('teacher');
    call.start();
    const socket = FakeSocket.all[0]!;
    socket.readyState = FakeSocket.OPEN;
    socket.deliver({ type: 'welcome', seat: 'teacher', peer_present: true });
    await settle();
    const pc = FakePeer.all[0]!;
    socket.deliver({ type: 'answer', sdp: 'answer 1' });
    await settle();
    pc.network('connected', 'connected');
    for (const n of [1, 2]) {
      pc.network('failed', 'failed');
      expect(pc.restarts).toBe(n);
      await settle();
      socket.deliver({ type: 'answer', sdp: `restart answer ${n}` });
      await settle();
      pc.network('connected', 'connected');
    }
    expect(socket.of('offer').map((m) => m.sdp)).toEqual([
      'offer 1',
      'offer 2 ice-restart',
      'offer 3 ice-restart',
    ]);
    call.stop();
  });
});

describe('RoomCall entering again', () => {
  it('asks for a fresh ticket when the room it was given holds a ticket already used', async () => {
    const used = { ...room('student'), ticket: 'ticket-used-once' };
    const fresh = { ...room('student'), ticket: 'ticket-fresh' };
    const fetchRoom = vi.fn(() => Promise.resolve(fresh));
    const options = (given: Room) => ({
      room: given,
      fetchRoom,
      stream: new FakeStream() as unknown as MediaStream,
      lang: 'en',
      events: recordingStatuses([]),
      location: { protocol: 'http:', host: 'school.example' },
    });
    const first = new RoomCall(options(used));
    first.start();
    await settle();
    expect(FakeSocket.all.map((s) => new URL(s.url).searchParams.get('ticket'))).toEqual([
      'ticket-used-once',
    ]);
    expect(fetchRoom).not.toHaveBeenCalled();
    first.leave();
    // Entering again with the same room (the page's cached getRoom reply): a fresh ticket first.
    const again = new RoomCall(options(used));
    again.start();
    await settle();
    expect(fetchRoom).toHaveBeenCalledTimes(1);
    expect(FakeSocket.all.map((s) => new URL(s.url).searchParams.get('ticket'))).toEqual([
      'ticket-used-once',
      'ticket-fresh',
    ]);
    again.stop();
  });
});

describe('RoomCall when both seats start at once', () => {
  it('offers from the teacher’s seat only: the student’s tracks go into its answer', async () => {
    const teacher = seat('teacher');
    const student = seat('student');
    teacher.call.start();
    student.call.start();
    const [teacherSocket, studentSocket] = FakeSocket.all as [FakeSocket, FakeSocket];
    for (const socket of [teacherSocket, studentSocket]) socket.readyState = FakeSocket.OPEN;
    // Both are told at once that the other is there.
    teacherSocket.deliver({ type: 'welcome', seat: 'teacher', peer_present: true });
    studentSocket.deliver({ type: 'welcome', seat: 'student', peer_present: true });
    await settle();
    expect(teacherSocket.of('offer').map((m) => m.sdp)).toEqual(['offer 1']);
    expect(studentSocket.of('offer')).toEqual([]);
    const [teacherPc, studentPc] = FakePeer.all as [FakePeer, FakePeer];
    expect(studentPc.added).toEqual([]);

    studentSocket.deliver({ type: 'offer', sdp: 'offer 1' });
    await settle();
    expect(studentPc.added).toEqual([
      { kind: 'audio', in: 'have-remote-offer' },
      { kind: 'video', in: 'have-remote-offer' },
    ]);
    expect(studentSocket.of('answer').map((m) => m.sdp)).toEqual(['answer to offer 1']);
    teacherSocket.deliver({ type: 'answer', sdp: 'answer to offer 1' });
    await settle();
    expect([teacherPc.signalingState, studentPc.signalingState]).toEqual(['stable', 'stable']);
    expect(studentSocket.of('offer')).toEqual([]);
    teacher.call.stop();
    student.call.stop();
  });

  it('answers an offer that arrives with its welcome as an answer, and offers nothing of its own meanwhile', async () => {
    FakePeer.slowRemoteOffer = true;
    const { call } = seat('student');
    call.start();
    const socket = FakeSocket.all[0]!;
    socket.readyState = FakeSocket.OPEN;
    // Both seats were told the other is there: the teacher's offer follows the welcome at once,
    // before this seat's negotiationneeded (a task after its tracks are added) has run.
    socket.deliver({ type: 'welcome', seat: 'student', peer_present: true });
    socket.deliver({ type: 'offer', sdp: 'teacher offer' });
    await settle();
    expect(socket.of('answer').map((m) => m.sdp)).toEqual(['answer to teacher offer']);
    // An offer made while answering would be the answer under the wrong name.
    await settle();
    expect(socket.of('offer')).toEqual([]);
    expect(FakePeer.all[0]!.signalingState).toBe('stable');
    call.stop();
  });
});
