import { CODES } from '@app/contract/codes';
import {
  API_BASE,
  API_VERSION,
  CLIENT_DRIVE,
  ERROR_TOAST_MS,
  LOGIN_EXPIRED_REDIRECT_DEBOUNCE_MS,
  REQUEST_TIMEOUT_MS,
} from '@app/contract/constants';
import { isEnvelope } from '@app/contract/envelope-guard';
import type { Envelope } from '@app/contract/envelope-guard';
import type { Lang } from '@app/contract/i18n';
import { ApiError, CLIENT_ERROR_CODES } from './api-error.ts';
import { httpStatusMessage, networkMessage, timeoutMessage } from './http-messages.ts';

/** Query string values; undefined and null are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** One request of the API (DESIGN.md §8): the app's calls name only what differs from the defaults. */
export type RequestConfig = {
  /** Path under the base URL, e.g. '/teacher/getTeacherList'. */
  url: string;
  /** Default GET. */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: QueryParams;
  /** The body: FormData and strings are sent as they are, anything else as JSON. */
  data?: unknown;
  /** Headers of this call (e.g. Idempotency-Key), beside the app's own, which win on a clash. */
  headers?: Record<string, string>;
  /** Timeout of this call in ms, instead of the client's. */
  timeout?: number;
  /** Cancels the request; it then rejects with kind 'canceled' and no toast. */
  signal?: AbortSignal;
  /** No error toast; the caller shows the failure itself. The promise still rejects. */
  silent?: boolean;
  /**
   * No session handling for this call: a 401 neither opens the login-expired dialog nor resets the
   * session, and a 66666 is not refreshed and retried (it rejects). For login, registration and the
   * token refresh call itself.
   */
  skipAuthRedirect?: boolean;
  /** Upload progress of the body (sent with XMLHttpRequest, which reports it; fetch does not). */
  onUploadProgress?: (progress: { loaded: number; total: number | undefined }) => void;
};

/** The options of a call: everything but what `get` and `post` take as arguments. */
export type CallConfig = Omit<RequestConfig, 'url' | 'method' | 'data'>;

/** A reply as received: HTTP status and the body (parsed JSON, or the text when it is not JSON). */
export type HttpResponse<T = unknown> = { status: number; data: T };

/** What the app shell provides to the HTTP client (DESIGN.md §8). */
export type HttpDeps = {
  /** Default API_BASE ('/api/v1'). */
  baseURL?: string;
  getLanguage(): Lang;
  /** The access token, or null when logged out. Sent bare in `Authorization`. */
  getToken(): string | null;
  /**
   * Performs ONE refresh (the session store does the Web Lock / BroadcastChannel work); resolves true
   * when a new access token is available through getToken(). The client guarantees at most one call in
   * flight. Calls it makes through this client must pass `skipAuthRedirect: true` (POST /updateToken
   * is exempt anyway); any other call would wait for the refresh in flight, i.e. for itself.
   */
  refreshSession(): Promise<boolean>;
  /** Clears the token, refresh token and user info. */
  resetSession(): void;
  /** antd App `message` bridge: show `msg` as an error toast under `key` for `durationMs`. */
  notify: { error(msg: string, key: string, durationMs: number): void };
  /**
   * antd App `modal` bridge: 'Tip' / 'Login expired, please log in again' with one confirm button that
   * calls `onConfirm`. The dialog must only close through that button (no Esc, no mask click):
   * while it is open no other login-expired dialog is shown.
   */
  showLoginExpired(onConfirm: () => void): void;
  /** Goes to an in-app URL, e.g. the router's navigate or window.location.assign. */
  navigate(url: string): void;
  /** pathname + search of the current page, for `/login?url=`. */
  currentPath(): string;
};

/** Timings; every default is the product's (SPEC.md §9). Tests shorten them. */
export type HttpClientOptions = {
  /** Request timeout, default REQUEST_TIMEOUT_MS (60 000). */
  timeoutMs?: number;
  /** How long an error toast shows, default ERROR_TOAST_MS (3 000). */
  toastDurationMs?: number;
  /** How long a toast for a code suppresses another toast for the same code, default ERROR_TOAST_MS. */
  toastDedupeMs?: number;
  /** Debounce of the redirect to /login after the dialog's confirm, default 500. */
  redirectDebounceMs?: number;
  /** Whether the browser is online; default reads navigator.onLine when there is one. */
  isOnline?: () => boolean;
};

export type HttpClient = {
  /** GET; resolves to the envelope's `data` (or the raw body of a non-envelope 2xx reply). */
  get<T>(url: string, config?: CallConfig): Promise<T>;
  /** POST with a JSON body; resolves to the envelope's `data`. */
  post<T>(url: string, body?: unknown, config?: CallConfig): Promise<T>;
  /** Any request; resolves to the envelope's `data`. */
  request<T>(config: RequestConfig): Promise<T>;
  /**
   * Same headers, session handling and toasts, but resolves to the whole reply (status and body, e.g.
   * the envelope with its `msg`). Rejects with ApiError.
   */
  raw<T>(config: RequestConfig): Promise<HttpResponse<T>>;
  /** The base URL and timeout this client was made with. */
  readonly defaults: { readonly baseURL: string; readonly timeout: number };
};

/** The token refresh endpoint (SPEC.md §7): never waits for, nor triggers, a refresh. */
const REFRESH_PATH = '/updateToken';

type SentConfig = RequestConfig & {
  /** Set on the one retry after a 66666. */
  retried?: boolean;
  /** The access token this request was sent with. */
  sentToken?: string | null;
};

/** A request that got no reply, and why. The client turns it into an ApiError. */
class NoReply extends Error {
  constructor(
    readonly kind: 'timeout' | 'network' | 'canceled',
    cause: unknown,
  ) {
    super(kind, { cause });
  }
}

function defaultIsOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function isRefreshCall(config: RequestConfig): boolean {
  const path = config.url.split(/[?#]/)[0] ?? '';
  return path.endsWith(REFRESH_PATH);
}

function fullUrl(baseURL: string, config: RequestConfig): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(config.params ?? {})) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const search = query.toString();
  const url = /^https?:\/\//.test(config.url) ? config.url : `${baseURL}${config.url}`;
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

/** The body and its content type: FormData, Blob and strings as they are, anything else as JSON. */
function encodeBody(data: unknown): { body?: BodyInit; type?: string } {
  if (data === undefined) return {};
  if (typeof data === 'string' || data instanceof FormData || data instanceof Blob) return { body: data };
  if (data instanceof URLSearchParams) return { body: data };
  return { body: JSON.stringify(data), type: 'application/json' };
}

/** JSON when the body is JSON (whatever the content type says), else the text. */
function decodeBody(text: string): unknown {
  if (text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * One exchange with the server: resolves to the reply whatever its status, rejects with NoReply when
 * there is none (timeout, network failure, cancelled). fetch, or XMLHttpRequest when the caller wants
 * upload progress.
 */
function transport(
  url: string,
  config: RequestConfig,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<HttpResponse> {
  const { body, type } = encodeBody(config.data);
  if (type) headers['Content-Type'] = type;
  const method = config.method ?? 'GET';
  const external = config.signal;
  if (external?.aborted) return Promise.reject(new NoReply('canceled', external.reason));

  if (config.onUploadProgress) {
    const onProgress = config.onUploadProgress;
    return new Promise<HttpResponse>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(method, url);
      xhr.timeout = timeoutMs;
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) =>
        onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
      xhr.onload = () => resolve({ status: xhr.status, data: decodeBody(xhr.responseText) });
      xhr.ontimeout = () => reject(new NoReply('timeout', null));
      xhr.onerror = () => reject(new NoReply('network', null));
      xhr.onabort = () => reject(new NoReply('canceled', external?.reason));
      external?.addEventListener('abort', () => xhr.abort(), { once: true });
      // The client never sends a stream, the one body fetch takes and XMLHttpRequest does not.
      xhr.send((body ?? null) as XMLHttpRequestBodyInit | null);
    });
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forward = () => controller.abort();
  external?.addEventListener('abort', forward, { once: true });
  return fetch(url, { method, headers, body, signal: controller.signal })
    .then(async (response) => ({ status: response.status, data: decodeBody(await response.text()) }))
    .catch((cause: unknown) => {
      throw new NoReply(timedOut ? 'timeout' : external?.aborted ? 'canceled' : 'network', cause);
    })
    .finally(() => {
      clearTimeout(timer);
      external?.removeEventListener('abort', forward);
    });
}

/** Creates an HTTP client bound to `deps`. The app uses the `http` singleton via configureHttp(). */
export function createHttpClient(deps: HttpDeps, options: HttpClientOptions = {}): HttpClient {
  const toastDurationMs = options.toastDurationMs ?? ERROR_TOAST_MS;
  const toastDedupeMs = options.toastDedupeMs ?? ERROR_TOAST_MS;
  const redirectDebounceMs = options.redirectDebounceMs ?? LOGIN_EXPIRED_REDIRECT_DEBOUNCE_MS;
  const isOnline = options.isOnline ?? defaultIsOnline;
  const defaults = { baseURL: deps.baseURL ?? API_BASE, timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS };

  // ---- toasts, de-duplicated per code --------------------------------------------------------------
  const toastsShowing = new Set<number>();
  function toast(code: number, msg: string): void {
    if (toastsShowing.has(code)) return;
    toastsShowing.add(code);
    deps.notify.error(msg, `http-error-${code}`, toastDurationMs);
    setTimeout(() => toastsShowing.delete(code), toastDedupeMs);
  }

  // ---- 401: one dialog, debounced redirect ---------------------------------------------------------
  let loginExpiredOpen = false;
  let redirectTimer: ReturnType<typeof setTimeout> | undefined;
  function redirectToLogin(): void {
    clearTimeout(redirectTimer);
    redirectTimer = setTimeout(() => {
      redirectTimer = undefined;
      loginExpiredOpen = false;
      const path = deps.currentPath();
      deps.navigate(path.startsWith('/login') ? path : `/login?url=${encodeURIComponent(path)}`);
    }, redirectDebounceMs);
  }
  function loginExpired(): void {
    if (loginExpiredOpen) return;
    loginExpiredOpen = true;
    deps.resetSession();
    deps.showLoginExpired(redirectToLogin);
  }

  // ---- 66666: one refresh in flight, shared --------------------------------------------------------
  let refreshing: Promise<boolean> | null = null;
  function sharedRefresh(): Promise<boolean> {
    if (!refreshing) {
      refreshing = (async () => {
        let ok = false;
        try {
          ok = await deps.refreshSession();
        } catch {
          ok = false;
        }
        if (!ok) deps.resetSession();
        return ok;
      })().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  async function refreshAndRetry(config: SentConfig, failure: ApiError): Promise<HttpResponse> {
    if (config.retried) {
      deps.resetSession();
      throw failure;
    }
    const current = deps.getToken();
    // Another request already refreshed while this one was on the wire: just retry.
    const alreadyRefreshed = current !== null && current !== (config.sentToken ?? null) && !refreshing;
    if (!alreadyRefreshed && !(await sharedRefresh())) throw failure;
    return send({ ...config, retried: true });
  }

  // ---- a failed reply: envelope first, then HTTP status --------------------------------------------
  function envelopeFailure(
    config: SentConfig,
    response: HttpResponse<Envelope<unknown>>,
  ): Promise<HttpResponse> {
    const { code, msg, data } = response.data;
    const text = typeof msg === 'string' && msg !== '' ? msg : httpStatusMessage(code, deps.getLanguage());
    const error = new ApiError({
      code,
      msg: text,
      httpStatus: response.status,
      kind: 'envelope',
      data: data ?? undefined,
    });
    const exempt = config.skipAuthRedirect === true || isRefreshCall(config);
    if (code === CODES.TOKEN_EXPIRED && !exempt) return refreshAndRetry(config, error);
    if (code === CODES.UNAUTHORIZED && !exempt) {
      loginExpired();
      return Promise.reject(error);
    }
    if (!config.silent) toast(code, text);
    return Promise.reject(error);
  }

  function noReplyFailure(config: SentConfig, failure: NoReply): ApiError {
    const lang = deps.getLanguage();
    if (failure.kind === 'canceled') {
      return new ApiError({
        code: CLIENT_ERROR_CODES.CANCELED,
        msg: 'canceled',
        kind: 'canceled',
        cause: failure.cause,
      });
    }
    // A timeout while the browser is offline is the network's fault.
    const timedOut = failure.kind === 'timeout' && isOnline();
    const code = timedOut ? CLIENT_ERROR_CODES.TIMEOUT : CLIENT_ERROR_CODES.NETWORK;
    const msg = timedOut ? timeoutMessage(lang) : networkMessage(lang);
    if (!config.silent) toast(code, msg);
    return new ApiError({ code, msg, kind: timedOut ? 'timeout' : 'network', cause: failure.cause });
  }

  // ---- one request: headers, the exchange, then the reply's verdict --------------------------------
  async function send(config: SentConfig): Promise<HttpResponse> {
    const exempt = config.skipAuthRedirect === true || isRefreshCall(config);
    // Requests made while a refresh is in flight wait for it, so they carry the new token.
    if (refreshing && !exempt) await refreshing;
    const token = deps.getToken();
    const headers: Record<string, string> = {
      ...config.headers,
      drive: CLIENT_DRIVE,
      'api-language': deps.getLanguage(),
      'api-version': API_VERSION,
    };
    if (token) headers.Authorization = token;
    const sent: SentConfig = { ...config, sentToken: token };

    let response: HttpResponse;
    try {
      const timeout = sent.timeout ?? defaults.timeout;
      response = await transport(fullUrl(defaults.baseURL, sent), sent, headers, timeout);
    } catch (failure) {
      throw failure instanceof NoReply ? noReplyFailure(sent, failure) : failure;
    }

    const body = response.data;
    if (isEnvelope(body)) {
      // The envelope's code wins over the HTTP status, both ways.
      if (body.code === CODES.OK) return response;
      return envelopeFailure(sent, response as HttpResponse<Envelope<unknown>>);
    }
    if (response.status >= 200 && response.status < 300) return response;
    const msg = httpStatusMessage(response.status, deps.getLanguage());
    if (!sent.silent) toast(response.status, msg);
    throw new ApiError({ code: response.status, msg, httpStatus: response.status, kind: 'http' });
  }

  async function request<T>(config: RequestConfig): Promise<T> {
    const { data: body } = await send(config);
    return (isEnvelope(body) ? body.data : body) as T;
  }

  return {
    defaults,
    request,
    raw: <T>(config: RequestConfig) => send(config) as Promise<HttpResponse<T>>,
    get: <T>(url: string, config?: CallConfig) => request<T>({ ...config, method: 'GET', url }),
    post: <T>(url: string, body?: unknown, config?: CallConfig) =>
      request<T>({ ...config, method: 'POST', url, data: body }),
  };
}

// ---- the app's singleton ---------------------------------------------------------------------------

let configured: HttpClient | null = null;

function current(): HttpClient {
  if (!configured) throw new Error('The HTTP client is used before configureHttp() was called');
  return configured;
}

/** Wires the app's singleton `http` once at start-up (calling it again replaces it, e.g. on HMR). */
export function configureHttp(deps: HttpDeps, options?: HttpClientOptions): HttpClient {
  configured = createHttpClient(deps, options);
  return configured;
}

/** The app's HTTP client; usable after configureHttp(). */
export const http: HttpClient = {
  get: <T>(url: string, config?: CallConfig) => current().get<T>(url, config),
  post: <T>(url: string, body?: unknown, config?: CallConfig) => current().post<T>(url, body, config),
  request: <T>(config: RequestConfig) => current().request<T>(config),
  raw: <T>(config: RequestConfig) => current().raw<T>(config),
  get defaults() {
    return current().defaults;
  },
};
