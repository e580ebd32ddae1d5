import type { Bilingual } from '../i18n.ts';

/** User centre, complaints and class reminders (issue #15). */
export const USER_MESSAGES = {
  'validation.nickTooLong': {
    'zh-Hans': '昵称最多 20 个字符',
    en: 'The nickname can be at most 20 characters',
  },
  'validation.engNameInvalid': {
    'zh-Hans': '英文名为 1-40 个英文字母，可含空格、点、撇号和连字符',
    en: 'The English name is 1-40 Latin letters, with spaces, dots, apostrophes or hyphens between them',
  },
  'validation.sexInvalid': { 'zh-Hans': '请选择性别', en: 'Please choose a valid gender' },
  'validation.birthdayInvalid': {
    'zh-Hans': '请输入有效的生日（1900 年以后，且不晚于今天）',
    en: 'Please enter a valid birthday (from 1900, not after today)',
  },
  'validation.feedbackContentTooLong': {
    'zh-Hans': '内容最多 1000 个字',
    en: 'The content can be at most 1000 characters',
  },
  'error.unknownField': {
    'zh-Hans': '不允许提交字段 {field}',
    en: 'The field {field} cannot be set here',
  },
  'user.avatarRequired': { 'zh-Hans': '请选择要上传的头像图片', en: 'Please choose an image to upload' },
  'user.avatarType': {
    'zh-Hans': '头像仅支持 PNG、JPEG 或 WebP 图片',
    en: 'The avatar must be a PNG, JPEG or WebP image',
  },
  'user.avatarTooLarge': { 'zh-Hans': '头像图片不能超过 2 MB', en: 'The avatar image must be at most 2 MB' },
  'user.profileSaved': { 'zh-Hans': '资料已保存', en: 'Profile saved' },
  'user.passwordSet': { 'zh-Hans': '密码已修改', en: 'Password changed' },
  'user.oldPasswordRequired': { 'zh-Hans': '请输入当前密码', en: 'Please enter your current password' },
  'user.oldPasswordWrong': { 'zh-Hans': '当前密码错误', en: 'The current password is wrong' },
  'user.codeRequired': {
    'zh-Hans': '你的账号还没有密码，请获取短信验证码并输入后再设置',
    en: 'Your account has no password yet: get an SMS code and enter it to set one',
  },
  'user.passwordTriesLimited': {
    'zh-Hans': '修改密码的尝试次数过多，请 {minutes} 分钟后再试',
    en: 'Too many attempts to change the password, please try again in {minutes} minutes',
  },
  'feedback.submitted': { 'zh-Hans': '反馈已提交', en: 'Feedback submitted' },
  'feedback.hourLimit': {
    'zh-Hans': '一小时内提交的反馈较多，请 {minutes} 分钟后再试',
    en: 'You have sent a lot of feedback in the past hour, please try again in {minutes} minutes',
  },
  'feedback.dayLimit': {
    'zh-Hans': '24 小时内提交的反馈已达上限，请 {hours} 小时后再试',
    en: 'You have reached the feedback limit for 24 hours, please try again in {hours} hours',
  },
} as const satisfies Record<string, Bilingual>;
