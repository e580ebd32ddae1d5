import { isEnvelope, type Envelope } from '@app/contract/envelope-guard';

/**
 * One way for every test to call the API, as the web app calls it: API tests go through Fastify's
 * `inject` (no socket), browser tests and their setup through `fetch` against a running server.
 * Both answer the same shape, so a helper written once (createStudentSession) serves both.
 * This folder imports nothing from apps/: the web project typechecks it too.
 */

export type Lang = 'en' | 'zh-Hans';

export type ApiRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  /** Path and query as the server sees them, e.g. `/api/v1/user/getUserInfo` (see apiUrl). */
  url: string;
  /** Sent as JSON (`application/json`); none when undefined. */
  body?: unknown;
  /** The access token, sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** `api-language`; English unless given, so tests read stable messages. */
  lang?: Lang;
  /** The client address; inject only (a real server sees the socket's address). */
  ip?: string;
  /** More request headers; they win over the ones above. */
  headers?: Record<string, string>;
};

export type ReplyHeaders = Record<string, string | string[] | number | undefined>;

export type ApiReply = {
  status: number;
  /** The parsed `{ code, data, msg }`, or null when the body is not an envelope (a page, an asset). */
  envelope: Envelope<unknown> | null;
  headers: ReplyHeaders;
  body: string;
};

export type Transport = {
  request(request: ApiRequest): Promise<ApiReply>;
  /** DATA_DIR of the server behind the transport: the log SMS driver writes its outbox there. */
  dataDir: string;
};

/** The address inject gives a request unless the test names one (TEST-NET-3, RFC 5737). */
export const DEFAULT_TEST_IP = '203.0.113.10';

/** The API's path prefix (SPEC.md §7): `apiUrl('/user/login')` is `/api/v1/user/login`. */
export const apiUrl = (path: string): string => `/api/v1${path}`;

function requestHeaders(request: ApiRequest): Record<string, string> {
  return {
    'api-language': request.lang ?? 'en',
    ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
    ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...request.headers,
  };
}

function parseEnvelope(body: string): Envelope<unknown> | null {
  try {
    const value: unknown = JSON.parse(body);
    return isEnvelope(value) ? value : null;
  } catch {
    return null;
  }
}

/** What the transport needs of a Fastify app (kept structural: nothing here imports the server). */
export type Injectable = {
  inject(options: {
    method: ApiRequest['method'];
    url: string;
    headers: Record<string, string>;
    remoteAddress: string;
    payload?: string;
  }): Promise<{ statusCode: number; headers: ReplyHeaders; body: string }>;
};

export function injectTransport(app: Injectable, dataDir: string): Transport {
  return {
    dataDir,
    async request(request) {
      const reply = await app.inject({
        method: request.method,
        url: request.url,
        headers: requestHeaders(request),
        remoteAddress: request.ip ?? DEFAULT_TEST_IP,
        ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
      });
      return {
        status: reply.statusCode,
        envelope: parseEnvelope(reply.body),
        headers: reply.headers,
        body: reply.body,
      };
    },
  };
}

/** `baseURL` without a trailing slash, e.g. `http://127.0.0.1:4321`. */
export function fetchTransport(baseURL: string, dataDir: string): Transport {
  return {
    dataDir,
    async request(request) {
      if (request.ip !== undefined) {
        throw new Error('fetchTransport cannot choose the client address: use injectTransport for `ip`');
      }
      const response = await fetch(`${baseURL}${request.url}`, {
        method: request.method,
        headers: requestHeaders(request),
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      });
      const body = await response.text();
      const headers: ReplyHeaders = Object.fromEntries(response.headers);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) headers['set-cookie'] = cookies;
      return { status: response.status, envelope: parseEnvelope(body), headers, body };
    },
  };
}
