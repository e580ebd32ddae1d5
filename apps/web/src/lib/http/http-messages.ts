import type { Bilingual, Lang } from '@app/contract/i18n';

/**
 * Texts the HTTP client shows when a reply carries no envelope (proxy errors, network problems),
 * SPEC.md §8. Keyed by HTTP status, plus `default`, `timeout` and `network`. Every entry has both
 * languages.
 */
export const HTTP_MESSAGES = {
  400: { 'zh-Hans': '请求语法错误', en: 'Request syntax error' },
  401: { 'zh-Hans': '用户未授权', en: 'User not authorised' },
  403: { 'zh-Hans': '服务器拒绝访问', en: 'Server refused access' },
  404: { 'zh-Hans': '请求资源未找到', en: 'Resource not found' },
  405: { 'zh-Hans': '请求方法未允许', en: 'Method not allowed' },
  408: { 'zh-Hans': '网络请求超时', en: 'Network request timeout' },
  500: { 'zh-Hans': '服务器内部错误', en: 'Internal server error' },
  501: { 'zh-Hans': '服务未实现', en: 'Not implemented' },
  502: { 'zh-Hans': '网关错误', en: 'Bad gateway' },
  503: { 'zh-Hans': '服务不可用', en: 'Service unavailable' },
  504: { 'zh-Hans': '网关超时', en: 'Gateway timeout' },
  505: { 'zh-Hans': 'HTTP版本不受支持', en: 'HTTP version not supported' },
  default: { 'zh-Hans': '请求错误', en: 'Request error' },
  timeout: { 'zh-Hans': '请求超时', en: 'Request timeout' },
  network: { 'zh-Hans': '网络不可用', en: 'Network unavailable' },
} as const satisfies Record<number | 'default' | 'timeout' | 'network', Bilingual>;

export type HttpMessageKey = keyof typeof HTTP_MESSAGES;

function hasStatusMessage(status: number): status is Extract<HttpMessageKey, number> {
  return Object.prototype.hasOwnProperty.call(HTTP_MESSAGES, status);
}

/** The message for an HTTP status in `lang`; statuses without their own text get 'Request error'. */
export function httpStatusMessage(status: number, lang: Lang): string {
  return (hasStatusMessage(status) ? HTTP_MESSAGES[status] : HTTP_MESSAGES.default)[lang];
}

/** 'Request timeout' in `lang`. */
export function timeoutMessage(lang: Lang): string {
  return HTTP_MESSAGES.timeout[lang];
}

/** 'Network unavailable' in `lang` (offline, connection refused, DNS failure, CORS...). */
export function networkMessage(lang: Lang): string {
  return HTTP_MESSAGES.network[lang];
}
