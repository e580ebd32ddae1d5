/**
 * Envelope codes (DESIGN.md §5). Where a code is an HTTP status the reply carries that status;
 * 66666 (access token expired: refresh and retry once) is sent with HTTP 401.
 */
export const CODES = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** The service (its database) is not available; /health answers with it. */
  UNAVAILABLE: 503,
  TOKEN_EXPIRED: 66666,
} as const;
export type Code = (typeof CODES)[keyof typeof CODES];

export const ERROR_CODES: readonly Code[] = Object.values(CODES).filter((c) => c !== CODES.OK);

/** The HTTP status a reply with this envelope code is sent with. */
export function httpStatusOf(code: number): number {
  if (code === CODES.TOKEN_EXPIRED) return 401;
  if (code >= 200 && code <= 599) return code;
  return 500;
}
