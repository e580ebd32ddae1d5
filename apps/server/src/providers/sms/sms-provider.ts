export type SmsLang = 'zh-Hans' | 'en';

export type SmsCodeMessage = {
  mobile: string;
  code: string;
  lang: SmsLang;
  /** Correlates the send with the HTTP request in the logs. */
  requestId?: string;
};

/** Notices other than codes, each a registered template at a real provider. */
export type SmsNoticeTemplate = 'classReminder' | 'teacherClassLink' | 'teacherNoShow';

export type SmsNoticeParams = {
  /** The teacher's name, the class's start (HH:mm, Beijing time) and the minutes until then. */
  classReminder: { teacher: string; time: string; minutes: string };
  /** To a teacher as the live room opens: the class's start (HH:mm, Beijing time) and the room link. */
  teacherClassLink: { time: string; link: string };
  /** To a student: the teacher did not come to the class at `time` (HH:mm, Beijing time); refunded and compensated. */
  teacherNoShow: { teacher: string; time: string };
};

export type SmsNoticeMessage = {
  [T in SmsNoticeTemplate]: {
    mobile: string;
    template: T;
    params: SmsNoticeParams[T];
    lang: SmsLang;
    requestId?: string;
  };
}[SmsNoticeTemplate];

/**
 * Sends a verification code or a notice (DESIGN.md §7 "Other providers"). Rate limits, budgets and code storage
 * are the caller's job; a provider only delivers, and throws `SmsSendError` when delivery is refused.
 */
export type SmsProvider = {
  name: string;
  sendCode(input: SmsCodeMessage): Promise<void>;
  /** A notice from a template (a class reminder); the text is the template's, never free text. */
  sendNotice(input: SmsNoticeMessage): Promise<void>;
};

export type SmsLogger = { info(obj: object, msg?: string): void };

/**
 * A refused or failed send. Carries the provider's code (e.g. `isv.BUSINESS_LIMIT_CONTROL`) for the
 * logs, but never the phone number or the code: the caller maps it to a generic server-side error so
 * the reply reveals nothing about the phone (PROVIDERS.md, SMS).
 */
export class SmsSendError extends Error {
  override readonly name = 'SmsSendError';
  readonly provider: string;
  readonly providerCode: string;

  constructor(provider: string, providerCode: string, detail?: string) {
    super(`${provider} SMS send failed: ${providerCode}${detail ? ` (${detail})` : ''}`);
    this.provider = provider;
    this.providerCode = providerCode;
  }
}

/** Minutes a code stays valid (DESIGN.md §7); quoted in the message text. */
export const SMS_CODE_VALID_MINUTES = 5;

/** The text of the verification message, as the log driver records it. */
export function smsCodeText(code: string, lang: SmsLang): string {
  return lang === 'en'
    ? `Your verification code is ${code}. It is valid for ${SMS_CODE_VALID_MINUTES} minutes. Never share it with anyone.`
    : `您的验证码为 ${code}，${SMS_CODE_VALID_MINUTES} 分钟内有效，请勿泄露给他人。`;
}

/** The text of a notice, as the log driver records it (a real provider renders its template). */
export function smsNoticeText(message: SmsNoticeMessage): string {
  switch (message.template) {
    case 'classReminder': {
      const { teacher, time, minutes } = message.params;
      return message.lang === 'en'
        ? `Reminder: your class with ${teacher} starts in ${minutes} minutes, at ${time} (Beijing time).`
        : `上课提醒：您与 ${teacher} 老师的课程将在 ${minutes} 分钟后（北京时间 ${time}）开始，请准时进入教室。`;
    }
    case 'teacherClassLink': {
      const { time, link } = message.params;
      return message.lang === 'en'
        ? `Your class at ${time} (Beijing time) is open. Enter the classroom: ${link}`
        : `您 ${time}（北京时间）的课程教室已开放，请进入教室：${link}`;
    }
    case 'teacherNoShow': {
      const { teacher, time } = message.params;
      return message.lang === 'en'
        ? `Your class with ${teacher} at ${time} (Beijing time) was called off because the teacher did not come. The price is refunded and the same again given as compensation.`
        : `很抱歉，${teacher} 老师未能出席您 ${time}（北京时间）的课程，课程已取消，课时已退还并额外补偿同等课时。`;
    }
    default: {
      const unknown: never = message;
      throw new Error(`Unknown SMS template: ${String((unknown as { template?: unknown }).template)}`);
    }
  }
}

/** Masks a phone number for logs: 138****8000. */
export function maskMobile(mobile: string): string {
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}
