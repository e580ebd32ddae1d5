import { z } from 'zod';
import { IELTS_PART_VALUES, type IeltsPart } from './ielts-parts.ts';
import { ID_MAX, queryIdSchema } from './ids.ts';
import { pageQuerySchema } from './paging.ts';

/**
 * IELTS speaking (DESIGN.md §6 /ielts/*, issue #5): question banks by season ("issues"), topics
 * (question sets) of Part 1 and Part 2 (a cue card with its Part 3 follow-ups), questions and sample
 * answers. Content is bilingual by nature (English questions and answers, Chinese translations and
 * notes), so replies carry both languages and the web app picks; only `msg` follows api-language.
 */

// The parts without zod, for screens that only label them (ielts-parts.ts).
export { IELTS_PARTS, IELTS_PART_VALUES, type IeltsPart } from './ielts-parts.ts';

export const ieltsPartSchema = z.enum(IELTS_PART_VALUES);

/** Topics are filed under Part 1 or Part 2; Part 3 questions live in Part 2 topics. */
export const IELTS_TOPIC_PARTS = ['part1', 'part2'] as const;
export type IeltsTopicPart = (typeof IELTS_TOPIC_PARTS)[number];

/**
 * Exam timing used by the practice mode (seconds): Part 2 has one minute of preparation and up to
 * two minutes of talk; Part 1 and Part 3 answers are short (about 30 s and 1 min).
 */
export const IELTS_TIMING = {
  part1: { prepare: 0, answer: 30 },
  part2: { prepare: 60, answer: 120 },
  part3: { prepare: 0, answer: 60 },
} as const satisfies Record<IeltsPart, { prepare: number; answer: number }>;

/** Keyword filter of the sample list: longer input is refused (400), not truncated. */
export const IELTS_KEYWORD_MAX = 100;
/** Largest id accepted: ids are 32-bit integers on both databases. */
export const IELTS_ID_MAX = ID_MAX;

/** Every IELTS id travels in a query string: plain decimal digits (ids.ts). */
const idSchema = queryIdSchema;

export const bilingualSchema = z.object({ 'zh-Hans': z.string(), en: z.string() });

// ---- requests --------------------------------------------------------------------------------------

export const ieltsIssueDetailQuerySchema = z.object({
  type: ieltsPartSchema,
  /** The bank; the current one when absent. */
  id: idSchema.optional(),
});
export type IeltsIssueDetailQuery = z.infer<typeof ieltsIssueDetailQuerySchema>;

export const ieltsSampleListQuerySchema = pageQuerySchema.extend({
  part: ieltsPartSchema.optional(),
  /** The bank; the current one when absent. */
  issue_id: idSchema.optional(),
  /** Matches question text (English or Chinese) and topic title, case-insensitively. */
  keyword: z.string().trim().max(IELTS_KEYWORD_MAX).optional(),
});
export type IeltsSampleListQuery = z.infer<typeof ieltsSampleListQuerySchema>;

export const ieltsSampleInfoQuerySchema = z.object({
  /** The topic (question set). */
  id: idSchema,
  /** The bank the topic is viewed in (new/retained is relative to it); a default is chosen when absent. */
  issue_id: idSchema.optional(),
});
export type IeltsSampleInfoQuery = z.infer<typeof ieltsSampleInfoQuerySchema>;

export const ieltsQuestionInfoQuerySchema = z.object({ id: idSchema });
export type IeltsQuestionInfoQuery = z.infer<typeof ieltsQuestionInfoQuerySchema>;

// ---- replies ---------------------------------------------------------------------------------------

export const ieltsIssueSchema = z.object({
  id: z.number().int(),
  /** Season code, e.g. '2026-09' (banks change in January, May and September). */
  code: z.string(),
  title: bilingualSchema,
  /** First and last day of the season, YYYY-MM-DD. */
  starts_on: z.string(),
  ends_on: z.string(),
  is_current: z.boolean(),
  part1_topics: z.number().int(),
  part2_topics: z.number().int(),
  part3_questions: z.number().int(),
  new_topics: z.number().int(),
  retained_topics: z.number().int(),
  samples: z.number().int(),
});
export type IeltsIssue = z.infer<typeof ieltsIssueSchema>;

export const ieltsCueCardSchema = z.object({
  prompt: z.string(),
  bullets: z.array(z.string()),
  ending: z.string(),
  zh: z.string(),
});
export type IeltsCueCard = z.infer<typeof ieltsCueCardSchema>;

export const ieltsNotesSchema = z.object({
  vocabulary: z.array(z.object({ term: z.string(), zh: z.string(), note: z.string().nullable() })),
  structure: z.string(),
  band_remarks: z.string(),
});
export type IeltsNotes = z.infer<typeof ieltsNotesSchema>;

export const ieltsSampleSchema = z.object({
  /** Target band, e.g. 7.5 (stored as tenths). */
  band: z.number(),
  answer: z.string(),
  word_count: z.number().int(),
  notes: ieltsNotesSchema,
});
export type IeltsSample = z.infer<typeof ieltsSampleSchema>;

export const ieltsQuestionBriefSchema = z.object({
  id: z.number().int(),
  part: ieltsPartSchema,
  text: z.string(),
  text_zh: z.string(),
  has_sample: z.boolean(),
});
export type IeltsQuestionBrief = z.infer<typeof ieltsQuestionBriefSchema>;

export const ieltsQuestionSchema = ieltsQuestionBriefSchema.extend({
  sample: ieltsSampleSchema.nullable(),
});
export type IeltsQuestion = z.infer<typeof ieltsQuestionSchema>;

export const ieltsTopicSummarySchema = z.object({
  id: z.number().int(),
  part: z.enum(IELTS_TOPIC_PARTS),
  title: bilingualSchema,
  /** New in the bank it is listed for (false: retained from the previous season). */
  is_new: z.boolean(),
  tags: z.array(z.string()),
  cue_card: ieltsCueCardSchema.nullable(),
  question_count: z.number().int(),
  sample_count: z.number().int(),
});
export type IeltsTopicSummary = z.infer<typeof ieltsTopicSummarySchema>;

/** getIssueDetail: the topics of one part of a bank; `questions` holds only that part's questions. */
export const ieltsIssueDetailSchema = z.object({
  issue: ieltsIssueSchema,
  type: ieltsPartSchema,
  topics: z.array(ieltsTopicSummarySchema.extend({ questions: z.array(ieltsQuestionBriefSchema) })),
});
export type IeltsIssueDetail = z.infer<typeof ieltsIssueDetailSchema>;

/** One record of getSampleList: a question that has a sample answer, with its topic. */
export const ieltsSampleRecordSchema = z.object({
  question_id: z.number().int(),
  part: ieltsPartSchema,
  text: z.string(),
  text_zh: z.string(),
  band: z.number(),
  /** The opening of the answer. */
  excerpt: z.string(),
  issue_id: z.number().int(),
  topic: z.object({
    id: z.number().int(),
    part: z.enum(IELTS_TOPIC_PARTS),
    title: bilingualSchema,
    is_new: z.boolean(),
  }),
});
export type IeltsSampleRecord = z.infer<typeof ieltsSampleRecordSchema>;

const issueRefSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: bilingualSchema,
  is_current: z.boolean(),
});
export type IeltsIssueRef = z.infer<typeof issueRefSchema>;

/** getSampleInfo: a topic (the "sample view") with every question and its sample. */
export const ieltsSampleInfoSchema = ieltsTopicSummarySchema.extend({
  issue: issueRefSchema,
  /** Every bank holding this topic, newest first. */
  issues: z.array(issueRefSchema.extend({ is_new: z.boolean() })),
  questions: z.array(ieltsQuestionSchema),
});
export type IeltsSampleInfo = z.infer<typeof ieltsSampleInfoSchema>;

/** getQuestionInfo: one question (the TiMu route) with its topic and neighbours in the topic. */
export const ieltsQuestionInfoSchema = z.object({
  question: ieltsQuestionSchema,
  topic: z.object({
    id: z.number().int(),
    part: z.enum(IELTS_TOPIC_PARTS),
    title: bilingualSchema,
    cue_card: ieltsCueCardSchema.nullable(),
  }),
  prev: ieltsQuestionBriefSchema.nullable(),
  next: ieltsQuestionBriefSchema.nullable(),
});
export type IeltsQuestionInfo = z.infer<typeof ieltsQuestionInfoSchema>;

/** Band as stored (integer tenths, for portability) → as shown. */
export function bandFromX10(bandX10: number): number {
  return bandX10 / 10;
}
