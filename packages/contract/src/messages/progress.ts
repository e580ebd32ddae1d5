import type { Bilingual } from '../i18n.ts';

/** GET /user/getProgress (issue 37): why a period was refused. */
export const PROGRESS_MESSAGES = {
  'validation.progressDate': {
    'zh-Hans': '日期格式不正确，请使用 YYYY-MM-DD',
    en: 'The date is invalid; use YYYY-MM-DD',
  },
  'validation.progressOrder': {
    'zh-Hans': '开始日期不能晚于结束日期',
    en: 'The start date cannot be after the end date',
  },
  'validation.progressRange': {
    'zh-Hans': '时间范围最长为两年',
    en: 'The period can be at most two years',
  },
} as const satisfies Record<string, Bilingual>;
