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

/** Accounts and sessions (migration 0002). */
export type StudentTable = {
  id: Generated<number>;
  mobile: string;
  password_hash: string | null;
  nick: string;
  eng_name: Generated<string>;
  pic: Generated<string>;
  /** 0 unset, 1 male, 2 female. */
  sex: Generated<number>;
  /** YYYY-MM-DD or null. */
  birthday: string | null;
  created_at: number;
  updated_at: number;
};

export type SessionFamilyTable = {
  id: string;
  student_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
};

export type RefreshTokenTable = {
  token_hash: string;
  family_id: string;
  created_at: number;
  used_at: number | null;
};

export type SmsCodeTable = {
  id: Generated<number>;
  mobile: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: Generated<number>;
  consumed_at: number | null;
};

export type SmsSendTable = {
  id: Generated<number>;
  mobile: string;
  ip: string;
  sent_at: number;
};

export type SmsBudgetTable = {
  day: string;
  used: number;
};

export type PasswordAttemptTable = {
  id: Generated<number>;
  mobile: string;
  ip: string;
  at: number;
  outcome: 'pending' | 'ok' | 'fail';
};

/** Teachers (migration 0004). Flags are 0/1; `tags` is a JSON array of keys; rating in hundredths. */
export type TeacherTable = {
  id: Generated<number>;
  name: string;
  avatar: string;
  nationality: string;
  level: number;
  price_coins: number;
  intro_zh: Generated<string>;
  intro_en: Generated<string>;
  intro_video: string | null;
  tags: Generated<string>;
  radar_education: Generated<number>;
  radar_experience: Generated<number>;
  radar_interaction: Generated<number>;
  radar_pronunciation: Generated<number>;
  radar_rating: Generated<number>;
  rating_x100: Generated<number>;
  lesson_count: Generated<number>;
  refuses_frequent_cancellers: Generated<number>;
  active: Generated<number>;
  is_demo: Generated<number>;
  created_at: number;
};

export type TeacherLanguageTable = {
  teacher_id: number;
  language: string;
};

export type TeacherSlotTable = {
  id: Generated<number>;
  teacher_id: number;
  start_at: number;
  end_at: number;
  state: Generated<'free' | 'booked' | 'closed'>;
  /** Derived (generated column): minute of the UTC day of start_at. */
  start_minute: Generated<number>;
};

export type TeacherReviewTable = {
  id: Generated<number>;
  teacher_id: number;
  student_id: number | null;
  student_nick: string;
  rating: number;
  tags: Generated<string>;
  content: string;
  created_at: number;
};

export type FavouriteTeacherTable = {
  student_id: number;
  teacher_id: number;
  created_at: number;
};

export type Database = {
  app_setting: AppSettingTable;
  student: StudentTable;
  session_family: SessionFamilyTable;
  refresh_token: RefreshTokenTable;
  sms_code: SmsCodeTable;
  sms_send: SmsSendTable;
  sms_budget: SmsBudgetTable;
  password_attempt: PasswordAttemptTable;
  ielts_bank: IeltsBankTable;
  ielts_topic: IeltsTopicTable;
  ielts_bank_topic: IeltsBankTopicTable;
  ielts_question: IeltsQuestionTable;
  ielts_sample: IeltsSampleTable;
  teacher: TeacherTable;
  teacher_language: TeacherLanguageTable;
  teacher_slot: TeacherSlotTable;
  teacher_review: TeacherReviewTable;
  favourite_teacher: FavouriteTeacherTable;
};

export type AppSetting = Selectable<AppSettingTable>;
export type NewAppSetting = Insertable<AppSettingTable>;
export type AppSettingUpdate = Updateable<AppSettingTable>;

export type Db = Kysely<Database>;
export type DbDialect = 'sqlite' | 'postgres';
