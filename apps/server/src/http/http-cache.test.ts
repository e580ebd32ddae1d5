import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits, strongEtag } from './http-cache.ts';

describe('ETag helpers', () => {
  it('makes a strong, quoted ETag that changes with the content', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const tag = strongEtag(a);
        expect(tag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
        expect(strongEtag(a)).toBe(tag);
        if (a !== b) expect(strongEtag(b)).not.toBe(tag);
      }),
    );
  });

  it('matches If-None-Match lists, weak forms and *', () => {
    const tag = strongEtag('body');
    expect(ifNoneMatchHits(tag, tag)).toBe(true);
    expect(ifNoneMatchHits(`"a", ${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits(`W/${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits('*', tag)).toBe(true);
    expect(ifNoneMatchHits(undefined, tag)).toBe(false);
    expect(ifNoneMatchHits('"other"', tag)).toBe(false);
  });
});
