import type { Generated, Kysely } from 'kysely';

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
  /** 1 (the default) when the student wants an SMS 60 min before each class. */
  class_reminder: Generated<number>;
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
  /** Wrong tries made without the code's challenge (or with a wrong one). */
  attempts: Generated<number>;
  consumed_at: number | null;
  /** SHA-256 (hex) of the challenge the send returned (migration 0005); null for older codes. */
  challenge_hash: string | null;
  /** Wrong tries made with the matching challenge (migration 0005). */
  challenge_attempts: Generated<number>;
};

/** Code checks per client IP key (migration 0005); a row is removed again when the code was right. */
export type SmsCodeFailureTable = {
  id: Generated<number>;
  ip: string;
  at: number;
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

/**
 * Classes and the wallet (migration 0006). Ledger amounts are signed; `*_after` is the balance after
 * the entry. Flags are 0/1; `attended` is null until reported; JSON columns hold text.
 */
export type WalletTable = {
  student_id: number;
  coins: Generated<number>;
  version: Generated<number>;
  updated_at: number;
};

export type LessonCardTable = {
  id: Generated<number>;
  student_id: number;
  /** 100 exclusive-teacher card (bound to teacher_id), 200 Filipino-teacher card. */
  type: number;
  teacher_id: number | null;
  lessons_total: number;
  lessons_left: number;
  expires_at: number;
  created_at: number;
};

export type CourseTable = {
  id: Generated<number>;
  student_id: number;
  teacher_id: number;
  slot_id: number;
  start_at: number;
  end_at: number;
  /** -100 abolished, -200 cancelled, 100 not started, 200 in class, 300 over. */
  status: Generated<number>;
  pay_type: 'coin' | 'card';
  price_coins: Generated<number>;
  card_id: number | null;
  cancel_reason: string | null;
  cancel_remark: string | null;
  cancelled_at: number | null;
  late_cancel: Generated<number>;
  attended: number | null;
  classroom_url: string | null;
  playback_url: string | null;
  playback_ready_at: number | null;
  /** When the class's SMS reminder was claimed (set before sending; never sent twice). */
  reminder_sent_at: number | null;
  /** Failed sends of the reminder, and when the next try is due (null: at once). Migration 0011. */
  reminder_attempts: Generated<number>;
  reminder_next_at: number | null;
  /** Requests of the recording from the classroom provider, and when the next is due (null: at once). */
  recording_attempts: Generated<number>;
  recording_next_at: number | null;
  created_at: number;
};

export type CoinLogTable = {
  id: Generated<number>;
  student_id: number;
  type: number;
  amount: number;
  balance_after: number;
  course_id: number | null;
  order_no: string | null;
  remark: Generated<string>;
  created_at: number;
};

/** The number of a student's coin_log entries of one type, kept by triggers (migration 0020). */
export type CoinLogTallyTable = {
  student_id: number;
  type: number;
  entries: number;
};

/** The number of a student's classes of one outcome, kept by triggers (migration 0021). */
export type CourseOutcomeTallyTable = {
  student_id: number;
  outcome: 'attended' | 'missed' | 'cancelled' | 'called_off';
  entries: number;
};

export type CardLogTable = {
  id: Generated<number>;
  card_id: number;
  student_id: number;
  type: number;
  amount: number;
  lessons_after: number;
  course_id: number | null;
  remark: Generated<string>;
  created_at: number;
};

export type CourseReviewTable = {
  id: Generated<number>;
  course_id: number;
  student_id: number;
  teacher_id: number;
  rating: number;
  tags: Generated<string>;
  content: Generated<string>;
  created_at: number;
};

export type TeacherReportTable = {
  id: Generated<number>;
  course_id: number;
  student_id: number;
  teacher_id: number;
  /** JSON object: skill → 1-5. */
  scores: Generated<string>;
  comment: Generated<string>;
  homework: Generated<string>;
  created_at: number;
  read_at: number | null;
};

export type IdempotencyRecordTable = {
  student_id: number;
  scope: string;
  key: string;
  request_hash: string;
  status: 'running' | 'done';
  /** JSON of the stored reply; null while running. */
  response: string | null;
  created_at: number;
};

export type CalendarTokenTable = {
  student_id: number;
  token_hash: string;
  created_at: number;
};

/**
 * Recharge and payment (migration 0007). Money is integer fen; `product` and `pay_action` are JSON
 * text; `flagged` is 0/1.
 */
export type PayProductTable = {
  id: Generated<number>;
  kind: 'coin' | 'card';
  title_zh: string;
  title_en: string;
  price_fen: number;
  coins: Generated<number>;
  bonus_coins: Generated<number>;
  /** 100 exclusive-teacher card, 200 Filipino-teacher card; null for coin packages. */
  card_type: number | null;
  lessons: Generated<number>;
  validity_days: Generated<number>;
  active: Generated<number>;
  sort: Generated<number>;
  created_at: number;
};

export type PayOrderTable = {
  id: Generated<number>;
  order_no: string;
  student_id: number;
  product_id: number;
  /** JSON snapshot of the product when ordered. */
  product: string;
  kind: 'coin' | 'card';
  amount_fen: number;
  pay_method: 'wechat' | 'alipay';
  /** The driver that opened the payment. */
  provider: 'sandbox' | 'alipay' | 'wechat';
  /** JSON {qr_code} | {redirect_url}. */
  pay_action: string;
  /** 0 awaiting payment, 200 paid, 500 closed. */
  status: Generated<number>;
  teacher_id: number | null;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  closed_at: number | null;
  transaction_id: string | null;
  /** 1: paid after it was closed (the money was taken, so it was credited); shown to staff for review. */
  flagged: Generated<number>;
  card_id: number | null;
  /** Reconciliation (migration 0011): queries made, and when the next is due (0: at the next run; null: settled). */
  check_attempts: Generated<number>;
  check_next_at: Generated<number | null>;
};

export type PaymentEventTable = {
  id: Generated<number>;
  provider: string;
  order_no: string | null;
  source: 'notify' | 'reconcile' | 'cashier';
  outcome: 'credited' | 'credited_after_close' | 'duplicate' | 'ignored' | 'rejected';
  reason: Generated<string>;
  transaction_id: string | null;
  amount_fen: number | null;
  at: number;
};

export type SandboxPaymentTable = {
  order_no: string;
  transaction_id: string;
  amount_fen: number;
  paid_at: number;
};

/** A student's complaint or suggestion (POST /user/addStudentComplaint) and the school's reply. */
export type FeedbackTable = {
  id: Generated<number>;
  student_id: number;
  type: string;
  content: string;
  mobile: Generated<string>;
  /** 0 pending, 1 processed, 2 closed. */
  state: Generated<number>;
  reply: string | null;
  reply_at: number | null;
  created_at: number;
};

/** Courseware folders and files assigned to a student (a tree; `parent_id` 0 is the root). */
export type CoursewareItemTable = {
  id: Generated<number>;
  student_id: number;
  parent_id: Generated<number>;
  is_folder: Generated<number>;
  /** audio | video | image | word | excel | ppt | pdf | other | folder */
  kind: string;
  name: string;
  size_bytes: Generated<number>;
  mime: Generated<string>;
  /** Key in the file store (providers/storage); null for a folder. */
  storage_key: string | null;
  /** The class the file is attached to (shown on its page), if any. */
  course_id: number | null;
  created_at: number;
};

/** One command of the operations CLI (src/ops): who, what, when, before and after (JSON). */
export type OpsAuditTable = {
  id: Generated<number>;
  actor: string;
  command: string;
  args: string;
  before: string;
  after: string;
  at: number;
};

/** Counted actions of a student for the per-student limits (migration 0012). */
export type StudentQuotaEventTable = {
  id: Generated<number>;
  student_id: number;
  action: string;
  at: number;
};

/** One stay of a seat in a class's live room (migration 0015); left_at null while still there. */
export type ClassAttendanceTable = {
  id: Generated<number>;
  course_id: number;
  seat: 'student' | 'teacher';
  joined_at: number;
  left_at: number | null;
};

/** A teacher's phone on record, where the live room's link is sent (migration 0015); never public. */
export type TeacherContactTable = {
  teacher_id: number;
  phone: string;
  updated_at: number;
};

/** The recording of a class's live room (migration 0016): open while chunks come, then final. */
export type ClassRecordingTable = {
  course_id: number;
  state: 'open' | 'final';
  size: number;
  duration_ms: number;
  started_at: number;
  updated_at: number;
  claimed_at: number | null;
  final_key: string | null;
  finalised_at: number | null;
};

/** A stored chunk of a class's recording (migration 0016). */
export type ClassRecordingChunkTable = {
  course_id: number;
  n: number;
  size: number;
  head: number;
  received_at: number;
};

/** A class's notice claimed before it is sent, so it goes out once across instances (migration 0015). */
export type ClassNoticeTable = {
  course_id: number;
  kind: string;
  claimed_at: number;
};

/**
 * A student's version of what their cached reads show (migration 0017): bumped by triggers on every
 * write to those rows; no row reads as 0.
 */
export type StudentReadsVersionTable = {
  student_id: number;
  version: number;
};

export type Database = {
  app_setting: AppSettingTable;
  student: StudentTable;
  session_family: SessionFamilyTable;
  refresh_token: RefreshTokenTable;
  sms_code: SmsCodeTable;
  sms_send: SmsSendTable;
  sms_budget: SmsBudgetTable;
  sms_code_failure: SmsCodeFailureTable;
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
  wallet: WalletTable;
  lesson_card: LessonCardTable;
  course: CourseTable;
  coin_log: CoinLogTable;
  coin_log_tally: CoinLogTallyTable;
  course_outcome_tally: CourseOutcomeTallyTable;
  card_log: CardLogTable;
  course_review: CourseReviewTable;
  teacher_report: TeacherReportTable;
  idempotency_record: IdempotencyRecordTable;
  calendar_token: CalendarTokenTable;
  pay_product: PayProductTable;
  pay_order: PayOrderTable;
  payment_event: PaymentEventTable;
  sandbox_payment: SandboxPaymentTable;
  ops_audit: OpsAuditTable;
  courseware_item: CoursewareItemTable;
  feedback: FeedbackTable;
  student_quota_event: StudentQuotaEventTable;
  class_attendance: ClassAttendanceTable;
  class_notice: ClassNoticeTable;
  teacher_contact: TeacherContactTable;
  class_recording: ClassRecordingTable;
  class_recording_chunk: ClassRecordingChunkTable;
  student_reads_version: StudentReadsVersionTable;
};

export type Db = Kysely<Database>;
export type DbDialect = 'sqlite' | 'postgres';
