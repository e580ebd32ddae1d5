import type { Lang } from '@app/contract/i18n';
import { en } from './en.ts';
import type { HelpContent } from './types.ts';
import { zhHans } from './zh-Hans.ts';

/** The help pages' text by language. */
export const helpContent: Record<Lang, HelpContent> = { 'zh-Hans': zhHans, en };
