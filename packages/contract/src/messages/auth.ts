import type { Bilingual } from '../i18n.ts';

/** Accounts and sessions (issue #3, DESIGN.md §7 "Sessions", "SMS codes", "Password login"). */
export const AUTH_MESSAGES = {
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
  'auth.codeIpLimited': {
    'zh-Hans': '当前网络验证码错误次数过多，请 {minutes} 分钟后再试',
    en: 'Too many wrong verification codes from your network, please try again in {minutes} minutes',
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
} as const satisfies Record<string, Bilingual>;
