export { ApiError, CLIENT_ERROR_CODES, isApiError } from './api-error.ts';
export type { ApiErrorInit, ApiErrorKind } from './api-error.ts';
export { configureHttp, createHttpClient, http } from './http-client.ts';
export type {
  CallConfig,
  HttpClient,
  HttpClientOptions,
  HttpDeps,
  HttpResponse,
  QueryParams,
  RequestConfig,
} from './http-client.ts';
export { HTTP_MESSAGES, httpStatusMessage, networkMessage, timeoutMessage } from './http-messages.ts';
export type { HttpMessageKey } from './http-messages.ts';
