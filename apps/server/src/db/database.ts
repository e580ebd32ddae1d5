import type { Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';

/**
 * Every table of the application, as the queries see it (DESIGN.md §4 portability rules):
 * timestamps are epoch milliseconds (`bigint` on PostgreSQL, read back as numbers), booleans are
 * 0/1 integers, money and counts are integers. Migrations never import these types.
 */
export type AppSettingTable = {
  key: string;
  value: string;
  updated_at: number;
};

/** IELTS speaking content (migration 0003). JSON columns hold text; `is_new` is 0/1. */
export type IeltsBankTable = {
  id: Generated<number>;
  code: string;
  title_zh: string;
  title_en: string;
  starts_on: string;
  ends_on: string;
  created_at: number;
};

export type IeltsTopicTable = {
  id: Generated<number>;
  key: string;
  part: 'part1' | 'part2';
  title_zh: string;
  title_en: string;
  /** JSON array of tag slugs. */
  tags: string;
  /** JSON cue card (Part 2 topics), null otherwise. */
  cue_card: string | null;
};

export type IeltsBankTopicTable = {
  bank_id: number;
  topic_id: number;
  is_new: number;
  sort: number;
};

export type IeltsQuestionTable = {
  id: Generated<number>;
  topic_id: number;
  key: string;
  part: 'part1' | 'part2' | 'part3';
  text: string;
  text_zh: string;
  sort: number;
};

export type IeltsSampleTable = {
  id: Generated<number>;
  question_id: number;
  band_x10: number;
  answer: string;
  /** JSON array of { term, zh, note? }. */
  vocabulary: string;
  structure: string;
  band_remarks: string;
};

export type Database = {
  app_setting: AppSettingTable;
  ielts_bank: IeltsBankTable;
  ielts_topic: IeltsTopicTable;
  ielts_bank_topic: IeltsBankTopicTable;
  ielts_question: IeltsQuestionTable;
  ielts_sample: IeltsSampleTable;
};

export type AppSetting = Selectable<AppSettingTable>;
export type NewAppSetting = Insertable<AppSettingTable>;
export type AppSettingUpdate = Updateable<AppSettingTable>;

export type Db = Kysely<Database>;
export type DbDialect = 'sqlite' | 'postgres';
