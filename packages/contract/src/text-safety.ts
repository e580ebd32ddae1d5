/**
 * Free text that other people see (issue 32 §5): a nick in public reviews, a review, a complaint
 * (read by staff, also in a terminal through the ops CLI). No zod here: the server strips legacy
 * rows with it on read, and the contract's schemas (validation.ts) refuse new input with it.
 *
 * Decisions:
 * - New input is refused (a 400 that says why, in both languages), not silently stripped: the
 *   student sees what is wrong and what is stored is exactly what they sent.
 * - Always refused: C0 controls (U+0000-U+001F), DEL and C1 controls (U+007F-U+009F: terminal escape
 *   sequences, log line breaks), and the bidirectional embeddings, overrides (U+202A-U+202E) and
 *   isolates (U+2066-U+2069), which reorder the text around them ("Trojan Source": a nick that reads
 *   backwards, a review whose end displays before its start). The implicit marks (U+200E, U+200F,
 *   U+061C) are kept: they cannot reorder text beyond themselves, and right-to-left scripts need them.
 * - Multi-line text (a complaint, a review, a remark) may hold line feeds and tabs: a textarea sends
 *   them and they show as what they are. A carriage return is turned into a line feed first
 *   (`normalizeLineBreaks`), so text from a client that sends CRLF is not refused for it.
 * - Single-line text (a nick, a name) takes neither.
 * - Rows stored before these rules are cleaned where they are shown to others (`stripUnsafeText`).
 */

const BIDI_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069';
const UNSAFE_SINGLE_LINE = new RegExp(`[\\u0000-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}]`, 'u');
const UNSAFE_MULTI_LINE = new RegExp(`[\\u0000-\\u0008\\u000B-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}]`, 'u');
const UNSAFE_SINGLE_LINE_ALL = new RegExp(UNSAFE_SINGLE_LINE.source, 'gu');
const UNSAFE_MULTI_LINE_ALL = new RegExp(UNSAFE_MULTI_LINE.source, 'gu');

export type TextLines = 'single' | 'multi';

/** CRLF and lone CR become LF. */
export function normalizeLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** Whether `text` holds none of the refused characters (a multi-line text may hold LF and tab). */
export function isSafeText(text: string, lines: TextLines = 'single'): boolean {
  return !(lines === 'multi' ? UNSAFE_MULTI_LINE : UNSAFE_SINGLE_LINE).test(text);
}

/** `text` without the refused characters (for rows stored before the rules). */
export function stripUnsafeText(text: string, lines: TextLines = 'single'): string {
  const cleaned = lines === 'multi' ? normalizeLineBreaks(text) : text;
  return cleaned.replace(lines === 'multi' ? UNSAFE_MULTI_LINE_ALL : UNSAFE_SINGLE_LINE_ALL, '');
}
