import { describe, expect, it } from 'vitest';
import { isSafeText, normalizeLineBreaks, stripUnsafeText } from './text-safety.ts';
import { addFeedbackBodySchema } from './feedback.ts';
import { addCourseReviewBodySchema } from './courses.ts';
import { nickSchema } from './users.ts';
import { VALIDATION_KEYS } from './validation.ts';

const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const C0 = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i));

describe('free text others see', () => {
  it('single-line text refuses every C0 control, DEL, C1 and the bidi overrides and isolates', () => {
    for (const c of [...C0, '\u007F', '\u0080', '\u009F', ...BIDI]) {
      expect(isSafeText(`a${c}b`), JSON.stringify(c)).toBe(false);
    }
    for (const ok of ['小明', 'Zoë', 'שלום\u200F', 'مرحبا\u061C', '😀', 'a b'])
      expect(isSafeText(ok)).toBe(true);
  });

  it('multi-line text also takes line feeds and tabs, nothing else of those', () => {
    expect(isSafeText('a\nb\tc', 'multi')).toBe(true);
    for (const c of [...C0.filter((c) => c !== '\n' && c !== '\t'), '\u007F', '\u0085', ...BIDI]) {
      expect(isSafeText(`a${c}b`, 'multi'), JSON.stringify(c)).toBe(false);
    }
    expect(normalizeLineBreaks('a\r\nb\rc\n')).toBe('a\nb\nc\n');
  });

  it('strips what it refuses (rows stored before the rule)', () => {
    expect(stripUnsafeText('\u202Eevil\u2066 nick\u0000\n')).toBe('evil nick');
    expect(stripUnsafeText('one\r\ntwo\t\u202Ethree\u001B[0m', 'multi')).toBe('one\ntwo\tthree[0m');
  });

  it('the schemas refuse with the one message key the web app and the server show', () => {
    const issue = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
    expect(issue(nickSchema.safeParse('Li\u202Ely'))).toBe(VALIDATION_KEYS.unsafeText);
    expect(issue(addFeedbackBodySchema.safeParse({ type: 'bug', content: 'x\u0007' }))).toBe(
      VALIDATION_KEYS.unsafeText,
    );
    expect(issue(addCourseReviewBodySchema.safeParse({ id: 1, rating: 5, content: '\u2067x' }))).toBe(
      VALIDATION_KEYS.unsafeText,
    );
    expect(addFeedbackBodySchema.parse({ type: 'bug', content: ' a\r\n\tb ' }).content).toBe('a\n\tb');
  });
});
