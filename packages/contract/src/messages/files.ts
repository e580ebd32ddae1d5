import type { Bilingual } from '../i18n.ts';
import { MAX_FILES_AT_ONCE } from '../constants.ts';

/** Courseware (issue #15, DESIGN.md §6 /user/file/*). files.ts TOO_MANY_FILES_KEY: the rule of getDownloadUrl's ids. */
export const FILE_MESSAGES = {
  'validation.tooManyFiles': {
    'zh-Hans': `一次最多只能选择 ${MAX_FILES_AT_ONCE} 个文件`,
    en: `You can select at most ${MAX_FILES_AT_ONCE} files at once`,
  },
  'files.notFound': { 'zh-Hans': '文件不存在', en: 'File not found' },
  'files.uploadRateLimited': {
    'zh-Hans': '上传过于频繁，请 {minutes} 分钟后再试',
    en: 'Too many uploads, please try again in {minutes} minutes',
  },
  'files.linkExpired': {
    'zh-Hans': '下载链接已过期，请回到“我的课件”重新下载',
    en: 'This download link has expired, please download again from My courseware',
  },
  'files.linkInvalid': {
    'zh-Hans': '下载链接无效，请回到“我的课件”重新下载',
    en: 'This download link is not valid, please download again from My courseware',
  },
  'files.fileMissing': {
    'zh-Hans': '文件暂时无法下载，请稍后再试或联系助教',
    en: 'The file cannot be downloaded right now, please try later or contact your assistant',
  },
} as const satisfies Record<string, Bilingual>;
