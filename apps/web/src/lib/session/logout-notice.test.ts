import { describe, expect, it } from 'vitest';
import { noteLoggedOut, takeLoggedOutNote } from './logout-notice.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the logout note', () => {
  it('is taken once by the next page of the tab after a logout', () => {
    const storage = memoryStorage();
    expect(takeLoggedOutNote(storage)).toBe(false);
    noteLoggedOut(storage);
    expect(takeLoggedOutNote(storage)).toBe(true);
    expect(takeLoggedOutNote(storage)).toBe(false);
  });

  it('does nothing, and does not throw, where storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => undefined,
    };
    expect(() => noteLoggedOut(blocked)).not.toThrow();
    expect(takeLoggedOutNote(blocked)).toBe(false);
    expect(takeLoggedOutNote(null)).toBe(false);
  });
});
