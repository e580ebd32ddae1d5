import { describe, expect, it } from 'vitest';
import { cachedTimeZoneCount, canonicalTimeZone, localPartsOf, offsetAt } from './time-zone.ts';

const ZONE = 'America/Argentina/ComodRivadavia';

/** `count` distinct case spellings of a zone name: bit j of the index flips the case of letter j. */
function caseSpellings(zone: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    let bits = i + 1;
    return [...zone]
      .map((ch) => {
        if (!/[a-z]/i.test(ch)) return ch;
        const upper = (bits & 1) === 1;
        bits >>= 1;
        return upper ? ch.toUpperCase() : ch.toLowerCase();
      })
      .join('');
  });
}

describe('time-zone formatter cache', () => {
  it('keeps one formatter for 10,000 case spellings of one zone', () => {
    const spellings = caseSpellings(ZONE, 10_000);
    expect(new Set(spellings).size).toBe(10_000);
    // Other test files of the same worker may have cached zones already (one module graph per worker).
    const atStart = cachedTimeZoneCount();
    const canonical = canonicalTimeZone(ZONE);
    const instant = Date.UTC(2030, 0, 15, 12, 0);
    const offset = offsetAt(instant, canonical);
    const before = cachedTimeZoneCount();
    for (const spelling of spellings) {
      expect(canonicalTimeZone(spelling)).toBe(canonical);
      expect(offsetAt(instant, spelling)).toBe(offset);
    }
    expect(cachedTimeZoneCount()).toBe(before);
    expect(before - atStart).toBeLessThanOrEqual(1);
  });

  it('holds at most one formatter per zone the runtime knows, whatever the spelling', () => {
    const zones = Intl.supportedValuesOf('timeZone');
    for (const zone of zones) {
      localPartsOf(0, zone.toLowerCase());
      localPartsOf(0, zone.toUpperCase());
    }
    expect(cachedTimeZoneCount()).toBeLessThanOrEqual(zones.length + 1);
  });

  it('refuses an unknown zone without caching it', () => {
    const before = cachedTimeZoneCount();
    expect(() => canonicalTimeZone('Mars/Olympus_Mons')).toThrow(RangeError);
    expect(cachedTimeZoneCount()).toBe(before);
  });
});
