import type { Lang } from '@app/contract/i18n';
import { isMessageKey, message as contractMessage } from '@app/contract/messages';

/** What the adapter needs of a zod schema (kept structural, so this file does not import zod). */
export type ValidatingSchema = {
  safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } };
};

/** A zod issue's message is a key of the contract's MESSAGES; its text in `lang`. */
export function issueText(key: string | undefined, lang: Lang): string {
  return key && isMessageKey(key)
    ? contractMessage(key, lang)
    : contractMessage('validation.checkInput', lang);
}

/**
 * An antd Form rule that validates a field with a contract schema, so the browser refuses what the
 * server would refuse, with the same message text (the first issue's). Non-string values are
 * checked as '' unless the field is `optional`, when an empty field passes. Re-run
 * `form.validateFields` on a language switch for the text to follow.
 */
export function schemaRule(schema: ValidatingSchema, lang: Lang, { optional = false } = {}) {
  return {
    validator: async (_: unknown, value: unknown) => {
      if (optional && (typeof value !== 'string' || value === '')) return;
      const result = schema.safeParse(typeof value === 'string' ? value : '');
      if (!result.success) throw new Error(issueText(result.error?.issues[0]?.message, lang));
    },
  };
}
