import type { Bilingual } from '../i18n.ts';
import { VALIDATION_KEYS } from '../field-checks.ts';

/** Messages every area shares: success, validation of shared fields, HTTP-level errors. */
export const COMMON_MESSAGES = {
  ok: { 'zh-Hans': '成功', en: 'Success' },
  [VALIDATION_KEYS.mobileRequired]: { 'zh-Hans': '手机号不能为空', en: 'Phone number cannot be empty' },
  [VALIDATION_KEYS.mobileInvalid]: { 'zh-Hans': '手机号格式不正确', en: 'Phone number is invalid' },
  [VALIDATION_KEYS.passwordLength]: {
    'zh-Hans': '密码长度为 6-32 位',
    en: 'Password must be 6-32 characters',
  },
  [VALIDATION_KEYS.passwordMismatch]: {
    'zh-Hans': '两次输入的密码不一致',
    en: 'The two passwords do not match',
  },
  [VALIDATION_KEYS.feedbackTypeRequired]: { 'zh-Hans': '请选择类型', en: 'Please select type' },
  [VALIDATION_KEYS.feedbackContentRequired]: { 'zh-Hans': '请输入内容', en: 'Please enter content' },
  [VALIDATION_KEYS.checkInput]: { 'zh-Hans': '请检查输入内容', en: 'Please check your input' },
  [VALIDATION_KEYS.nameRequired]: { 'zh-Hans': '请输入名字', en: 'Please enter a name' },
  [VALIDATION_KEYS.unsafeText]: {
    'zh-Hans': '内容含有不可见的控制字符或文字方向控制符，请删除后再提交',
    en: 'The text contains invisible control or text-direction characters; please remove them',
  },
  'error.badRequest': { 'zh-Hans': '请求参数错误', en: 'Invalid request' },
  'error.invalidField': { 'zh-Hans': '参数 {field} 不正确', en: 'Invalid value for {field}' },
  'error.invalidJson': { 'zh-Hans': '请求内容不是有效的 JSON', en: 'The request body is not valid JSON' },
  'error.unauthorized': { 'zh-Hans': '登录已过期，请重新登录', en: 'Login expired, please log in again' },
  'error.tokenExpired': { 'zh-Hans': '登录凭证已过期', en: 'Access token expired' },
  'error.forbidden': { 'zh-Hans': '没有权限访问', en: 'Access denied' },
  'error.notFound': { 'zh-Hans': '资源不存在', en: 'Resource not found' },
  'error.routeNotFound': { 'zh-Hans': '接口不存在', en: 'No such API endpoint' },
  'error.methodNotAllowed': { 'zh-Hans': '请求方法不被允许', en: 'Method not allowed' },
  'error.conflict': { 'zh-Hans': '请求冲突，请刷新后重试', en: 'Conflict, please refresh and try again' },
  'error.payloadTooLarge': { 'zh-Hans': '请求内容过大', en: 'The request body is too large' },
  'error.unsupportedMediaType': { 'zh-Hans': '不支持的内容类型', en: 'Unsupported content type' },
  'error.tooManyRequests': {
    'zh-Hans': '请求过于频繁，请稍后再试',
    en: 'Too many requests, please try again later',
  },
  'error.internal': {
    'zh-Hans': '服务器开小差了，请稍后再试',
    en: 'Something went wrong, please try again later',
  },
  'error.unavailable': { 'zh-Hans': '服务暂不可用', en: 'Service unavailable' },
} as const satisfies Record<string, Bilingual>;
