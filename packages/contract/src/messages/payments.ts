import type { Bilingual } from '../i18n.ts';

/** Recharge and payment (issue #14, DESIGN.md §7 "Orders and payment"). */
export const PAYMENT_MESSAGES = {
  'pay.productNotFound': {
    'zh-Hans': '该充值套餐不存在或已下架',
    en: 'This package does not exist or is no longer offered',
  },
  'pay.methodUnavailable': {
    'zh-Hans': '暂不支持该支付方式，请选择其他方式',
    en: 'This payment method is not available; please choose another one',
  },
  'pay.alipayInWechat': {
    'zh-Hans': '微信内无法使用支付宝，请选择微信支付，或在浏览器中打开本页面后使用支付宝',
    en: 'Alipay cannot be used inside WeChat; choose WeChat Pay, or open this page in a browser to pay with Alipay',
  },
  'pay.teacherRequired': {
    'zh-Hans': '购买专属老师卡需要选择一位老师',
    en: 'Choose a teacher for an exclusive-teacher card',
  },
  'pay.teacherNotAllowed': {
    'zh-Hans': '只有专属老师卡需要选择老师',
    en: 'Only an exclusive-teacher card is bound to a teacher',
  },
  'pay.teacherNotFound': {
    'zh-Hans': '该老师不存在或已不再授课',
    en: 'This teacher does not exist or no longer teaches',
  },
  'pay.orderNotFound': { 'zh-Hans': '订单不存在', en: 'Order not found' },
  'pay.orderAlreadyPaid': {
    'zh-Hans': '该订单已支付，无法关闭',
    en: 'This order has been paid and cannot be closed',
  },
  'pay.tooManyOpenOrders': {
    'zh-Hans': '你已有 {max} 个待支付的订单，请先支付或关闭其中一个，再创建新订单',
    en: 'You already have {max} orders awaiting payment; pay or close one of them before creating another',
  },
  'pay.providerUnavailable': {
    'zh-Hans': '支付服务暂时不可用，请稍后再试',
    en: 'The payment service is unavailable, please try again later',
  },
} as const satisfies Record<string, Bilingual>;
