import dayjs from 'dayjs';
import updateLocale from 'dayjs/plugin/updateLocale';
import 'dayjs/locale/zh-cn';
import type { Lang } from '@app/contract/i18n';
import { dayjsLocaleOf } from './i18n/language.ts';

dayjs.extend(updateLocale);
// Weeks start on Monday in both languages (DESIGN.md §8); zh-cn already does, en does not.
dayjs.updateLocale('en', { weekStart: 1 });
dayjs.updateLocale('zh-cn', { weekStart: 1 });

export function applyDateLocale(lang: Lang): void {
  dayjs.locale(dayjsLocaleOf(lang));
}
