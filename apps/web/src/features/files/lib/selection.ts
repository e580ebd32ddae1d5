import { MAX_FILES_AT_ONCE } from '@app/contract/constants';

export type Toggle = { next: number[]; refused: boolean };

/**
 * Adds or removes one id of the download selection. Adding a 21st is refused (SPEC.md §9: at most 20
 * files at once) and leaves the selection as it was, so the student sees why instead of a server error.
 */
export function toggleSelection(selected: readonly number[], id: number, max = MAX_FILES_AT_ONCE): Toggle {
  if (selected.includes(id)) return { next: selected.filter((s) => s !== id), refused: false };
  if (selected.length >= max) return { next: [...selected], refused: true };
  return { next: [...selected, id], refused: false };
}

/**
 * "Select all" of a folder: every id when they fit, else the first `max` in list order, reporting
 * that the rest were left out.
 */
export function selectAll(ids: readonly number[], max = MAX_FILES_AT_ONCE): Toggle {
  return { next: ids.slice(0, max), refused: ids.length > max };
}

/** 1536 → "1.5 KB": sizes of courseware for the list. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}
