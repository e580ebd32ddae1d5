import { REVIEW_TAGS, TEACHER_TAGS } from '@app/contract/enums';
import type { Bilingual } from '@app/contract/i18n';

export type TagLabel = { value: string; label: Bilingual; color?: string };

/**
 * Labels of the teacher and review tags by key. They come from the contract's enums module, which
 * holds no zod schemas, so the first screen shows them without loading zod (issue 16).
 */
export const TAG_LABELS = {
  teacher: new Map<string, TagLabel>(TEACHER_TAGS.map((t) => [t.value, t])),
  review: new Map<string, TagLabel>(REVIEW_TAGS.map((t) => [t.value, t])),
};
