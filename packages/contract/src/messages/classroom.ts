import type { Bilingual } from '../i18n.ts';

/**
 * The live classroom (issue 35, DESIGN.md §12): refusals of GET /classroom/getRoom and the reasons
 * and errors of the room's WebSocket. A WebSocket close reason is at most 123 bytes with its key,
 * so these stay short.
 */
export const CLASSROOM_MESSAGES = {
  'classroom.notOpen': {
    'zh-Hans': '教室在上课前 10 分钟开放',
    en: 'The classroom opens 10 minutes before the class',
  },
  'classroom.closed': {
    'zh-Hans': '教室已关闭',
    en: 'The classroom is closed',
  },
  'classroom.cancelled': {
    'zh-Hans': '本节课已取消，教室不开放',
    en: 'This class was cancelled; its classroom is closed',
  },
  'classroom.linkInvalid': {
    'zh-Hans': '教室链接无效或已过期',
    en: 'This classroom link is not valid or has expired',
  },
  'classroom.ticketInvalid': {
    'zh-Hans': '进入凭证无效，请重新进入教室',
    en: 'The entry ticket is not valid; enter again',
  },
  'classroom.ticketExpired': {
    'zh-Hans': '进入凭证已过期，请重新进入教室',
    en: 'The entry ticket has expired; enter again',
  },
  'classroom.ticketUsed': {
    'zh-Hans': '进入凭证已使用过，请重新进入教室',
    en: 'The entry ticket was used already; enter again',
  },
  'classroom.replaced': {
    'zh-Hans': '你已在其他窗口进入教室',
    en: 'You entered the classroom in another window',
  },
  'classroom.left': {
    'zh-Hans': '你已离开教室',
    en: 'You left the classroom',
  },
  'classroom.restart': {
    'zh-Hans': '服务器正在重启，请重新连接',
    en: 'The server is restarting; reconnect',
  },
  'classroom.timeout': {
    'zh-Hans': '连接无响应，已断开',
    en: 'The connection stopped responding',
  },
  'classroom.malformed': {
    'zh-Hans': '消息格式不正确',
    en: 'The message is not valid',
  },
  'classroom.tooLarge': {
    'zh-Hans': '消息过大',
    en: 'The message is too large',
  },
  'classroom.chatEmpty': {
    'zh-Hans': '消息不能为空',
    en: 'The message cannot be empty',
  },
  'classroom.chatTooLong': {
    'zh-Hans': '消息最多 1000 个字',
    en: 'A message can have at most 1,000 characters',
  },
  'classroom.chatTooFast': {
    'zh-Hans': '发送太频繁，请稍后再试',
    en: 'You are sending too fast; wait a moment',
  },
  'classroom.websocketOnly': {
    'zh-Hans': '该地址仅接受 WebSocket 连接',
    en: 'This address takes WebSocket connections only',
  },
} as const satisfies Record<string, Bilingual>;
