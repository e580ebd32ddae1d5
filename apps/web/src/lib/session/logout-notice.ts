/**
 * "You are logged out" after logging out (issue 33 §4). Logout ends with a full load of / (so no
 * cached query of the student survives), which a toast shown before it would not outlive: the tab
 * notes the logout in its sessionStorage and the next page of the same tab shows the toast once.
 */
const KEY = 'ls-logged-out';

type NoteStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function tabStorage(): NoteStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage blocked by the browser's settings: no toast, nothing else changes.
    return null;
  }
}

/** Notes that this tab's student has just logged out. */
export function noteLoggedOut(storage: NoteStorage | null = tabStorage()): void {
  try {
    storage?.setItem(KEY, '1');
  } catch {
    // Full or blocked storage: the logout itself goes on.
  }
}

/** Whether a logout was noted in this tab since the last call (the note is used up). */
export function takeLoggedOutNote(storage: NoteStorage | null = tabStorage()): boolean {
  try {
    if (storage?.getItem(KEY) !== '1') return false;
    storage.removeItem(KEY);
    return true;
  } catch {
    return false;
  }
}
