import { describe, expect, it } from 'vitest';
import { formatBytes, selectAll, toggleSelection } from './selection.ts';

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('toggleSelection', () => {
  it('adds and removes ids', () => {
    expect(toggleSelection([], 4)).toEqual({ next: [4], refused: false });
    expect(toggleSelection([4, 5], 4)).toEqual({ next: [5], refused: false });
  });

  it('refuses the 21st file and keeps the 20 chosen', () => {
    const twenty = range(20);
    expect(toggleSelection(twenty, 99)).toEqual({ next: twenty, refused: true });
    // Unselecting is always possible at the limit.
    expect(toggleSelection(twenty, 20).next).toHaveLength(19);
  });
});

describe('selectAll', () => {
  it('takes every id when they fit, else the first 20 and says so', () => {
    expect(selectAll(range(3))).toEqual({ next: [1, 2, 3], refused: false });
    expect(selectAll(range(20)).refused).toBe(false);
    expect(selectAll(range(25))).toEqual({ next: range(20), refused: true });
  });
});

describe('formatBytes', () => {
  it('shows bytes, KB, MB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
  });
});
