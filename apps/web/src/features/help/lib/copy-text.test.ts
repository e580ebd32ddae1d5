import { describe, expect, it } from 'vitest';
import { copyText } from './copy-text.ts';

describe('copyText', () => {
  it('copies with the Clipboard API when the browser has it', async () => {
    const written: string[] = [];
    const copied = await copyText('linguaspark-ta', {
      clipboard: { writeText: async (t) => void written.push(t) },
      legacyCopy: () => {
        throw new Error('not needed');
      },
    });
    expect(copied).toBe(true);
    expect(written).toEqual(['linguaspark-ta']);
  });

  it('falls back on the copy command when the Clipboard API is missing or refuses', async () => {
    const legacy: string[] = [];
    const legacyCopy = (t: string) => (legacy.push(t), true);
    expect(await copyText('a1', { clipboard: undefined, legacyCopy })).toBe(true);
    const refusing = { writeText: () => Promise.reject(new Error('NotAllowedError')) };
    expect(await copyText('a2', { clipboard: refusing, legacyCopy })).toBe(true);
    expect(legacy).toEqual(['a1', 'a2']);
  });

  it('says it failed when neither way copies', async () => {
    expect(await copyText('x', { clipboard: undefined, legacyCopy: () => false })).toBe(false);
    const throwing = () => {
      throw new Error('SecurityError');
    };
    expect(await copyText('x', { clipboard: undefined, legacyCopy: throwing })).toBe(false);
  });
});
