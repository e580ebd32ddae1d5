import { describe, expect, it } from 'vitest';
import { excerptOf } from './ielts.service.ts';

describe('excerptOf', () => {
  it('keeps a short answer whole', () => {
    expect(excerptOf('Short answer.')).toBe('Short answer.');
  });

  it('cuts a long answer at a word boundary and marks the cut', () => {
    const answer = 'word '.repeat(100).trim();
    const excerpt = excerptOf(answer, 42);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(43);
    expect(
      excerpt
        .slice(0, -1)
        .split(' ')
        .every((w) => w === 'word'),
    ).toBe(true);
  });

  it('drops trailing punctuation before the ellipsis', () => {
    expect(excerptOf('First part, second part, third part, fourth', 25)).toBe('First part, second part…');
  });
});
