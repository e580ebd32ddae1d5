import { CODES } from '@app/contract/codes';
import type { Envelope } from '@app/contract/envelope';
import { toLang, type Lang } from '@app/contract/i18n';
import { message, type MessageKey } from '@app/contract/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MessageParams } from './app-error.ts';

const MESSAGE_KEY = Symbol('envelopeMessageKey');

type PendingEnvelope<T> = Envelope<T> & { [MESSAGE_KEY]?: { key: MessageKey; params: MessageParams } };

/**
 * A success envelope `{ code: 200, data, msg }`. `msg` is filled in the request's language when the
 * reply is serialized (`ok` by default, or `messageKey`, e.g. 'feedback.submitted').
 */
export function ok<T>(data: T, messageKey: MessageKey = 'ok', params: MessageParams = {}): Envelope<T> {
  const envelope: PendingEnvelope<T> = { code: CODES.OK, data, msg: '' };
  // Not enumerable: never serialized, whatever the serializer.
  Object.defineProperty(envelope, MESSAGE_KEY, { value: { key: messageKey, params }, enumerable: false });
  return envelope;
}

/** The language of a request: its `api-language` header (zh-Hans by default). */
export function langOf(request: Pick<FastifyRequest, 'headers'>): Lang {
  return toLang(request.headers['api-language']);
}

export function errorEnvelope(
  code: number,
  lang: Lang,
  key: MessageKey,
  params: MessageParams = {},
  data: unknown = null,
) {
  return { code, data, msg: message(key, lang, params) };
}

/** Fills the `msg` of envelopes made by `ok()` in the request's language. */
export function registerEnvelope(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (typeof payload === 'object' && payload !== null && MESSAGE_KEY in payload) {
      const pending = payload as PendingEnvelope<unknown>;
      const { key, params } = pending[MESSAGE_KEY]!;
      if (pending.msg === '') pending.msg = message(key, langOf(request), params);
    }
    return payload;
  });
}
