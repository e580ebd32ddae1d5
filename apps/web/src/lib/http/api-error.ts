/** Codes of failures that never reached the server's envelope (no HTTP status either). */
export const CLIENT_ERROR_CODES = {
  NETWORK: -1,
  TIMEOUT: -2,
  CANCELED: -3,
} as const;

/**
 * What went wrong:
 * - `envelope`: the server answered an envelope whose code is not 200 (code = envelope code);
 * - `http`: a reply without an envelope and a non-2xx status (code = HTTP status);
 * - `timeout`, `network`, `canceled`: no reply (code from CLIENT_ERROR_CODES).
 */
export type ApiErrorKind = 'envelope' | 'http' | 'timeout' | 'network' | 'canceled';

export type ApiErrorInit = {
  code: number;
  msg: string;
  httpStatus?: number;
  kind: ApiErrorKind;
  /** The envelope's `data` (e.g. field errors) when there was one. */
  data?: unknown;
  cause?: unknown;
};

/** Every promise of the HTTP client rejects with one of these. `msg` is ready to show to the user. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: number;
  readonly msg: string;
  readonly httpStatus?: number;
  readonly kind: ApiErrorKind;
  readonly data?: unknown;

  constructor(init: ApiErrorInit) {
    super(init.msg, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.msg = init.msg;
    this.kind = init.kind;
    if (init.httpStatus !== undefined) this.httpStatus = init.httpStatus;
    if (init.data !== undefined) this.data = init.data;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
