import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { feedbackFormSchema, isMobile, mobileSchema, passwordSchema, VALIDATION_KEYS } from './validation.ts';

describe('mainland mobile pattern', () => {
  it.each([
    '13800138000',
    '14512345678',
    '15012345678',
    '16612345678',
    '17712345678',
    '18912345678',
    '19912345678',
  ])('accepts allocated segment %s', (m) => expect(isMobile(m)).toBe(true));
  it.each([
    '14012345678',
    '14412345678',
    '14812345678',
    '15412345678',
    '16012345678',
    '16412345678',
    '17912345678',
    '19412345678',
  ])('rejects data-only or unallocated segment %s', (m) => expect(isMobile(m)).toBe(false));
  it.each([
    '',
    '1380013800',
    '138001380000',
    '23800138000',
    '1380013800a',
    ' 13800138000x',
    '+8613800138000',
  ])('rejects malformed %j', (m) => expect(isMobile(m)).toBe(false));
  it('never accepts a string that is not exactly 11 digits', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        if (isMobile(s)) expect(s).toMatch(/^1\d{10}$/);
      }),
    );
  });
  it('names the empty and invalid cases with distinct message keys', () => {
    const empty = mobileSchema.safeParse('');
    const bad = mobileSchema.safeParse('12345');
    expect(empty.success).toBe(false);
    expect(bad.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe(VALIDATION_KEYS.mobileRequired);
    expect(bad.error?.issues[0]?.message).toBe(VALIDATION_KEYS.mobileInvalid);
  });
});

describe('password length', () => {
  it('accepts 6 to 32 characters and refuses 5 and 33', () => {
    expect(passwordSchema.safeParse('a'.repeat(6)).success).toBe(true);
    expect(passwordSchema.safeParse('a'.repeat(32)).success).toBe(true);
    expect(passwordSchema.safeParse('a'.repeat(5)).success).toBe(false);
    expect(passwordSchema.safeParse('a'.repeat(33)).success).toBe(false);
  });
});

describe('feedback form', () => {
  it('requires a known type and non-blank content; contact is optional', () => {
    expect(feedbackFormSchema.safeParse({ type: 'bug', content: 'Page is blank' }).success).toBe(true);
    const noType = feedbackFormSchema.safeParse({ content: 'x' });
    expect(noType.error?.issues[0]?.message).toBe(VALIDATION_KEYS.feedbackTypeRequired);
    const blank = feedbackFormSchema.safeParse({ type: 'other', content: '   ' });
    expect(blank.error?.issues[0]?.message).toBe(VALIDATION_KEYS.feedbackContentRequired);
    expect(feedbackFormSchema.safeParse({ type: 'nope', content: 'x' }).success).toBe(false);
  });
});
