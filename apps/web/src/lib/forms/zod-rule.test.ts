import { describe, expect, it } from 'vitest';
import { message } from '@app/contract/messages';
import { mobileSchema, passwordSchema } from '@app/contract/validation';
import { issueText, schemaRule } from './zod-rule.ts';

const validate = (rule: ReturnType<typeof schemaRule>, value: unknown) => rule.validator({}, value);

describe('schemaRule', () => {
  it('passes a value the contract schema accepts', async () => {
    await expect(validate(schemaRule(mobileSchema, 'en'), '13800138000')).resolves.toBeUndefined();
  });

  it("refuses with the contract message of the first issue, in the form's language", async () => {
    const bad = mobileSchema.safeParse('123');
    expect(bad.success).toBe(false);
    const key = bad.error!.issues[0]!.message;
    await expect(validate(schemaRule(mobileSchema, 'en'), '123')).rejects.toThrow(issueText(key, 'en'));
    await expect(validate(schemaRule(mobileSchema, 'zh-Hans'), '123')).rejects.toThrow(
      issueText(key, 'zh-Hans'),
    );
    expect(issueText(key, 'en')).not.toBe(issueText(key, 'zh-Hans'));
  });

  it('checks a missing value as empty, unless the field is optional', async () => {
    await expect(validate(schemaRule(mobileSchema, 'en'), undefined)).rejects.toThrow();
    await expect(validate(schemaRule(passwordSchema, 'en', { optional: true }), '')).resolves.toBeUndefined();
    await expect(validate(schemaRule(passwordSchema, 'en', { optional: true }), 'x')).rejects.toThrow();
  });

  it('falls back to the generic message for an issue that is not a message key', () => {
    expect(issueText('Expected string', 'en')).toBe(message('validation.checkInput', 'en'));
  });
});
