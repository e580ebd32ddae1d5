import { CODES } from '@app/contract/codes';
import { isMessageKey, type MessageKey } from '@app/contract/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppError, type MessageParams } from './app-error.ts';
import { errorEnvelope, langOf } from './envelope.ts';

type Failure = { status: number; code: number; key: MessageKey; params?: MessageParams; data?: unknown };

type ValidationIssue = {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
};

/** `body.items.0.name` style path of the first failing field. */
function fieldOf(error: FastifyError): string {
  const issue = (error.validation?.[0] ?? {}) as ValidationIssue;
  const fromPath = (issue.instancePath ?? '').split('/').filter(Boolean).join('.');
  const missing = typeof issue.params?.missingProperty === 'string' ? issue.params.missingProperty : '';
  return fromPath || missing || error.validationContext || 'body';
}

/**
 * Turns any error into a failure envelope. Decisions (DESIGN.md §5):
 * - validation → 400 naming the field; a contract rule whose message is a message key (e.g.
 *   'validation.mobileInvalid') is sent as that message;
 * - an unsupported Content-Type is HTTP 400 with code 400 (not 415): the envelope code mirrors the
 *   HTTP status and the contract has no 415 code; the msg says what is wrong;
 * - anything unexpected is a 500 whose msg never carries the detail (it goes to the log).
 */
export function classifyError(error: FastifyError): Failure {
  if (isAppError(error)) {
    return {
      status: error.statusCode,
      code: error.code,
      key: error.messageKey,
      params: error.params,
      data: error.data,
    };
  }
  if (Array.isArray(error.validation) && error.validation.length > 0) {
    const issue = error.validation[0] as ValidationIssue;
    const issueMessage = issue.message ?? '';
    // A strict schema (an allow-list such as setUserInfo's) names the fields it refuses.
    const unknownKeys = issue.params?.keys;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(unknownKeys)) {
      const field = unknownKeys.map(String).join(', ').slice(0, 100);
      return { status: 400, code: CODES.BAD_REQUEST, key: 'error.unknownField', params: { field } };
    }
    if (isMessageKey(issueMessage) && issueMessage.startsWith('validation.')) {
      return { status: 400, code: CODES.BAD_REQUEST, key: issueMessage };
    }
    return {
      status: 400,
      code: CODES.BAD_REQUEST,
      key: 'error.invalidField',
      params: { field: fieldOf(error) },
    };
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 400, code: CODES.BAD_REQUEST, key: 'error.unsupportedMediaType' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: CODES.PAYLOAD_TOO_LARGE, key: 'error.payloadTooLarge' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, code: CODES.BAD_REQUEST, key: 'error.invalidJson' };
  }
  if (status === 413) return { status, code: CODES.PAYLOAD_TOO_LARGE, key: 'error.payloadTooLarge' };
  if (status === 429) return { status, code: CODES.TOO_MANY_REQUESTS, key: 'error.tooManyRequests' };
  if (status === 403) return { status, code: CODES.FORBIDDEN, key: 'error.forbidden' };
  if (status === 404) return { status, code: CODES.NOT_FOUND, key: 'error.notFound' };
  if (status === 405) return { status: 404, code: CODES.NOT_FOUND, key: 'error.routeNotFound' };
  if (status === 400 && error instanceof SyntaxError) {
    return { status, code: CODES.BAD_REQUEST, key: 'error.invalidJson' };
  }
  if (status >= 400 && status < 500) return { status: 400, code: CODES.BAD_REQUEST, key: 'error.badRequest' };
  if (status === 503) return { status, code: CODES.UNAVAILABLE, key: 'error.unavailable' };
  return { status: 500, code: CODES.INTERNAL, key: 'error.internal' };
}

export function sendFailure(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const failure = classifyError(error);
  if (failure.status >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ code: failure.code, reason: error.code ?? error.message }, 'request refused');
  }
  return reply
    .code(failure.status)
    .type('application/json; charset=utf-8')
    .send(errorEnvelope(failure.code, langOf(request), failure.key, failure.params, failure.data ?? null));
}

/** The one error handler of the app: every failure becomes an envelope in the request's language. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => sendFailure(error, request, reply));
}
