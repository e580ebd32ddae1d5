import { z } from 'zod';
import { LANGUAGES } from './i18n.ts';
import { queryIdSchema, queryIntSchema } from './ids.ts';

/**
 * The live classroom (issue 35, DESIGN.md §12): the room of a class (GET /classroom/getRoom) and the
 * signalling messages of its WebSocket (GET /classroom/ws?ticket=…). A 1:1 lesson has two seats, the
 * student's and the teacher's; media goes peer to peer (WebRTC), the server relays the signalling.
 */

export const SEATS = ['student', 'teacher'] as const;
export const seatSchema = z.enum(SEATS);
export type Seat = z.infer<typeof seatSchema>;

/** The room opens this many minutes before the start and closes this many after the end (§12). */
export const ROOM_OPENS_MINUTES_BEFORE = 10;
export const ROOM_CLOSES_MINUTES_AFTER = 30;
/** A chat line: at most this many characters once trimmed, never empty. */
export const CHAT_TEXT_MAX = 1000;
/** Largest WebSocket message accepted, in bytes (an SDP offer is a few kilobytes). */
export const SIGNAL_MESSAGE_MAX_BYTES = 64 * 1024;
/** Lifetime of a room ticket: the WebSocket is opened right after getRoom. */
export const ROOM_TICKET_TTL_SECONDS = 60;

/**
 * Close codes of the room's WebSocket (application range 4000-4999), sent with a reason
 * `{ code, message }` (JSON, the message in the ticket's language).
 */
export const ROOM_CLOSE_CODES = {
  /** The ticket is missing, malformed, forged or expired: ask getRoom for a new one. */
  ticket: 4401,
  /** The class is not this seat's, or it was cancelled or abolished. */
  forbidden: 4403,
  /** The room is not open (before start − 10 min) or closed (after end + 30 min). */
  notOpen: 4409,
  /** Another connection of the same seat took its place (a reload, another tab or device). */
  replaced: 4410,
  /** The seat left (a `leave` message). */
  left: 4000,
  /** The server is shutting down: reconnect (another instance answers). */
  restart: 4503,
  /** The connection stopped answering pings. */
  dead: 4408,
} as const;

/**
 * Why the room refuses a seat, machine-readable (the page decides by it, never by the message text):
 * in `data.reason` of getRoom's refusals (401, 403, 404, 409) and in the `reason` of the WebSocket's
 * close frames.
 */
export const ROOM_REFUSAL_REASONS = [
  /** 409 / 4409: before the room opens (start − 10 min). */
  'not-open-yet',
  /** 409 / 4409: after the room closes (end + 30 min). */
  'closed',
  /** 409 / 4403: the class was cancelled or abolished. */
  'cancelled',
  /** 403: the teacher link is forged, expired or of another class. */
  'bad-link',
  /** 404 / 4403: no such class for this student. */
  'not-found',
  /** 401: the student's seat needs a session. */
  'sign-in',
  /** 4401: the ticket is missing, forged or expired, or was used already: ask getRoom again. */
  'bad-ticket',
  'ticket-expired',
  'ticket-used',
  /** 4410: a newer connection of the same seat took the seat. */
  'seat-taken',
  /** 4000: the seat left. */
  'left',
  /** 4408: no answer to pings. */
  'unresponsive',
  /** 4503: the server is restarting. */
  'restarting',
] as const;
export const roomRefusalReasonSchema = z.enum(ROOM_REFUSAL_REASONS);
export type RoomRefusalReason = z.infer<typeof roomRefusalReasonSchema>;

/** getRoom's refusals: the envelope with `data.reason` (null for a refusal from outside the room, e.g. a bad query). */
export const roomRefusalEnvelopeSchema = z.object({
  code: z.number().int(),
  data: z.object({ reason: roomRefusalReasonSchema }).nullable(),
  msg: z.string(),
});

// ---- GET /classroom/getRoom -----------------------------------------------------------------------

export const roomQuerySchema = z.object({
  id: queryIdSchema,
  /** The teacher's signed class link token (its `?t=`); absent for the student, who has a session. */
  t: z.string().min(1).max(512).optional(),
});
export type RoomQuery = z.infer<typeof roomQuerySchema>;

/** An RTCIceServer as the browser takes it; TURN entries carry time-limited credentials. */
export const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

export const roomSchema = z.object({
  class_id: z.number().int(),
  seat: seatSchema,
  start: z.string(),
  end: z.string(),
  /** When the room opens (start − 10 min) and closes (end + 30 min). */
  open: z.string(),
  close: z.string(),
  /** The other seat's display name (the teacher's for the student, the student's for the teacher). */
  peer_name: z.string(),
  teacher_name: z.string(),
  ice_servers: z.array(iceServerSchema),
  /** Opens the WebSocket (`ws_path?ticket=`) within 60 seconds. */
  ticket: z.string(),
  ticket_expires: z.string(),
  ws_path: z.string(),
  /** Whether the room records the class (announced to both seats): true with the live driver. */
  recording: z.boolean(),
});
export type Room = z.infer<typeof roomSchema>;

/**
 * The WebSocket's query: the ticket, and the language of the refusal of a ticket that cannot be read
 * (a browser cannot set the api-language header on a WebSocket).
 */
export const wsQuerySchema = z.object({
  ticket: z.string().max(1024).default(''),
  lang: z.enum(LANGUAGES).optional(),
});

// ---- signalling messages ---------------------------------------------------------------------------

const sdpSchema = z.string().min(1).max(SIGNAL_MESSAGE_MAX_BYTES);
const candidateSchema = z.object({
  candidate: z.string().max(2048),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(1024).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});
const mediaStateSchema = z.object({ audio: z.boolean(), video: z.boolean() });

/** A chat line: trimmed, 1..1000 characters. */
export const chatTextSchema = z
  .string()
  .trim()
  .min(1, { error: 'classroom.chatEmpty' })
  .max(CHAT_TEXT_MAX, { error: 'classroom.chatTooLong' });

/** Client → server. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('offer'), sdp: sdpSchema }),
  z.object({ type: z.literal('answer'), sdp: sdpSchema }),
  z.object({ type: z.literal('candidate'), candidate: candidateSchema }),
  z.object({ type: z.literal('chat'), text: chatTextSchema }),
  z.object({ type: z.literal('state'), audio: z.boolean(), video: z.boolean() }),
  z.object({ type: z.literal('leave') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** Server → client. */
export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome'), seat: seatSchema, peer_present: z.boolean() }),
  z.object({ type: z.literal('peer-joined'), seat: seatSchema }),
  z.object({ type: z.literal('peer-left'), seat: seatSchema }),
  z.object({ type: z.literal('offer'), sdp: sdpSchema }),
  z.object({ type: z.literal('answer'), sdp: sdpSchema }),
  z.object({ type: z.literal('candidate'), candidate: candidateSchema }),
  z.object({ type: z.literal('chat'), text: z.string(), seat: seatSchema, at: z.string() }),
  z.object({ type: z.literal('state'), seat: seatSchema, ...mediaStateSchema.shape }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
  z.object({ type: z.literal('closing'), close: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/**
 * The reason of a close frame (JSON): the message key, the machine-readable reason and the message
 * in the ticket's language.
 */
export type RoomCloseReason = { code: string; reason: RoomRefusalReason; message: string };

// ---- the recording (DESIGN.md §12 "Recording") ---------------------------------------------------

/**
 * The teacher's seat records the call (MediaRecorder, WebM) in chunks of RECORDING_TIMESLICE_MS and
 * uploads each as it comes: POST /classroom/putRecordingChunk?id=&n=&t= with the raw bytes
 * (Content-Type video/webm). Chunk n replaces an earlier upload of n (a retry); the reply tells the
 * next chunk expected, so a seat that reconnects resumes there. The server joins the chunks in order
 * when the class ends; the playback streams from GET /classroom/recording/{id}?t=.
 */
export const RECORDING_TIMESLICE_MS = 4_000;
/** At most this many bytes per chunk (4 MiB; ~4 s of the composed call is ~0.5 MB). */
export const RECORDING_CHUNK_MAX_BYTES = 4 * 1024 * 1024;
/** At most this many bytes per recording (1.5 GiB; a 50-minute class at ~1 Mbit/s is ~400 MB). */
export const RECORDING_MAX_BYTES = 1536 * 1024 * 1024;
/** Chunk numbers run from 0 to this (a 50-minute class has ~750 chunks of 4 s). */
export const RECORDING_MAX_CHUNK = 99_999;

export const recordingStateQuerySchema = z.object({
  id: queryIdSchema,
  /** The teacher's link token: only the teacher's seat of the class records it. */
  t: z.string().min(1).max(512).optional(),
});

export const recordingChunkQuerySchema = recordingStateQuerySchema.extend({
  /** The chunk's number, from 0. */
  n: queryIntSchema({ min: 0, max: RECORDING_MAX_CHUNK }),
  /** Milliseconds of recording at the end of this chunk (from the seat's first chunk), for the duration. */
  ms: queryIntSchema({ min: 0, max: 24 * 3_600_000 }).optional(),
  /** 1: the first chunk of a recorder (it carries the WebM header). */
  head: z.enum(['0', '1']).optional(),
  /** 1: the last chunk (the class is over): the recording is closed and joined now. */
  last: z.enum(['0', '1']).optional(),
});
export type RecordingChunkQuery = z.infer<typeof recordingChunkQuerySchema>;

export const recordingStateSchema = z.object({
  /** none: nothing uploaded yet; open: taking chunks; final: joined, taking no more. */
  state: z.enum(['none', 'open', 'final']),
  /** The chunk number to send next (one past the highest stored). */
  next: z.number().int(),
  /** Bytes stored so far (final: the joined file's size). */
  size: z.number().int(),
  duration_ms: z.number().int(),
  /** The class's end: the seat stops recording then and sends its last chunk. */
  end: z.string(),
});
export type RecordingState = z.infer<typeof recordingStateSchema>;

export const recordingPathSchema = z.object({ id: queryIdSchema });
export const recordingQuerySchema = z.object({
  /** The playback link's signature (the class and its student), given by getCourseInfo's playback. */
  t: z.string().max(128).default(''),
});
