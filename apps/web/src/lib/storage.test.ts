import { describe, expect, it } from 'vitest';
import { memoryStorage, readItem, readJson, writeItem, writeJson, type KeyValueStorage } from './storage.ts';

const throwing: KeyValueStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

describe('storage helpers', () => {
  it('reads and writes plain and JSON values', () => {
    const storage = memoryStorage();
    writeItem(storage, 'a', 'x');
    writeJson(storage, 'b', { dark: true });
    expect(readItem(storage, 'a')).toBe('x');
    expect(readJson(storage, 'b')).toEqual({ dark: true });
    writeItem(storage, 'a', null);
    expect(readItem(storage, 'a')).toBeNull();
  });

  it('treats malformed JSON as missing', () => {
    expect(readJson(memoryStorage({ b: '{oops' }), 'b')).toBeNull();
  });

  it('never throws when storage is unavailable or refuses', () => {
    expect(readItem(null, 'a')).toBeNull();
    expect(() => writeItem(null, 'a', 'x')).not.toThrow();
    expect(readItem(throwing, 'a')).toBeNull();
    expect(() => writeItem(throwing, 'a', 'x')).not.toThrow();
    expect(() => writeItem(throwing, 'a', null)).not.toThrow();
  });
});
