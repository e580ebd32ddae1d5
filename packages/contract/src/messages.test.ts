import { describe, expect, it } from 'vitest';
import { MESSAGE_AREAS, MESSAGES, message } from './messages.ts';

describe('the message registry', () => {
  it('defines every key in exactly one area, so merging the areas overrides nothing', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [area, messages] of Object.entries(MESSAGE_AREAS)) {
      for (const key of Object.keys(messages)) {
        const first = seen.get(key);
        if (first) twice.push(`${key} (${first}, ${area})`);
        seen.set(key, area);
      }
    }
    expect(twice).toEqual([]);
    expect(Object.keys(MESSAGES).sort()).toEqual([...seen.keys()].sort());
  });

  it('has a non-empty text in both languages for every key', () => {
    const missing = Object.entries(MESSAGES)
      .filter(([, text]) => !text['zh-Hans'].trim() || !text.en.trim())
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const differing = Object.entries(MESSAGES)
      .filter(([, text]) => placeholders(text['zh-Hans']).join() !== placeholders(text.en).join())
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('fills placeholders by name', () => {
    expect(message('auth.smsTooFrequent', 'en', { seconds: 42 })).toContain('42 seconds');
  });
});
