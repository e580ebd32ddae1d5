import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
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

/** The fields of a request's line. */
type RequestFields = { method: string; url: string; status: number; ms: number; ip: string };

/**
 * Fastify's request log lines (app.ts passes it as `logController`): one line per request once it
 * has been answered, `{ reqId, method, url, status, ms, ip }` with the URL without credentials,
 * instead of two ("incoming request" on arrival, "request completed" with the serialized request
 * and reply). Under load a cached reply costs little more than this line, so an answered request's
 * line is written by `writeRequestLine` (as pino would write it, without the request's child logger); a
 * failed request is logged through `request.log` at error level with its error.
 */
export class OneLineLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const fields: RequestFields = {
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) request.log.error({ ...fields, err: error }, 'request errored');
    else if (!writeRequestLine(request.log, request.id, fields)) {
      request.log.info(fields, 'request');
    }
  }
}

const symbols = pino.symbols;
const INFO = 30;

/** What pino keeps under its symbols (`pino.symbols`) that a line is made of. */
type PinoLine = {
  stream: { write(line: string): void };
  levelPrefix: string;
  time: () => string;
  bindings: string;
};

/** `logger`'s parts of a line, or null when pino's formatting of it is not plain (see below). */
function pinoLineOf(logger: FastifyBaseLogger): PinoLine | null {
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[symbols.streamSym] as PinoLine['stream'] | undefined;
  const time = internals[symbols.timeSym];
  const bindings = internals[symbols.chindingsSym];
  const levelPrefix = (internals[symbols.lsCacheSym] as Record<number, string> | undefined)?.[INFO];
  const formatters = internals[symbols.formattersSym] as { log?: unknown } | undefined;
  const hooks = internals[symbols.hooksSym] as { streamWrite?: unknown } | undefined;
  const plain =
    stream !== undefined &&
    typeof time === 'function' &&
    typeof bindings === 'string' &&
    typeof levelPrefix === 'string' &&
    internals[symbols.mixinSym] === undefined &&
    formatters?.log === undefined &&
    hooks?.streamWrite === undefined &&
    internals[symbols.messageKeySym] === 'msg' &&
    (stream as Record<symbol, unknown>)[symbols.needsMetadataGsym] !== true;
  return plain ? { stream, levelPrefix, time: time as () => string, bindings } : null;
}

/**
 * Writes `requestLog.info(fields, 'request')` of the request `reqId` through the app's logger (the
 * one `requestLog` was made from), byte for byte as pino writes it from the request's child logger
 * (`{ reqId }` bound): its level and time, the app logger's bindings, `reqId`, the fields in order,
 * `msg`. Pino's generic walk over
 * the fields and the child Fastify makes for every request cost about a tenth of a cached reply's
 * CPU; most requests log nothing else, so `RequestLogger` makes that child only when asked for.
 * False when it cannot write the line so (`requestLog` is not a `RequestLogger`, pino's formatting
 * is not plain: a mixin, a log formatter, a write hook, a metadata stream, another message key; or a
 * route's own log level): the caller logs through pino then.
 */
export function writeRequestLine(
  requestLog: FastifyBaseLogger,
  reqId: string,
  fields: RequestFields,
): boolean {
  if (!(requestLog instanceof RequestLogger) || requestLog.ownLevel !== undefined) return false;
  const logger = requestLog.parent;
  const line = pinoLineOf(logger);
  if (line === null) return false;
  if (!(logger as pino.Logger).isLevelEnabled('info')) return true;
  const { method, url, status, ms, ip } = fields;
  line.stream.write(
    `${line.levelPrefix}${line.time()}${line.bindings},"reqId":${jsonString(reqId)}` +
      `,"method":${jsonString(method)},"url":${jsonString(url)},"status":${finite(status)}` +
      `,"ms":${finite(ms)},"ip":${jsonString(ip)},"msg":"request"}\n`,
  );
  return true;
}

/** A number as pino writes it: non-finite numbers as null. */
function finite(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

/** A string as JSON: pino's result for any string (it escapes the same characters JSON does). */
function jsonString(value: string): string {
  return JSON.stringify(value);
}

/**
 * A request's logger (Fastify's `request.log`, through app.ts's `childLoggerFactory`): pino's child
 * with the request's bindings, made the first time something logs through it. Fastify asks for one
 * per request, and most requests never use it (their one line is `writeRequestLine`'s).
 */
export class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | null = null;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: pino.Bindings;
  readonly #options: pino.ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: pino.Bindings, options: pino.ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  /** The logger this one's child is made from: the app's. */
  get parent(): FastifyBaseLogger {
    return this.#parent;
  }

  /** The level a route set for its requests (Fastify's `logLevel`), if any. */
  get ownLevel(): string | undefined {
    return this.#options.level;
  }

  get logger(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  fatal(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.logger.fatal(obj, msg, ...args);
  }
  error(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.logger.error(obj, msg, ...args);
  }
  warn(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.logger.warn(obj, msg, ...args);
  }
  info(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.logger.info(obj, msg, ...args);
  }
  debug(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.logger.debug(obj, msg, ...args);
  }
  trace(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.logger.trace(obj, msg, ...args);
  }
  silent(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.logger.silent(obj, msg, ...args);
  }

  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger is a `RequestLogger`. */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => new RequestLogger(logger, bindings, options);

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
