import { CODES } from '@app/contract/codes';
import { isEnvelope } from '@app/contract/envelope-guard';

/**
 * Operations whose replies are not JSON by nature (DESIGN.md §5): provider notifications (Alipay's
 * `success`, WeChat's 204, the provider's refusal), the sandbox cashier's page and forms (HTML,
 * 303), the .ics feed, file downloads, the demo classroom page and avatar images. A JSON reply of
 * these must still be an envelope (notifications excepted: they answer in the provider's protocol);
 * every other operation answers JSON envelopes only.
 */
export const NON_JSON_OPERATIONS: ReadonlySet<string> = new Set([
  'POST /api/v1/pay/notify/{provider}',
  'GET /api/v1/pay/sandbox/{order_no}',
  'POST /api/v1/pay/sandbox/{order_no}/pay',
  'POST /api/v1/pay/sandbox/{order_no}/cancel',
  'GET /api/v1/course/getCalendar.ics',
  'GET /api/v1/file/download',
  'GET /api/v1/classroom/demo/{id}',
  'GET /api/v1/avatar/{name}',
]);

/** Operations whose JSON replies follow a payment provider's protocol instead of the envelope. */
const PROVIDER_PROTOCOL_OPERATIONS: ReadonlySet<string> = new Set(['POST /api/v1/pay/notify/{provider}']);

export type Reply = { status: number; headers: Record<string, unknown>; body: string };

/** Words that would mean a failure's message leaks internals (DESIGN.md §5). */
const LEAK =
  /sqlite|postgres|syntax error|constraint failed|\bat \S+\.(?:ts|js):\d|TypeError|ReferenceError|stack/i;

/**
 * What is wrong with a reply, or null when it is sane: never a 5xx; a JSON body is always the
 * envelope `{code, data, msg}`, whose code agrees with the HTTP status (66666 travels with 401); a
 * failure's msg is a non-empty text that leaks no internals; an operation outside
 * NON_JSON_OPERATIONS answers nothing but envelopes (or an empty 204/304).
 */
export function replyProblem(operationKey: string, reply: Reply): string | null {
  if (reply.status >= 500) return `HTTP ${reply.status}`;
  const type = String(reply.headers['content-type'] ?? '');
  const empty = reply.body.length === 0;
  if (type.startsWith('application/json') && !empty) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(reply.body);
    } catch {
      return 'a JSON content type with a body that is not JSON';
    }
    if (!isEnvelope(parsed)) {
      // A provider's notification is answered in the provider's protocol: WeChat Pay v3 (and the
      // sandbox, which copies it) refuses with `{ code: "FAIL", message }`.
      const protocol = parsed as { code?: unknown; message?: unknown };
      const providerRefusal =
        PROVIDER_PROTOCOL_OPERATIONS.has(operationKey) &&
        typeof protocol.code === 'string' &&
        typeof protocol.message === 'string';
      return providerRefusal ? null : 'JSON that is not the envelope';
    }
    const { code, msg } = parsed;
    if (reply.status !== 304) {
      const expected = code === CODES.OK ? 200 : code === CODES.TOKEN_EXPIRED ? 401 : code;
      if (reply.status !== expected) return `envelope code ${code} with HTTP ${reply.status}`;
    }
    if (code !== CODES.OK) {
      if (typeof msg !== 'string' || msg.trim() === '') return `failure ${code} without a message`;
      if (LEAK.test(msg)) return `failure message leaks internals: ${msg}`;
    }
    return null;
  }
  if (NON_JSON_OPERATIONS.has(operationKey)) return null;
  if (empty && (reply.status === 204 || reply.status === 304)) return null;
  return `not an envelope (${type || 'no content type'})`;
}

export function describeReply(reply: Reply): string {
  return `${reply.status} ${String(reply.headers['content-type'] ?? '')} ${reply.body.slice(0, 300)}`;
}
