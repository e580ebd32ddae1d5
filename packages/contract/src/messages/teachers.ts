import type { Bilingual } from '../i18n.ts';

/** Teachers and favourites (issue #4). */
export const TEACHER_MESSAGES = {
  'teacher.notFound': { 'zh-Hans': '老师不存在', en: 'Teacher not found' },
  'teacher.likeDone': { 'zh-Hans': '操作完成', en: 'Operation complete' },
} as const satisfies Record<string, Bilingual>;
