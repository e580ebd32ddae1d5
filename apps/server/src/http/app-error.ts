import { CODES, httpStatusOf } from '@app/contract/codes';
import type { MessageKey } from '@app/contract/messages';

export type MessageParams = Record<string, string | number>;

/**
 * A refusal a service decides on (STYLE.md §7): an envelope code and a message key of
 * @app/contract/messages. The error handler sends it as `{ code, data: null, msg }` in the request's
 * language with the HTTP status `httpStatusOf(code)`.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: number;
  readonly messageKey: MessageKey;
  readonly params: MessageParams;
  /** Optional data sent with the refusal (e.g. a retry time); null when absent. */
  readonly data: unknown;

  constructor(code: number, messageKey: MessageKey, params: MessageParams = {}, data: unknown = null) {
    super(messageKey);
    this.code = code;
    this.messageKey = messageKey;
    this.params = params;
    this.data = data;
  }

  get statusCode(): number {
    return httpStatusOf(this.code);
  }

  static notFound(messageKey: MessageKey = 'error.notFound', params?: MessageParams): AppError {
    return new AppError(CODES.NOT_FOUND, messageKey, params);
  }

  static badRequest(messageKey: MessageKey = 'error.badRequest', params?: MessageParams): AppError {
    return new AppError(CODES.BAD_REQUEST, messageKey, params);
  }

  static conflict(messageKey: MessageKey = 'error.conflict', params?: MessageParams): AppError {
    return new AppError(CODES.CONFLICT, messageKey, params);
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
