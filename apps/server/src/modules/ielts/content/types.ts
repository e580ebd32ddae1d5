/**
 * Shape of the IELTS speaking content the product ships as demo data (DESIGN.md §10).
 * All text is original, written for this product.
 */
export type IeltsPart = 'part1' | 'part2' | 'part3';

export type SampleNotes = {
  /** Key vocabulary: the English term, its Chinese meaning, an optional usage note in Chinese. */
  vocabulary: { term: string; zh: string; note?: string }[];
  /** How the answer is built, in Chinese (e.g. 观点 → 原因 → 例子 → 总结). */
  structure: string;
  /** Why this answer reaches its band, in Chinese (fluency, lexis, grammar, pronunciation cues). */
  band_remarks: string;
};

export type SampleContent = {
  /** Target band of the sample, e.g. 7 or 7.5. */
  band: number;
  /** The full sample answer in English. Part 1: 60-110 words; Part 2: 230-320 words; Part 3: 90-160 words. */
  answer: string;
  notes: SampleNotes;
};

export type QuestionContent = {
  /** Stable slug unique within its topic, e.g. 'q1'. */
  key: string;
  part: IeltsPart;
  /** The question as the examiner asks it. */
  text: string;
  /** Chinese translation of the question. */
  zh: string;
  sample?: SampleContent;
};

export type TopicContent = {
  /** Stable slug, unique across the bank, e.g. 'p1-hometown'. */
  key: string;
  /** part1 topics hold part1 questions; part2 topics hold the cue card and their part3 follow-ups. */
  part: 'part1' | 'part2';
  title: { en: string; zh: string };
  /** New this season (true) or retained from the previous season (false). */
  is_new: boolean;
  tags: string[];
  /** Part 2 only. */
  cue_card?: { prompt: string; bullets: string[]; ending: string; zh: string };
  questions: QuestionContent[];
};
