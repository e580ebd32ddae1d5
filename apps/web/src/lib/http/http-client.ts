import axios, { AxiosHeaders } from 'axios';
import type {
  AxiosError,
  AxiosInstance,
  AxiosRequestConfig,
  AxiosResponse,
  InternalAxiosRequestConfig,
} from 'axios';
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

declare module 'axios' {
  interface AxiosRequestConfig {
    /** No error toast; the caller shows the failure itself. The promise still rejects. */
    silent?: boolean;
    /**
     * No session handling for this call: a 401 neither opens the login-expired dialog nor resets the
     * session, and a 66666 is not refreshed and retried (it rejects). For login, registration and the
     * token refresh call itself.
     */
    skipAuthRedirect?: boolean;
  }
}

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
  get<T>(url: string, config?: AxiosRequestConfig): Promise<T>;
  /** POST with a JSON body; resolves to the envelope's `data`. */
  post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
  /** Any request; resolves to the envelope's `data`. */
  request<T>(config: AxiosRequestConfig): Promise<T>;
  /**
   * The underlying axios instance: same headers, session handling and toasts, but resolves to the
   * whole AxiosResponse (for downloads and other non-envelope replies). Rejects with ApiError.
   */
  instance: AxiosInstance;
};

/** The token refresh endpoint (SPEC.md §7): never waits for, nor triggers, a refresh. */
const REFRESH_PATH = '/updateToken';

type ClientConfig = InternalAxiosRequestConfig & {
  /** Set on the one retry after a 66666. */
  _retried?: boolean;
  /** The access token this request was sent with. */
  _sentToken?: string | null;
};

function defaultIsOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function isRefreshCall(config: AxiosRequestConfig): boolean {
  const path = (config.url ?? '').split(/[?#]/)[0] ?? '';
  return path.endsWith(REFRESH_PATH);
}

/** Creates an HTTP client bound to `deps`. The app uses the `http` singleton via configureHttp(). */
export function createHttpClient(deps: HttpDeps, options: HttpClientOptions = {}): HttpClient {
  const toastDurationMs = options.toastDurationMs ?? ERROR_TOAST_MS;
  const toastDedupeMs = options.toastDedupeMs ?? ERROR_TOAST_MS;
  const redirectDebounceMs = options.redirectDebounceMs ?? LOGIN_EXPIRED_REDIRECT_DEBOUNCE_MS;
  const isOnline = options.isOnline ?? defaultIsOnline;

  const instance = axios.create({
    baseURL: deps.baseURL ?? API_BASE,
    timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
  });

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

  async function refreshAndRetry(config: ClientConfig, failure: ApiError): Promise<AxiosResponse> {
    if (config._retried) {
      deps.resetSession();
      throw failure;
    }
    const current = deps.getToken();
    // Another request already refreshed while this one was on the wire: just retry.
    const alreadyRefreshed = current !== null && current !== (config._sentToken ?? null) && !refreshing;
    if (!alreadyRefreshed && !(await sharedRefresh())) throw failure;
    const retry: ClientConfig = { ...config, _retried: true };
    return instance.request(retry);
  }

  // ---- request: headers ----------------------------------------------------------------------------
  instance.interceptors.request.use(async (config: ClientConfig) => {
    const exempt = config.skipAuthRedirect === true || isRefreshCall(config);
    // Requests made while a refresh is in flight wait for it, so they carry the new token.
    if (refreshing && !exempt) await refreshing;
    const headers = AxiosHeaders.from(config.headers);
    const token = deps.getToken();
    if (token) headers.set('Authorization', token);
    else headers.delete('Authorization');
    headers.set('drive', CLIENT_DRIVE);
    headers.set('api-language', deps.getLanguage());
    headers.set('api-version', API_VERSION);
    config.headers = headers;
    config._sentToken = token;
    return config;
  });

  // ---- response: envelope first, then HTTP status --------------------------------------------------
  function envelopeFailure(
    response: AxiosResponse<Envelope<unknown>>,
    cause?: unknown,
  ): Promise<AxiosResponse> {
    const config = response.config as ClientConfig;
    const { code, msg, data } = response.data;
    const text = typeof msg === 'string' && msg !== '' ? msg : httpStatusMessage(code, deps.getLanguage());
    const error = new ApiError({
      code,
      msg: text,
      httpStatus: response.status,
      kind: 'envelope',
      data: data ?? undefined,
      cause,
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

  instance.interceptors.response.use(
    (response: AxiosResponse) => {
      if (isEnvelope(response.data) && response.data.code !== CODES.OK) {
        return envelopeFailure(response as AxiosResponse<Envelope<unknown>>);
      }
      return response;
    },
    (error: unknown) => {
      if (error instanceof ApiError) return Promise.reject(error);
      if (!axios.isAxiosError(error)) return Promise.reject(error);
      const axiosError = error as AxiosError;
      const config = (axiosError.config ?? {}) as ClientConfig;
      const lang = deps.getLanguage();
      const response = axiosError.response;

      if (response) {
        if (isEnvelope(response.data)) {
          if (response.data.code === CODES.OK) return response; // trust the envelope
          return envelopeFailure(response as AxiosResponse<Envelope<unknown>>, error);
        }
        const msg = httpStatusMessage(response.status, lang);
        if (!config.silent) toast(response.status, msg);
        return Promise.reject(
          new ApiError({
            code: response.status,
            msg,
            httpStatus: response.status,
            kind: 'http',
            cause: error,
          }),
        );
      }

      if (axios.isCancel(error)) {
        return Promise.reject(
          new ApiError({
            code: CLIENT_ERROR_CODES.CANCELED,
            msg: error.message || 'canceled',
            kind: 'canceled',
            cause: error,
          }),
        );
      }

      const timedOut = isOnline() && (axiosError.code === 'ECONNABORTED' || axiosError.code === 'ETIMEDOUT');
      const code = timedOut ? CLIENT_ERROR_CODES.TIMEOUT : CLIENT_ERROR_CODES.NETWORK;
      const msg = timedOut ? timeoutMessage(lang) : networkMessage(lang);
      if (!config.silent) toast(code, msg);
      return Promise.reject(
        new ApiError({ code, msg, kind: timedOut ? 'timeout' : 'network', cause: error }),
      );
    },
  );

  async function request<T>(config: AxiosRequestConfig): Promise<T> {
    const response = await instance.request<unknown>(config);
    const body = response.data;
    return (isEnvelope(body) ? body.data : body) as T;
  }

  return {
    instance,
    request,
    get: <T>(url: string, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'GET', url }),
    post: <T>(url: string, body?: unknown, config?: AxiosRequestConfig) =>
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
  get: <T>(url: string, config?: AxiosRequestConfig) => current().get<T>(url, config),
  post: <T>(url: string, body?: unknown, config?: AxiosRequestConfig) => current().post<T>(url, body, config),
  request: <T>(config: AxiosRequestConfig) => current().request<T>(config),
  get instance() {
    return current().instance;
  },
};
