import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Lang } from '@app/contract/i18n';
import { ApiError, CLIENT_ERROR_CODES } from './api-error.ts';
import { configureHttp, createHttpClient, http } from './http-client.ts';
import type { HttpClientOptions, HttpDeps } from './http-client.ts';

// ---- a real API server on 127.0.0.1 ------------------------------------------------------------------

type Seen = { path: string; authorization: string | undefined };

const server = {
  instance: null as Server | null,
  base: '',
  seen: [] as Seen[],
  /** The access token /expiring accepts; anything else gets code 66666 (HTTP 401). */
  validToken: 'new-token',
  /** Tokens /updateToken hands out, in order. */
  refreshCount: 0,
};

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': type });
  res.end(text);
}

function envelope(res: ServerResponse, code: number, data: unknown, msg: string, status?: number): void {
  send(res, status ?? (code === 66666 ? 401 : code), { code, data, msg });
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : null;
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname.replace(/^\/api\/v1/, '');
  const authorization = req.headers.authorization;
  server.seen.push({ path, authorization });
  const [, first, second] = path.split('/');

  switch (first) {
    case 'echo':
      return envelope(
        res,
        200,
        {
          method: req.method,
          headers: {
            authorization: authorization ?? null,
            drive: req.headers.drive ?? null,
            'api-language': req.headers['api-language'] ?? null,
            'api-version': req.headers['api-version'] ?? null,
            'idempotency-key': req.headers['idempotency-key'] ?? null,
          },
          body: await readBody(req),
          query: url.search,
          contentType: req.headers['content-type'] ?? null,
        },
        'ok',
      );
    case 'fail': // envelope with code <second>, HTTP status mirrors it unless ?status=
      return envelope(
        res,
        Number(second),
        null,
        url.searchParams.get('msg') ?? `server says ${second}`,
        url.searchParams.has('status') ? Number(url.searchParams.get('status')) : undefined,
      );
    case 'ok-on-error-status': // a success envelope sent with HTTP 500: the envelope wins
      return envelope(res, 200, { fine: true }, 'ok', 500);
    case 'unauth':
      return envelope(res, 401, null, 'Login expired, please log in again');
    case 'expiring':
      if (authorization === server.validToken) return envelope(res, 200, { token: authorization }, 'ok');
      return envelope(res, 66666, null, 'Access token expired');
    case 'updateToken': {
      const body = (await readBody(req)) as { refreshToken?: string } | null;
      if (body?.refreshToken !== 'refresh-1') return envelope(res, 401, null, 'Login expired');
      server.refreshCount += 1;
      return envelope(res, 200, { token: server.validToken, refreshToken: 'refresh-2' }, 'ok');
    }
    case 'raw': // not an envelope
      return send(res, Number(second), '<html><body>Bad Gateway</body></html>', 'text/html');
    case 'raw-json': // JSON, but not an envelope
      return send(res, Number(second), { error: 'nope' });
    case 'slow': {
      const ms = Number(url.searchParams.get('ms') ?? '1000');
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (!res.destroyed) envelope(res, 200, { slow: true }, 'ok');
      return;
    }
    default:
      return envelope(res, 404, null, 'No such API endpoint');
  }
}

let closedPortBase = '';

beforeAll(async () => {
  const instance = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, String(error), 'text/plain'));
  });
  await new Promise<void>((resolve) => instance.listen(0, '127.0.0.1', resolve));
  server.instance = instance;
  server.base = `http://127.0.0.1:${(instance.address() as AddressInfo).port}/api/v1`;

  // A port that was just free and is now closed: connection refused.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  closedPortBase = `http://127.0.0.1:${closedPort}/api/v1`;
});

afterAll(async () => {
  const instance = server.instance;
  if (!instance) return;
  instance.closeAllConnections();
  await new Promise<void>((resolve) => instance.close(() => resolve()));
});

afterEach(() => {
  vi.useRealTimers();
  server.seen = [];
  server.validToken = 'new-token';
  server.refreshCount = 0;
});

// ---- the app shell, faked -----------------------------------------------------------------------------

type Harness = {
  deps: HttpDeps;
  state: { token: string | null; lang: Lang; path: string };
  toasts: Array<{ msg: string; key: string; durationMs: number }>;
  notifyError: ReturnType<typeof vi.fn>;
  showLoginExpired: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
  resetSession: ReturnType<typeof vi.fn>;
  refreshSession: ReturnType<typeof vi.fn>;
  /** The onConfirm callbacks the client handed to the login-expired dialog. */
  confirms: Array<() => void>;
};

function harness(
  init: Partial<{ token: string | null; lang: Lang; path: string; baseURL: string }> = {},
  refresh?: (state: Harness['state']) => Promise<boolean>,
): Harness {
  const state = { token: init.token ?? null, lang: init.lang ?? 'zh-Hans', path: init.path ?? '/' };
  const toasts: Harness['toasts'] = [];
  const confirms: Array<() => void> = [];
  const notifyError = vi.fn((msg: string, key: string, durationMs: number) => {
    toasts.push({ msg, key, durationMs });
  });
  const showLoginExpired = vi.fn((onConfirm: () => void) => {
    confirms.push(onConfirm);
  });
  const navigate = vi.fn((_url: string) => undefined);
  const resetSession = vi.fn(() => {
    state.token = null;
  });
  const refreshSession = vi.fn(() => (refresh ? refresh(state) : Promise.resolve(false)));
  const deps: HttpDeps = {
    baseURL: init.baseURL ?? server.base,
    getLanguage: () => state.lang,
    getToken: () => state.token,
    refreshSession,
    resetSession,
    notify: { error: notifyError },
    showLoginExpired,
    navigate,
    currentPath: () => state.path,
  };
  return {
    deps,
    state,
    toasts,
    notifyError,
    showLoginExpired,
    navigate,
    resetSession,
    refreshSession,
    confirms,
  };
}

function client(h: Harness, options?: HttpClientOptions) {
  return createHttpClient(h.deps, options);
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to reject');
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Echo = {
  method: string;
  headers: Record<
    'authorization' | 'drive' | 'api-language' | 'api-version' | 'idempotency-key',
    string | null
  >;
  body: unknown;
  query: string;
  contentType: string | null;
};

// ---- tests --------------------------------------------------------------------------------------------

describe('request headers', () => {
  it('sends the bare access token, drive web, the current api-language and api-version 20230327', async () => {
    const h = harness({ token: 'tok-123', lang: 'en' });
    const echo = await client(h).get<Echo>('/echo');
    expect(echo.headers).toEqual({
      authorization: 'tok-123',
      drive: 'web',
      'api-language': 'en',
      'api-version': '20230327',
      'idempotency-key': null,
    });
  });

  it("adds a call's own headers, without letting them replace the app's", async () => {
    const h = harness({ token: 'tok', lang: 'en' });
    const echo = await client(h).post<Echo>('/echo', null, {
      headers: { 'Idempotency-Key': 'k-1', drive: 'other' },
    });
    expect(echo.headers).toMatchObject({ 'idempotency-key': 'k-1', drive: 'web', authorization: 'tok' });
  });

  it('sends no Authorization header when logged out', async () => {
    const h = harness({ token: null });
    const echo = await client(h).get<Echo>('/echo');
    expect(echo.headers.authorization).toBeNull();
    expect(echo.headers.drive).toBe('web');
  });

  it('reads the language and token at request time, so a language switch applies without reload', async () => {
    const h = harness({ token: 'a', lang: 'zh-Hans' });
    const api = client(h);
    expect((await api.get<Echo>('/echo')).headers['api-language']).toBe('zh-Hans');
    h.state.lang = 'en';
    h.state.token = 'b';
    const second = await api.get<Echo>('/echo');
    expect(second.headers['api-language']).toBe('en');
    expect(second.headers.authorization).toBe('b');
  });
});

describe('envelope unwrapping', () => {
  it('resolves GET to the envelope data on code 200', async () => {
    const h = harness();
    const echo = await client(h).get<Echo>('/echo');
    expect(echo.method).toBe('GET');
    expect(h.notifyError).not.toHaveBeenCalled();
  });

  it('posts a JSON body and resolves to the envelope data', async () => {
    const h = harness();
    const echo = await client(h).post<Echo>('/echo', { mobile: '13800000000', currentTab: 1 });
    expect(echo.method).toBe('POST');
    expect(echo.body).toEqual({ mobile: '13800000000', currentTab: 1 });
  });

  it('sends params as the query string, leaving out undefined and null, and a JSON body as JSON', async () => {
    const h = harness();
    const api = client(h);
    const params = { current: 2, keyword: 'a b&c', tz: undefined, level: null, favourites_only: 1 };
    const echo = await api.get<Echo>('/echo', { params });
    expect(echo.query).toBe('?current=2&keyword=a+b%26c&favourites_only=1');
    expect(echo.contentType).toBeNull();
    const posted = await api.post<Echo>('/echo', { a: 1 }, { params: { x: 'y' } });
    expect(posted.query).toBe('?x=y');
    expect(posted.contentType).toBe('application/json');
  });

  it('resolves a 2xx reply that is not an envelope to its body, text or JSON', async () => {
    const h = harness();
    await expect(client(h).get('/raw/200')).resolves.toBe('<html><body>Bad Gateway</body></html>');
    await expect(client(h).get('/raw-json/200')).resolves.toEqual({ error: 'nope' });
    expect(h.notifyError).not.toHaveBeenCalled();
  });

  it('trusts a success envelope even when the HTTP status is an error', async () => {
    const h = harness();
    await expect(client(h).get('/ok-on-error-status')).resolves.toEqual({ fine: true });
    expect(h.notifyError).not.toHaveBeenCalled();
  });

  it('rejects a non-200 envelope sent with HTTP 200, trusting the envelope code', async () => {
    const h = harness();
    const error = await rejection(client(h).get('/fail/409?status=200&msg=Slot%20taken'));
    expect(error).toMatchObject({ code: 409, msg: 'Slot taken', httpStatus: 200, kind: 'envelope' });
    expect(h.toasts).toEqual([{ msg: 'Slot taken', key: 'http-error-409', durationMs: 3000 }]);
  });

  it('gives the whole reply through raw(), with the same headers', async () => {
    const h = harness({ token: 't' });
    const response = await client(h).raw<{ code: number; data: Echo }>({ url: '/echo' });
    expect(response.status).toBe(200);
    expect(response.data.code).toBe(200);
    expect(response.data.data.headers.authorization).toBe('t');
  });
});

describe('error toasts', () => {
  it('toasts the server msg for 3000 ms and rejects with an ApiError carrying code, msg and HTTP status', async () => {
    const h = harness();
    const error = await rejection(client(h).get('/fail/422?msg=Not%20enough%20coins'));
    expect(error).toMatchObject({ code: 422, msg: 'Not enough coins', httpStatus: 422, kind: 'envelope' });
    expect(error.message).toBe('Not enough coins');
    expect(h.toasts).toEqual([{ msg: 'Not enough coins', key: 'http-error-422', durationMs: 3000 }]);
  });

  it('suppresses a second toast for the same code while the first shows (default window 3 s)', async () => {
    const h = harness();
    const api = client(h);
    await rejection(api.get('/fail/409?msg=first'));
    await rejection(api.get('/fail/409?msg=second'));
    await Promise.all([
      rejection(api.get('/fail/409?msg=third')),
      rejection(api.get('/fail/409?msg=fourth')),
    ]);
    expect(h.toasts.map((t) => t.msg)).toEqual(['first']);
  });

  it('still toasts a different code while another code is showing', async () => {
    const h = harness();
    const api = client(h);
    await rejection(api.get('/fail/409?msg=conflict'));
    await rejection(api.get('/fail/429?msg=slow%20down'));
    expect(h.toasts.map((t) => t.key)).toEqual(['http-error-409', 'http-error-429']);
  });

  it('toasts the same code again once the de-duplication window has passed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); // sockets keep their real timers
    const h = harness();
    const api = client(h, { toastDedupeMs: 80 });
    await rejection(api.get('/fail/409?msg=first'));
    await rejection(api.get('/fail/409?msg=suppressed'));
    await vi.advanceTimersByTimeAsync(80);
    await rejection(api.get('/fail/409?msg=again'));
    expect(h.toasts.map((t) => t.msg)).toEqual(['first', 'again']);
    expect(h.toasts.every((t) => t.durationMs === 3000)).toBe(true);
  });

  it('keeps the default de-duplication window at 3000 ms (fake clock)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); // sockets keep their real timers
    const h = harness();
    const api = client(h);
    await rejection(api.get('/fail/400?msg=one'));
    await vi.advanceTimersByTimeAsync(2999);
    await rejection(api.get('/fail/400?msg=two'));
    await vi.advanceTimersByTimeAsync(1);
    await rejection(api.get('/fail/400?msg=three'));
    expect(h.toasts.map((t) => t.msg)).toEqual(['one', 'three']);
  });

  it('shows no toast for a silent request, which still rejects', async () => {
    const h = harness();
    const error = await rejection(client(h).get('/fail/400?msg=bad', { silent: true }));
    expect(error.code).toBe(400);
    expect(h.notifyError).not.toHaveBeenCalled();
  });

  it('falls back to the HTTP status text when an error envelope has an empty msg', async () => {
    const h = harness({ lang: 'en' });
    const error = await rejection(client(h).get('/fail/403?msg='));
    expect(error.msg).toBe('Server refused access');
  });
});

describe('code 401: login expired', () => {
  it('opens the dialog once for 3 parallel failing requests, resets the session and redirects 500 ms after confirm', async () => {
    const h = harness({ token: 'revoked', path: '/course/index' });
    const api = client(h);
    const errors = await Promise.all([
      rejection(api.get('/unauth')),
      rejection(api.get('/unauth')),
      rejection(api.post('/unauth', {})),
    ]);
    expect(errors.map((e) => e.code)).toEqual([401, 401, 401]);
    expect(h.showLoginExpired).toHaveBeenCalledTimes(1);
    expect(h.resetSession).toHaveBeenCalledTimes(1);
    expect(h.state.token).toBeNull();
    expect(h.notifyError).not.toHaveBeenCalled();
    expect(h.navigate).not.toHaveBeenCalled();

    vi.useFakeTimers();
    const confirm = h.confirms[0]!;
    confirm();
    confirm(); // double click: still one navigation
    await vi.advanceTimersByTimeAsync(499);
    expect(h.navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(h.navigate).toHaveBeenCalledTimes(1);
    expect(h.navigate).toHaveBeenCalledWith('/login?url=%2Fcourse%2Findex');
  });

  it('encodes the search part of the current path into ?url=', async () => {
    const h = harness({ token: 'x', path: '/user/info?tab=2&a=b c' });
    await rejection(client(h).get('/unauth'));
    vi.useFakeTimers();
    h.confirms[0]!();
    await vi.advanceTimersByTimeAsync(500);
    expect(h.navigate).toHaveBeenCalledWith(`/login?url=${encodeURIComponent('/user/info?tab=2&a=b c')}`);
  });

  it('can show the dialog again for a later session once the redirect has happened', async () => {
    const h = harness({ token: 'x', path: '/course/index' });
    const api = client(h, { redirectDebounceMs: 10 });
    await rejection(api.get('/unauth'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); // sockets keep their real timers
    h.confirms[0]!();
    await vi.advanceTimersByTimeAsync(10);
    expect(h.navigate).toHaveBeenCalledTimes(1);
    await rejection(api.get('/unauth'));
    expect(h.showLoginExpired).toHaveBeenCalledTimes(2);
  });

  it('skips the dialog and the session reset for calls marked skipAuthRedirect', async () => {
    const h = harness({ token: 'x' });
    const error = await rejection(client(h).post('/unauth', {}, { skipAuthRedirect: true }));
    expect(error.code).toBe(401);
    expect(h.showLoginExpired).not.toHaveBeenCalled();
    expect(h.resetSession).not.toHaveBeenCalled();
    expect(h.toasts.map((t) => t.msg)).toEqual(['Login expired, please log in again']);
  });
});

describe('code 66666: refresh and retry once', () => {
  it('makes exactly one refresh for 3 parallel requests, then retries each once with the new token', async () => {
    const h = harness({ token: 'old-token' }, async (state) => {
      await delay(50);
      state.token = 'new-token';
      return true;
    });
    const api = client(h);
    const results = await Promise.all([
      api.get<{ token: string }>('/expiring'),
      api.get<{ token: string }>('/expiring'),
      api.post<{ token: string }>('/expiring', {}),
    ]);
    expect(results).toEqual([{ token: 'new-token' }, { token: 'new-token' }, { token: 'new-token' }]);
    expect(h.refreshSession).toHaveBeenCalledTimes(1);
    const seen = server.seen.map((s) => s.authorization);
    expect(seen.filter((t) => t === 'old-token')).toHaveLength(3);
    expect(seen.filter((t) => t === 'new-token')).toHaveLength(3);
    expect(h.resetSession).not.toHaveBeenCalled();
    expect(h.notifyError).not.toHaveBeenCalled();
  });

  it('holds requests started during a refresh until it ends, then sends them with the new token', async () => {
    let finish: (ok: boolean) => void = () => undefined;
    const h = harness({ token: 'old-token' }, (state) => {
      return new Promise<boolean>((resolve) => {
        finish = (ok) => {
          state.token = 'new-token';
          resolve(ok);
        };
      });
    });
    const api = client(h);
    const first = api.get<{ token: string }>('/expiring');
    await vi.waitFor(() => expect(h.refreshSession).toHaveBeenCalledTimes(1));
    const late = api.get<Echo>('/echo');
    // Time for the held request to go out if it were not held: this wait proves an absence.
    await delay(30);
    expect(server.seen.map((s) => s.path)).toEqual(['/expiring']);
    finish(true);
    expect((await late).headers.authorization).toBe('new-token');
    expect(await first).toEqual({ token: 'new-token' });
    expect(h.refreshSession).toHaveBeenCalledTimes(1);
  });

  it('resets the session and rejects every waiting request when the refresh fails', async () => {
    const h = harness({ token: 'old-token' }, async () => {
      await delay(20);
      return false;
    });
    const api = client(h);
    const errors = await Promise.all([rejection(api.get('/expiring')), rejection(api.get('/expiring'))]);
    expect(errors.map((e) => e.code)).toEqual([66666, 66666]);
    expect(h.refreshSession).toHaveBeenCalledTimes(1);
    expect(h.resetSession).toHaveBeenCalledTimes(1);
    expect(h.state.token).toBeNull();
    expect(server.seen).toHaveLength(2); // no retries
  });

  it('treats a refresh that throws as a failed refresh', async () => {
    const h = harness({ token: 'old-token' }, () => Promise.reject(new Error('lock lost')));
    const error = await rejection(client(h).get('/expiring'));
    expect(error.code).toBe(66666);
    expect(h.resetSession).toHaveBeenCalledTimes(1);
  });

  it('does not loop when the retry gets 66666 again: one refresh, one retry, session reset, rejection', async () => {
    server.validToken = 'never-valid';
    const h = harness({ token: 'old-token' }, async (state) => {
      state.token = 'still-rejected';
      return true;
    });
    const error = await rejection(client(h).get('/expiring'));
    expect(error).toMatchObject({ code: 66666, httpStatus: 401, kind: 'envelope' });
    expect(h.refreshSession).toHaveBeenCalledTimes(1);
    expect(server.seen.map((s) => s.authorization)).toEqual(['old-token', 'still-rejected']);
    expect(h.resetSession).toHaveBeenCalledTimes(1);
    expect(h.showLoginExpired).not.toHaveBeenCalled();
  });

  it('lets the session store refresh through the same client (POST /updateToken never waits for itself)', async () => {
    const h = harness({ token: 'old-token' });
    const api = client(h);
    h.refreshSession.mockImplementation(async () => {
      const data = await api.post<{ token: string }>(
        '/updateToken',
        { refreshToken: 'refresh-1' },
        { skipAuthRedirect: true },
      );
      h.state.token = data.token;
      return true;
    });
    const results = await Promise.all([api.get('/expiring'), api.get('/expiring'), api.get('/expiring')]);
    expect(results).toEqual([{ token: 'new-token' }, { token: 'new-token' }, { token: 'new-token' }]);
    expect(server.refreshCount).toBe(1);
  });

  it('does not refresh for calls marked skipAuthRedirect', async () => {
    const h = harness({ token: 'old-token' }, () => Promise.resolve(true));
    const error = await rejection(client(h).get('/expiring', { skipAuthRedirect: true, silent: true }));
    expect(error.code).toBe(66666);
    expect(h.refreshSession).not.toHaveBeenCalled();
  });
});

describe('failures without an envelope', () => {
  it('shows the HTTP status text for a non-envelope 502 in Chinese', async () => {
    const h = harness({ lang: 'zh-Hans' });
    const error = await rejection(client(h).get('/raw/502'));
    expect(error).toMatchObject({ code: 502, httpStatus: 502, msg: '网关错误', kind: 'http' });
    expect(h.toasts).toEqual([{ msg: '网关错误', key: 'http-error-502', durationMs: 3000 }]);
  });

  it('shows the HTTP status text for a non-envelope 502 in English', async () => {
    const h = harness({ lang: 'en' });
    const error = await rejection(client(h).get('/raw/502'));
    expect(error.msg).toBe('Bad gateway');
  });

  it.each([
    [400, '请求语法错误', 'Request syntax error'],
    [401, '用户未授权', 'User not authorised'],
    [403, '服务器拒绝访问', 'Server refused access'],
    [404, '请求资源未找到', 'Resource not found'],
    [405, '请求方法未允许', 'Method not allowed'],
    [408, '网络请求超时', 'Network request timeout'],
    [500, '服务器内部错误', 'Internal server error'],
    [501, '服务未实现', 'Not implemented'],
    [502, '网关错误', 'Bad gateway'],
    [503, '服务不可用', 'Service unavailable'],
    [504, '网关超时', 'Gateway timeout'],
    [505, 'HTTP版本不受支持', 'HTTP version not supported'],
    [418, '请求错误', 'Request error'],
  ])('maps a non-envelope HTTP %i to "%s" / "%s"', async (status, zh, en) => {
    const h = harness({ lang: 'zh-Hans' });
    const api = client(h);
    expect((await rejection(api.get(`/raw-json/${status}`))).msg).toBe(zh);
    h.state.lang = 'en';
    expect((await rejection(api.get(`/raw-json/${status}`, { silent: true }))).msg).toBe(en);
    expect(h.showLoginExpired).not.toHaveBeenCalled();
  });

  it('reports a timeout as "请求超时" / "Request timeout"', async () => {
    const h = harness({ lang: 'zh-Hans' });
    const api = client(h, { timeoutMs: 50 });
    const error = await rejection(api.get('/slow?ms=1000'));
    expect(error).toMatchObject({ code: CLIENT_ERROR_CODES.TIMEOUT, msg: '请求超时', kind: 'timeout' });
    expect(error.httpStatus).toBeUndefined();
    expect(h.toasts).toEqual([
      { msg: '请求超时', key: `http-error-${CLIENT_ERROR_CODES.TIMEOUT}`, durationMs: 3000 },
    ]);
    h.state.lang = 'en';
    expect((await rejection(api.get('/slow?ms=1000', { silent: true }))).msg).toBe('Request timeout');
  });

  it('uses a 60 000 ms timeout by default', () => {
    expect(client(harness()).defaults.timeout).toBe(60_000);
  });

  it("takes a call's own timeout over the client's", async () => {
    const h = harness({ lang: 'en' });
    const api = client(h, { timeoutMs: 5_000 });
    const error = await rejection(api.get('/slow?ms=1000', { timeout: 50, silent: true }));
    expect(error).toMatchObject({ kind: 'timeout', msg: 'Request timeout' });
  });

  it('completes a slow reply that arrives within the timeout', async () => {
    const h = harness();
    await expect(client(h, { timeoutMs: 1000 }).get('/slow?ms=50')).resolves.toEqual({ slow: true });
  });

  it('reports a refused connection as "网络不可用" / "Network unavailable"', async () => {
    const h = harness({ baseURL: closedPortBase, lang: 'zh-Hans' });
    const api = client(h);
    const error = await rejection(api.get('/echo'));
    expect(error).toMatchObject({ code: CLIENT_ERROR_CODES.NETWORK, msg: '网络不可用', kind: 'network' });
    expect(h.toasts.map((t) => t.msg)).toEqual(['网络不可用']);
    h.state.lang = 'en';
    expect((await rejection(api.get('/echo', { silent: true }))).msg).toBe('Network unavailable');
  });

  it('reports a timeout while the browser is offline as "Network unavailable"', async () => {
    const h = harness({ lang: 'en' });
    const error = await rejection(client(h, { timeoutMs: 30, isOnline: () => false }).get('/slow?ms=500'));
    expect(error.msg).toBe('Network unavailable');
  });

  it('rejects a cancelled request with kind "canceled" and no toast', async () => {
    const h = harness();
    const controller = new AbortController();
    const pending = client(h).get('/slow?ms=500', { signal: controller.signal });
    controller.abort();
    const error = await rejection(pending);
    expect(error.kind).toBe('canceled');
    expect(h.notifyError).not.toHaveBeenCalled();
  });
});

describe('the app singleton', () => {
  it('throws a clear error when used before configureHttp()', () => {
    // This file configures it only in the next test.
    expect(() => http.defaults).toThrow(/configureHttp/);
  });

  it('delegates to the client wired by configureHttp()', async () => {
    const h = harness({ token: 'single', lang: 'en' });
    configureHttp(h.deps);
    const echo = await http.get<Echo>('/echo');
    expect(echo.headers.authorization).toBe('single');
    expect(await http.post<Echo>('/echo', { a: 1 })).toMatchObject({ body: { a: 1 } });
    expect(http.defaults.baseURL).toBe(server.base);
  });

  it('defaults the base URL to /api/v1', () => {
    const h = harness();
    const deps: HttpDeps = { ...h.deps };
    delete deps.baseURL;
    expect(createHttpClient(deps).defaults.baseURL).toBe('/api/v1');
  });
});
