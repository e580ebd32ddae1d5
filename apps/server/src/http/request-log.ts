import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

/** Query parameters whose values are credentials (calendar feed, classroom link, signed downloads, payments). */
const SECRET_PARAMS = new Set([
  'token',
  't',
  'sig',
  'sign',
  'signature',
  'access_token',
  'refresh_token',
  'code',
  'password',
]);

/** The URL as logged: the values of credential parameters replaced by `***`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const parts = url.slice(q + 1).split('&');
  let changed = false;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const eq = part.indexOf('=');
    const name = eq === -1 ? part : part.slice(0, eq);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // A malformed name is logged as it is.
    }
    if (eq !== -1 && SECRET_PARAMS.has(decoded.toLowerCase())) {
      parts[i] = `${name}=***`;
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${parts.join('&')}` : url;
}

/**
 * Fastify's request log lines (app.ts passes it as `logController`): one line per request once it
 * has been answered, `{ reqId, method, url, status, ms, ip }` with the URL without credentials,
 * instead of two ("incoming request" on arrival, "request completed" with the serialized request
 * and reply). Under load a cached reply costs little more than this line; a failed request is
 * logged at error level with its error.
 */
export class OneLineLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request');
  }
}

/**
 * Log lines are written once this many characters are waiting (about 200 lines), or after FLUSH_MS
 * at the latest. Each write is an fs call through libuv's thread pool: with 4 KB chunks those calls
 * were 3% of a cached reply's CPU under load; 32 KB chunks gave the dict bench 6% more req/s.
 */
const BUFFER_BYTES = 32_768;
const FLUSH_MS = 1_000;

/** Where gathered lines go: pino's destination (SonicBoom) in the app, a recorder in tests. */
export type LineSink = { write(chunk: string): void; flushSync(): void };

/**
 * Log lines gathered in memory and handed to `sink` as one chunk once `bytes` characters are
 * waiting, or `flushMs` after the first of them. One write per batch, not per line: SonicBoom
 * measures its pending buffer (`Buffer.byteLength` of up to 16 KB) on every write, so with its own
 * `minLength` buffering a line cost 7 to 10 µs to hand over, three times pino's formatting of it.
 */
export function lineBuffer(
  sink: LineSink,
  { bytes = BUFFER_BYTES, flushMs = FLUSH_MS }: { bytes?: number; flushMs?: number } = {},
): { stream: { write(line: string): void }; flush: () => void } {
  let pending: string[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | null = null;
  const handOver = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (pending.length === 0) return;
    const chunk = pending.join('');
    pending = [];
    size = 0;
    sink.write(chunk);
  };
  return {
    stream: {
      write(line) {
        pending.push(line);
        size += line.length;
        if (size >= bytes) {
          handOver();
        } else if (timer === null) {
          timer = setTimeout(handOver, flushMs);
          timer.unref();
        }
      },
    },
    /** Hands over what is waiting and returns once the sink has written everything. */
    flush() {
      handOver();
      sink.flushSync();
    },
  };
}

/**
 * Where the app logs by default (stdout): lines gathered and written together rather than one
 * write(2) per line, which under load cost about as much as sending the reply itself. A line waits
 * at most a second; everything is flushed when the app closes and when the process exits.
 */
export function bufferedStdout(): { stream: { write(line: string): void }; flush: () => void } {
  const buffer = lineBuffer(pino.destination({ dest: 1, sync: false }));
  process.on('exit', () => {
    try {
      buffer.flush();
    } catch {
      // Nothing left to report to at exit.
    }
  });
  return buffer;
}
