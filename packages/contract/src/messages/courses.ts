import type { Bilingual } from '../i18n.ts';

/** Booking, classes and the wallet (issue #13, DESIGN.md §7 "Booking", "Cancelling", "Wallet"). */
export const COURSE_MESSAGES = {
  'booking.slotNotFound': { 'zh-Hans': '该时段不存在', en: 'This time slot does not exist' },
  'booking.slotTaken': {
    'zh-Hans': '该时段已被预约，请选择其他时段',
    en: 'This time slot has just been booked, please choose another one',
  },
  'booking.tooSoon': {
    'zh-Hans': '课程需至少提前 {minutes} 分钟预约，请选择更晚的时段',
    en: 'Classes must be booked at least {minutes} minutes before they start, please choose a later slot',
  },
  'booking.tooFarAhead': {
    'zh-Hans': '最多只能预约 {days} 天内的课程',
    en: 'Classes can be booked at most {days} days ahead',
  },
  'booking.slotPassed': {
    'zh-Hans': '该时段已开始或已结束，无法预约',
    en: 'This time slot has already started or ended',
  },
  'booking.overlap': {
    'zh-Hans': '你在该时间已有一节课，同一时间不能上两节课',
    en: 'You already have a class at this time; two classes cannot overlap',
  },
  'booking.tooManyUpcoming': {
    'zh-Hans': '你已有 {max} 节未开始的课程，请上完或取消部分课程后再预约',
    en: 'You already have {max} classes that have not started; attend or cancel some before booking more',
  },
  'booking.notEnoughCoins': {
    'zh-Hans': '学币不足：本节课需要 {price} 学币，你的余额为 {balance}',
    en: 'Not enough study coins: this class costs {price} coins and your balance is {balance}',
  },
  'booking.noUsableCard': {
    'zh-Hans': '没有可用于该老师课程的课时卡（需类型匹配、未过期且有剩余课时）',
    en: 'You have no lesson card that pays for this teacher (the right type, not expired, with lessons left)',
  },
  'booking.cardNotAccepted': {
    'zh-Hans': '这张课时卡不能用于该老师的课程',
    en: "This lesson card cannot pay for this teacher's classes",
  },
  'booking.cardExpired': { 'zh-Hans': '这张课时卡已过期', en: 'This lesson card has expired' },
  'booking.cardEmpty': { 'zh-Hans': '这张课时卡没有剩余课时', en: 'This lesson card has no lessons left' },
  'booking.lateCancellerRefused': {
    'zh-Hans':
      '该老师不接受近 {days} 天内临时取消 {limit} 次及以上的学员预约（你已临时取消 {count} 次），请选择其他老师',
    en: 'This teacher does not accept students with {limit} or more late cancellations in {days} days (you have {count}); please choose another teacher',
  },
  'course.notFound': { 'zh-Hans': '课程不存在', en: 'Class not found' },
  'course.cancelAfterStart': {
    'zh-Hans': '课程已开始，无法取消',
    en: 'The class has already started and can no longer be cancelled',
  },
  'course.alreadyCancelled': { 'zh-Hans': '该课程已取消', en: 'This class has already been cancelled' },
  'course.abolished': {
    'zh-Hans': '该课程已作废，无需取消',
    en: 'This class has been called off; there is nothing to cancel',
  },
  'course.notStarted': { 'zh-Hans': '课程尚未开始', en: 'The class has not started yet' },
  'course.reviewNotFinished': {
    'zh-Hans': '课程结束后才能评价',
    en: 'A class can be reviewed once it is over',
  },
  'course.reviewNotHeld': {
    'zh-Hans': '已取消或已作废的课程无法评价',
    en: 'A cancelled or called-off class cannot be reviewed',
  },
  'course.reviewMissed': {
    'zh-Hans': '你缺席了这节课，无法评价',
    en: 'You were absent from this class, so it cannot be reviewed',
  },
  'course.reviewWindowClosed': {
    'zh-Hans': '课程结束超过 {days} 天，已无法评价',
    en: 'Reviews close {days} days after the class ends',
  },
  'course.alreadyReviewed': { 'zh-Hans': '你已评价过这节课', en: 'You have already reviewed this class' },
  'course.reviewRateLimited': {
    'zh-Hans': '评价提交过于频繁，请 {minutes} 分钟后再试',
    en: 'Too many reviews in the past hour, please try again in {minutes} minutes',
  },
  'course.feedbackNotFound': { 'zh-Hans': '课后报告不存在', en: 'Teacher report not found' },
  'wallet.cardNotFound': { 'zh-Hans': '课时卡不存在', en: 'Lesson card not found' },
  'idempotency.keyInvalid': {
    'zh-Hans': 'Idempotency-Key 需为 1-255 个可见 ASCII 字符',
    en: 'Idempotency-Key must be 1-255 visible ASCII characters',
  },
  'idempotency.keyReused': {
    'zh-Hans': '该请求标识已用于另一个请求，请刷新后重试',
    en: 'This Idempotency-Key was already used for a different request; please refresh and try again',
  },
  'idempotency.inProgress': {
    'zh-Hans': '相同的请求正在处理中，请稍候',
    en: 'The same request is still being processed, please wait a moment',
  },
} as const satisfies Record<string, Bilingual>;
