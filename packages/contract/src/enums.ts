import type { Bilingual } from './i18n.ts';

/**
 * Every enumeration of SPEC.md §3 with its labels in both languages. These are the single source
 * of the values: the server validates against them and serves them as dictionaries, the web app
 * renders their labels.
 */
export type EnumItem<V extends string | number = string | number> = {
  value: V;
  label: Bilingual;
  /** antd tag colour or a CSS colour; optional. */
  color?: string;
};

function items<const T extends readonly EnumItem[]>(list: T): T {
  return list;
}

export const TEACHER_LEVELS = items([
  { value: 100, label: { 'zh-Hans': '专业', en: 'Professional' }, color: 'blue' },
  { value: 200, label: { 'zh-Hans': '资深', en: 'Senior' }, color: 'purple' },
  { value: 300, label: { 'zh-Hans': '超级导师', en: 'Super tutor' }, color: 'gold' },
] as const);
export type TeacherLevel = (typeof TEACHER_LEVELS)[number]['value'];

export const CARD_TYPES = items([
  { value: 100, label: { 'zh-Hans': '专属老师卡', en: 'Exclusive-teacher card' }, color: 'magenta' },
  { value: 200, label: { 'zh-Hans': '菲律宾老师卡', en: 'Filipino-teacher card' }, color: 'cyan' },
] as const);
export type CardType = (typeof CARD_TYPES)[number]['value'];

export const CARD_LOG_TYPES = items([
  { value: 1, label: { 'zh-Hans': '充值', en: 'Recharge' }, color: 'green' },
  { value: 2, label: { 'zh-Hans': '预约课程', en: 'Book class' }, color: 'blue' },
  { value: 3, label: { 'zh-Hans': '取消预约', en: 'Cancel reservation' }, color: 'orange' },
  { value: 6, label: { 'zh-Hans': '手动扣除', en: 'Manual deduction' }, color: 'red' },
  { value: 7, label: { 'zh-Hans': '补偿', en: 'Compensation' }, color: 'gold' },
] as const);
export type CardLogType = (typeof CARD_LOG_TYPES)[number]['value'];

export const COIN_LOG_TYPES = items([
  { value: 100, label: { 'zh-Hans': '手动增加', en: 'Manual increase' }, color: 'green' },
  { value: 200, label: { 'zh-Hans': '手动减少', en: 'Manual reduction' }, color: 'red' },
  { value: 300, label: { 'zh-Hans': '充值', en: 'Recharge' }, color: 'green' },
  { value: 400, label: { 'zh-Hans': '清零', en: 'Clear' }, color: 'default' },
  { value: 500, label: { 'zh-Hans': '预约课程', en: 'Reserve class' }, color: 'blue' },
  { value: 600, label: { 'zh-Hans': '取消课程', en: 'Cancel class' }, color: 'orange' },
  { value: 700, label: { 'zh-Hans': '老师缺席补偿', en: 'Compensation for no-show' }, color: 'gold' },
  { value: 800, label: { 'zh-Hans': '赠送', en: 'Bonus' }, color: 'magenta' },
] as const);
export type CoinLogType = (typeof COIN_LOG_TYPES)[number]['value'];

export const COURSE_STATUSES = items([
  { value: -100, label: { 'zh-Hans': '已作废', en: 'Called off' }, color: 'red' },
  { value: -200, label: { 'zh-Hans': '已取消预约', en: 'Reservation cancelled' }, color: 'default' },
  { value: 100, label: { 'zh-Hans': '未开始', en: 'Not started' }, color: 'blue' },
  { value: 200, label: { 'zh-Hans': '上课中', en: 'In class' }, color: 'green' },
  { value: 300, label: { 'zh-Hans': '已结束', en: 'Over' }, color: 'default' },
] as const);
export type CourseStatus = (typeof COURSE_STATUSES)[number]['value'];

export const PAY_ORDER_STATUSES = items([
  { value: 0, label: { 'zh-Hans': '待支付', en: 'Awaiting payment' }, color: 'orange' },
  { value: 200, label: { 'zh-Hans': '已支付', en: 'Paid' }, color: 'green' },
  { value: 500, label: { 'zh-Hans': '已关闭', en: 'Closed' }, color: 'default' },
] as const);
export type PayOrderStatus = (typeof PAY_ORDER_STATUSES)[number]['value'];

export const PAY_METHODS = items([
  { value: 'wechat', label: { 'zh-Hans': '微信支付', en: 'WeChat Pay' }, color: '#07c160' },
  { value: 'alipay', label: { 'zh-Hans': '支付宝', en: 'Alipay' }, color: '#1677ff' },
] as const);
export type PayMethod = (typeof PAY_METHODS)[number]['value'];

export const SEXES = items([
  { value: 0, label: { 'zh-Hans': '未设置', en: 'Unset' } },
  { value: 1, label: { 'zh-Hans': '男', en: 'Male' } },
  { value: 2, label: { 'zh-Hans': '女', en: 'Female' } },
] as const);
export type Sex = (typeof SEXES)[number]['value'];

/** Nationality codes exactly as SPEC.md §3 spells them (note `Mas`). `flag` is the ISO 3166 alpha-2 code. */
export const NATIONALITIES = [
  { value: 'AUS', flag: 'AU', label: { 'zh-Hans': '澳大利亚', en: 'Australia' } },
  { value: 'CAN', flag: 'CA', label: { 'zh-Hans': '加拿大', en: 'Canada' } },
  { value: 'CHN', flag: 'CN', label: { 'zh-Hans': '中国', en: 'China' } },
  { value: 'DXB', flag: 'AE', label: { 'zh-Hans': '迪拜', en: 'Dubai' } },
  { value: 'GBR', flag: 'GB', label: { 'zh-Hans': '英国', en: 'United Kingdom' } },
  { value: 'IND', flag: 'IN', label: { 'zh-Hans': '印度', en: 'India' } },
  { value: 'Mas', flag: 'MY', label: { 'zh-Hans': '马来西亚', en: 'Malaysia' } },
  { value: 'NGA', flag: 'NG', label: { 'zh-Hans': '尼日利亚', en: 'Nigeria' } },
  { value: 'PH', flag: 'PH', label: { 'zh-Hans': '菲律宾', en: 'Philippines' } },
  { value: 'PK', flag: 'PK', label: { 'zh-Hans': '巴基斯坦', en: 'Pakistan' } },
  { value: 'USA', flag: 'US', label: { 'zh-Hans': '美国', en: 'United States' } },
  { value: 'UZ', flag: 'UZ', label: { 'zh-Hans': '乌兹别克斯坦', en: 'Uzbekistan' } },
  { value: 'ZAF', flag: 'ZA', label: { 'zh-Hans': '南非', en: 'South Africa' } },
] as const satisfies readonly (EnumItem<string> & { flag: string })[];
export type Nationality = (typeof NATIONALITIES)[number]['value'];

/** Teacher languages; the values are SPEC.md's pinyin keys (`hanyu` is labelled Korean there). */
export const TEACHER_LANGUAGES = items([
  { value: 'yingyu', label: { 'zh-Hans': '英语', en: 'English' } },
  { value: 'riyu', label: { 'zh-Hans': '日语', en: 'Japanese' } },
  { value: 'hanyu', label: { 'zh-Hans': '韩语', en: 'Korean' } },
  { value: 'eyu', label: { 'zh-Hans': '俄语', en: 'Russian' } },
] as const);
export type TeacherLanguage = (typeof TEACHER_LANGUAGES)[number]['value'];

export const FEEDBACK_TYPES = items([
  { value: 'bug', label: { 'zh-Hans': '系统问题', en: 'Bug' }, color: 'red' },
  { value: 'teacher', label: { 'zh-Hans': '投诉老师', en: 'Teacher complaint' }, color: 'orange' },
  { value: 'course', label: { 'zh-Hans': '投诉课程', en: 'Course complaint' }, color: 'gold' },
  { value: 'suggestion', label: { 'zh-Hans': '建议', en: 'Suggestion' }, color: 'blue' },
  { value: 'other', label: { 'zh-Hans': '其他', en: 'Other' }, color: 'default' },
] as const);
export type FeedbackType = (typeof FEEDBACK_TYPES)[number]['value'];

export const FEEDBACK_STATES = items([
  { value: 0, label: { 'zh-Hans': '待处理', en: 'Pending' }, color: 'orange' },
  { value: 1, label: { 'zh-Hans': '已处理', en: 'Processed' }, color: 'green' },
  { value: 2, label: { 'zh-Hans': '已关闭', en: 'Closed' }, color: 'default' },
] as const);
export type FeedbackState = (typeof FEEDBACK_STATES)[number]['value'];

export const CANCEL_REASONS = items([
  { value: 'emergency', label: { 'zh-Hans': '突发紧急情况', en: 'Emergency' } },
  { value: 'personal', label: { 'zh-Hans': '个人原因', en: 'Personal reasons' } },
  { value: 'reschedule', label: { 'zh-Hans': '需要改期', en: 'Reschedule' } },
  { value: 'scheduleConflict', label: { 'zh-Hans': '时间冲突', en: 'Schedule conflict' } },
  { value: 'other', label: { 'zh-Hans': '其他', en: 'Other' } },
] as const);
export type CancelReason = (typeof CANCEL_REASONS)[number]['value'];

export const RADAR_DIMENSIONS = items([
  { value: 'education', label: { 'zh-Hans': '教育背景', en: 'Education' } },
  { value: 'experience', label: { 'zh-Hans': '教学经验', en: 'Experience' } },
  { value: 'interaction', label: { 'zh-Hans': '课堂互动', en: 'Interaction' } },
  { value: 'pronunciation', label: { 'zh-Hans': '发音', en: 'Pronunciation' } },
  { value: 'rating', label: { 'zh-Hans': '学员评分', en: 'Rating' } },
] as const);
export type RadarDimension = (typeof RADAR_DIMENSIONS)[number]['value'];

/** Helper: the tuple of values of an enumeration, for z.enum / z.union. */
export function valuesOf<T extends readonly { value: string | number }[]>(list: T): T[number]['value'][] {
  return list.map((i) => i.value);
}

/** The label of a value in a language, or the raw value when unknown. */
export function labelOf(
  list: readonly { value: string | number; label: Bilingual }[],
  value: string | number,
  lang: keyof Bilingual,
): string {
  return list.find((i) => i.value === value)?.label[lang] ?? String(value);
}

// Teacher and review tags live here, not in teachers.ts with its zod schemas, so the web app's first
// screen can show their labels without loading zod.

/** What a teacher teaches best; stored as keys, shown with these labels. */
export const TEACHER_TAGS = [
  { value: 'ielts', label: { 'zh-Hans': '雅思', en: 'IELTS' }, color: 'red' },
  { value: 'business', label: { 'zh-Hans': '商务英语', en: 'Business' }, color: 'blue' },
  { value: 'kids', label: { 'zh-Hans': '少儿', en: 'Kids' }, color: 'orange' },
  { value: 'pronunciation', label: { 'zh-Hans': '发音纠正', en: 'Pronunciation' }, color: 'purple' },
  { value: 'travel', label: { 'zh-Hans': '旅游口语', en: 'Travel' }, color: 'cyan' },
  { value: 'grammar', label: { 'zh-Hans': '语法', en: 'Grammar' }, color: 'geekblue' },
  { value: 'conversation', label: { 'zh-Hans': '日常会话', en: 'Conversation' }, color: 'green' },
  { value: 'beginner', label: { 'zh-Hans': '零基础', en: 'Beginners' }, color: 'lime' },
  { value: 'interview', label: { 'zh-Hans': '面试准备', en: 'Job interviews' }, color: 'gold' },
  { value: 'exam', label: { 'zh-Hans': '考试备考', en: 'Exam preparation' }, color: 'volcano' },
  { value: 'writing', label: { 'zh-Hans': '写作', en: 'Writing' }, color: 'magenta' },
  { value: 'culture', label: { 'zh-Hans': '文化交流', en: 'Culture' }, color: 'default' },
] as const satisfies readonly EnumItem<string>[];
export type TeacherTag = (typeof TEACHER_TAGS)[number]['value'];
export const TEACHER_TAG_VALUES = valuesOf(TEACHER_TAGS) as [TeacherTag, ...TeacherTag[]];

/** What students praise in their lesson reviews; stored as keys. */
export const REVIEW_TAGS = [
  { value: 'patient', label: { 'zh-Hans': '耐心', en: 'Patient' } },
  { value: 'fun', label: { 'zh-Hans': '有趣', en: 'Fun' } },
  { value: 'clear', label: { 'zh-Hans': '讲解清楚', en: 'Clear explanations' } },
  { value: 'prepared', label: { 'zh-Hans': '备课充分', en: 'Well prepared' } },
  { value: 'punctual', label: { 'zh-Hans': '准时', en: 'Punctual' } },
  { value: 'encouraging', label: { 'zh-Hans': '善于鼓励', en: 'Encouraging' } },
  { value: 'accent', label: { 'zh-Hans': '发音标准', en: 'Clear accent' } },
  { value: 'corrections', label: { 'zh-Hans': '纠错细致', en: 'Careful corrections' } },
] as const satisfies readonly EnumItem<string>[];
export type ReviewTag = (typeof REVIEW_TAGS)[number]['value'];
export const REVIEW_TAG_VALUES = valuesOf(REVIEW_TAGS) as [ReviewTag, ...ReviewTag[]];
