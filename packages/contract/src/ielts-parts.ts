import type { EnumItem } from './enums.ts';

/**
 * The three parts of the IELTS speaking test with their labels, in a module of their own without
 * zod, so a screen that only labels parts (the IELTS overview) does not load the schemas (issue 16).
 * ielts.ts re-exports them beside the schemas.
 */
export const IELTS_PARTS = [
  {
    value: 'part1',
    label: { 'zh-Hans': 'Part 1 问答', en: 'Part 1: Interview' },
    color: 'blue',
  },
  {
    value: 'part2',
    label: { 'zh-Hans': 'Part 2 话题卡', en: 'Part 2: Cue card' },
    color: 'purple',
  },
  {
    value: 'part3',
    label: { 'zh-Hans': 'Part 3 讨论', en: 'Part 3: Discussion' },
    color: 'gold',
  },
] as const satisfies readonly EnumItem<string>[];

export const IELTS_PART_VALUES = ['part1', 'part2', 'part3'] as const;
export type IeltsPart = (typeof IELTS_PART_VALUES)[number];
