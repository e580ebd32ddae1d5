import type { Bilingual } from './i18n.ts';
import { VALIDATION_KEYS } from './validation.ts';

/**
 * Texts of the messages the server sends in `msg` and the web app shows for the same rules.
 * Keys are stable; add a key here with both languages, never one.
 */
export const MESSAGES = {
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
  // Accounts and sessions (issue #3, DESIGN.md §7 "Sessions", "SMS codes", "Password login").
  'validation.smsCode': { 'zh-Hans': '请输入 6 位数字验证码', en: 'Please enter the 6-digit code' },
  'auth.smsSent': { 'zh-Hans': '验证码已发送', en: 'Verification code sent' },
  'auth.codeInvalid': { 'zh-Hans': '验证码错误', en: 'Wrong verification code' },
  'auth.codeExpired': {
    'zh-Hans': '验证码已过期，请重新获取',
    en: 'The verification code has expired, please request a new one',
  },
  'auth.tooManyCodeTries': {
    'zh-Hans': '验证码错误次数过多，请重新获取',
    en: 'Too many wrong codes, please request a new one',
  },
  'auth.smsTooFrequent': {
    'zh-Hans': '验证码发送过于频繁，请 {seconds} 秒后再试',
    en: 'Codes are requested too often, please try again in {seconds} seconds',
  },
  'auth.smsHourLimit': {
    'zh-Hans': '该手机号一小时内获取验证码次数过多，请 {minutes} 分钟后再试',
    en: 'Too many codes for this number in the past hour, please try again in {minutes} minutes',
  },
  'auth.smsDayLimit': {
    'zh-Hans': '该手机号今日获取验证码次数已达上限，请 {hours} 小时后再试',
    en: 'Too many codes for this number in the past 24 hours, please try again in {hours} hours',
  },
  'auth.smsIpLimit': {
    'zh-Hans': '当前网络获取验证码次数过多，请 {minutes} 分钟后再试',
    en: 'Too many codes requested from your network, please try again in {minutes} minutes',
  },
  'auth.smsBudget': {
    'zh-Hans': '今日短信发送量已达上限，请明天再试',
    en: 'The SMS service has reached its daily limit, please try again tomorrow',
  },
  'auth.smsUnavailable': {
    'zh-Hans': '短信服务繁忙，请稍后再试',
    en: 'The SMS service is busy, please try again later',
  },
  'auth.passwordWrong': { 'zh-Hans': '手机号或密码错误', en: 'Wrong phone number or password' },
  'auth.passwordLocked': {
    'zh-Hans': '密码错误次数过多，密码登录已锁定，请 {minutes} 分钟后再试或使用验证码登录',
    en: 'Too many wrong passwords: password login is locked for {minutes} minutes, or log in with an SMS code',
  },
  'auth.ipLimited': {
    'zh-Hans': '登录尝试过于频繁，请 {minutes} 分钟后再试',
    en: 'Too many login attempts, please try again in {minutes} minutes',
  },
  'auth.alreadyRegistered': {
    'zh-Hans': '该手机号已注册，请直接登录',
    en: 'This phone number is already registered, please log in',
  },
  'auth.sessionRevoked': {
    'zh-Hans': '登录状态已失效，请重新登录',
    en: 'Your session has ended, please log in again',
  },
  'auth.loggedOut': { 'zh-Hans': '已退出登录', en: 'Logged out' },
  // Teachers and favourites (issue #4).
  'teacher.notFound': { 'zh-Hans': '老师不存在', en: 'Teacher not found' },
  'teacher.likeDone': { 'zh-Hans': '操作完成', en: 'Operation complete' },
} as const satisfies Record<string, Bilingual>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, key);
}

/** Renders a message in a language, filling `{name}` placeholders. */
export function message(
  key: MessageKey,
  lang: keyof Bilingual,
  params: Record<string, string | number> = {},
) {
  return MESSAGES[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
