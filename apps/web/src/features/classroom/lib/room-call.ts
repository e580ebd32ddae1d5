import {
  serverMessageSchema,
  type ClientMessage,
  type Room,
  type Seat,
  type ServerMessage,
} from '@app/contract/classroom';
import {
  closeOutcome,
  lossBetween,
  qualityOf,
  reconnectDelay,
  refusalOf,
  socketUrl,
  type PacketCount,
  type Quality,
} from './room-status.ts';

/**
 * A seat in the live room (DESIGN.md §12): the room's WebSocket for signalling and chat, and one
 * RTCPeerConnection with the other seat. The teacher's seat offers and the student's answers: the
 * student's tracks go into the answer to the teacher's offer, so the two never offer at once for the
 * first connection. Chromium, after rolling back an offer of its own to take the other's, may never
 * gather an ICE candidate again on that connection: both seats sit "connecting" for good. Later
 * offers (a kind the teacher's offer lacked, an ICE restart) still follow the "perfect negotiation"
 * pattern (MDN) with the student polite. A connection is made while the other seat is there; when it
 * leaves (or its socket drops) the connection is closed, and a new one is made when it joins again. A
 * dropped WebSocket reconnects with a fresh ticket (getRoom). ICE that fails restarts from the
 * teacher's seat at once, and from the student's only if it is still failed STUDENT_RESTART_AFTER_MS
 * later (the teacher's restart had not come).
 */

export type CallStatus = 'connecting' | 'waiting' | 'connected' | 'reconnecting' | 'closed';
export type ChatLine = { seat: Seat; text: string; at: string };
export type MediaState = { audio: boolean; video: boolean };

export type CallEvents = {
  status(status: CallStatus): void;
  remoteStream(stream: MediaStream | null): void;
  peerState(state: MediaState): void;
  chat(line: ChatLine): void;
  /** A server's error message (a chat line refused), in the seat's language. */
  notice(message: string): void;
  /** The room ended for this seat: the server's message, or null after leaving. */
  closed(message: string | null): void;
  quality(quality: Quality | null): void;
};

export type RoomCallOptions = {
  room: Room;
  /** A fresh room (ticket) for each connection of the WebSocket. */
  fetchRoom(): Promise<Room>;
  stream: MediaStream;
  lang: string;
  events: CallEvents;
  location?: Pick<Location, 'protocol' | 'host'>;
};

const STATS_EVERY_MS = 2_000;
/** How long the student's seat waits for the teacher's ICE restart before it restarts itself. */
export const STUDENT_RESTART_AFTER_MS = 4_000;

/**
 * Tickets this page has opened a WebSocket with: a ticket opens one only (the server refuses a
 * second use), so entering again with a room read before (the page's cached getRoom) asks for a
 * fresh one first instead of being refused and retrying.
 */
const usedTickets = new Set<string>();

export class RoomCall {
  private socket: WebSocket | null = null;
  private pc: RTCPeerConnection | null = null;
  private makingOffer = false;
  private ignoreOffer = false;
  private readonly polite: boolean;
  private room: Room;
  private attempt = 0;
  private stopped = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private statsTimer: ReturnType<typeof setInterval> | undefined;
  private lastPackets: PacketCount | undefined;
  private media: MediaState = { audio: true, video: true };
  private everConnected = false;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: RoomCallOptions) {
    this.room = options.room;
    this.polite = options.room.seat === 'student';
  }

  /**
   * Opens the WebSocket with the room's current ticket; a fresh one is fetched when it expired or
   * was used already.
   */
  start(): void {
    this.options.events.status('connecting');
    this.connect(
      !usedTickets.has(this.room.ticket) && Date.parse(this.room.ticket_expires) - Date.now() > 5_000,
    );
  }

  setMedia(state: MediaState): void {
    this.media = state;
    for (const track of this.options.stream.getAudioTracks()) track.enabled = state.audio;
    for (const track of this.options.stream.getVideoTracks()) track.enabled = state.video;
    this.send({ type: 'state', ...state });
  }

  sendChat(text: string): void {
    this.send({ type: 'chat', text });
  }

  /** Leaves: tells the server, closes the connection and stops the camera and microphone. */
  leave(): void {
    this.send({ type: 'leave' });
    this.stop();
    this.options.events.closed(null);
  }

  /** Closes everything without telling the server (the page is left). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.closePeer();
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(1000);
    for (const track of this.options.stream.getTracks()) track.stop();
  }

  private send(message: ClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect(useCurrentTicket: boolean): void {
    if (this.stopped) return;
    const open = (room: Room) => {
      if (this.stopped) return;
      this.room = room;
      usedTickets.add(room.ticket);
      const location = this.options.location ?? window.location;
      const socket = new WebSocket(socketUrl(location, room.ws_path, room.ticket, this.options.lang));
      this.socket = socket;
      socket.onmessage = (event) => {
        if (this.socket !== socket || typeof event.data !== 'string') return;
        let parsed: ServerMessage;
        try {
          parsed = serverMessageSchema.parse(JSON.parse(event.data));
        } catch {
          return;
        }
        // One message at a time: a candidate waits for the description before it.
        this.queue = this.queue
          .then(() => this.onMessage(parsed))
          .catch((error: unknown) => {
            console.warn('classroom: a message could not be handled', error);
          });
      };
      socket.onclose = (event) => {
        if (this.socket !== socket) return;
        this.socket = null;
        this.closePeer();
        if (this.stopped) return;
        const outcome = closeOutcome(event.code, event.reason);
        if (outcome.reconnect) this.retry();
        else this.end(outcome.message);
      };
    };
    if (useCurrentTicket) {
      open(this.room);
      return;
    }
    this.options.fetchRoom().then(
      (room) => open(room),
      (error: unknown) => {
        if (this.stopped) return;
        const refusal = refusalOf(error);
        // No answer (network down): keep trying; a refusal (closed, cancelled) ends the call.
        if (refusal.kind === 'error') this.retry();
        else this.end(refusal.kind === 'login' || refusal.kind === 'notFound' ? null : refusal.msg);
      },
    );
  }

  private retry(): void {
    this.options.events.status('reconnecting');
    this.options.events.remoteStream(null);
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.connect(false), delay);
  }

  private end(message: string | null): void {
    this.stop();
    this.options.events.status('closed');
    this.options.events.closed(message);
  }

  private async onMessage(msg: ServerMessage): Promise<void> {
    const { events } = this.options;
    switch (msg.type) {
      case 'welcome':
        this.attempt = 0;
        this.send({ type: 'state', ...this.media });
        this.resetPeer(msg.peer_present);
        return;
      case 'peer-joined':
        this.send({ type: 'state', ...this.media });
        this.resetPeer(true);
        return;
      case 'peer-left':
        this.resetPeer(false);
        return;
      case 'offer':
      case 'answer':
        await this.onDescription({ type: msg.type, sdp: msg.sdp });
        return;
      case 'candidate':
        try {
          await this.pc?.addIceCandidate(msg.candidate);
        } catch (error) {
          if (!this.ignoreOffer) console.warn('classroom: a candidate was refused', error);
        }
        return;
      case 'chat':
        events.chat({ seat: msg.seat, text: msg.text, at: msg.at });
        return;
      case 'state':
        events.peerState({ audio: msg.audio, video: msg.video });
        return;
      case 'error':
        events.notice(msg.message);
        return;
      case 'closing':
        return;
    }
  }

  /** Perfect negotiation: the impolite seat ignores a colliding offer, the polite one rolls back. */
  private async onDescription(description: RTCSessionDescriptionInit): Promise<void> {
    const pc = this.pc ?? this.makePeer();
    const collision = description.type === 'offer' && (this.makingOffer || pc.signalingState !== 'stable');
    this.ignoreOffer = !this.polite && collision;
    if (this.ignoreOffer) return;
    try {
      await pc.setRemoteDescription(description);
      if (description.type === 'offer') {
        // The student's tracks, first sent in this answer: they take the offer's transceivers.
        this.addOwnTracks(pc);
        await pc.setLocalDescription();
        this.sendLocalDescription(pc);
      }
    } catch (error) {
      console.warn('classroom: negotiation failed', error);
    }
  }

  /** Sends the description just set, as what it is (an offer or an answer). */
  private sendLocalDescription(pc: RTCPeerConnection): void {
    const local = pc.localDescription;
    if (local && (local.type === 'offer' || local.type === 'answer'))
      this.send({ type: local.type, sdp: local.sdp });
  }

  /** A new connection with the other seat when it is there; none while it is not. */
  private resetPeer(peerPresent: boolean): void {
    this.closePeer();
    this.options.events.remoteStream(null);
    if (peerPresent) {
      this.options.events.status(this.everConnected ? 'reconnecting' : 'connecting');
      this.makePeer();
    } else {
      this.options.events.status('waiting');
    }
  }

  private makePeer(): RTCPeerConnection {
    const pc = new RTCPeerConnection({ iceServers: this.room.ice_servers });
    this.pc = pc;
    this.makingOffer = false;
    this.ignoreOffer = false;
    const remote = new MediaStream();
    pc.ontrack = ({ track }) => {
      remote.addTrack(track);
      this.options.events.remoteStream(remote);
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate && candidate.candidate)
        this.send({ type: 'candidate', candidate: candidate.toJSON() as never });
    };
    pc.onnegotiationneeded = async () => {
      // An offer of the other seat is being answered (it came in before this task ran): the answer
      // carries this seat's tracks; an offer made now would be an answer sent as an offer.
      if (pc.signalingState !== 'stable') return;
      try {
        this.makingOffer = true;
        await pc.setLocalDescription();
        this.sendLocalDescription(pc);
      } catch (error) {
        console.warn('classroom: offer failed', error);
      } finally {
        this.makingOffer = false;
      }
    };
    pc.oniceconnectionstatechange = () => {
      if (this.pc !== pc) return;
      clearTimeout(this.restartTimer);
      if (pc.iceConnectionState !== 'failed') return;
      this.options.events.status('reconnecting');
      if (!this.polite) {
        pc.restartIce();
        return;
      }
      this.restartTimer = setTimeout(() => {
        if (this.pc === pc && pc.iceConnectionState === 'failed' && pc.signalingState === 'stable')
          pc.restartIce();
      }, STUDENT_RESTART_AFTER_MS);
    };
    pc.onconnectionstatechange = () => {
      if (this.pc !== pc) return;
      if (pc.connectionState === 'connected') {
        this.everConnected = true;
        this.options.events.status('connected');
      } else if (pc.connectionState === 'disconnected' || pc.connectionState === 'failed') {
        this.options.events.status('reconnecting');
      }
    };
    // The teacher offers at once with its tracks; the student adds its own to its first answer.
    if (!this.polite) this.addOwnTracks(pc);
    this.lastPackets = undefined;
    clearInterval(this.statsTimer);
    this.statsTimer = setInterval(() => void this.sample(pc), STATS_EVERY_MS);
    return pc;
  }

  /** Sends this seat's camera and microphone on the connection, once. */
  private addOwnTracks(pc: RTCPeerConnection): void {
    const sending = new Set(pc.getSenders().map((sender) => sender.track));
    for (const track of this.options.stream.getTracks())
      if (!sending.has(track)) pc.addTrack(track, this.options.stream);
  }

  private closePeer(): void {
    clearInterval(this.statsTimer);
    clearTimeout(this.restartTimer);
    this.pc?.close();
    this.pc = null;
    this.options.events.quality(null);
  }

  /** The connection quality from getStats: the selected pair's RTT and the inbound packet loss. */
  private async sample(pc: RTCPeerConnection): Promise<void> {
    if (this.pc !== pc || pc.connectionState !== 'connected') return;
    const report = await pc.getStats();
    let rtt: number | undefined;
    const packets: PacketCount = { received: 0, lost: 0 };
    report.forEach((stat: Record<string, unknown>) => {
      if (stat.type === 'candidate-pair' && stat.nominated && stat.state === 'succeeded') {
        if (typeof stat.currentRoundTripTime === 'number') rtt = stat.currentRoundTripTime;
      }
      if (stat.type === 'inbound-rtp') {
        packets.received += typeof stat.packetsReceived === 'number' ? stat.packetsReceived : 0;
        packets.lost += typeof stat.packetsLost === 'number' ? stat.packetsLost : 0;
      }
    });
    const loss = lossBetween(this.lastPackets, packets);
    this.lastPackets = packets;
    if (this.pc === pc) this.options.events.quality(qualityOf(rtt, loss));
  }
}
