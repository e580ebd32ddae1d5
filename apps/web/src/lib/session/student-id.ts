import { useSession, type SessionState } from './session-store.ts';

/**
 * The logged-in student's id, or null for a visitor: the first part of every query key of the
 * student's own data, so one student's cached data is never shown to another.
 */
export type StudentKey = string | number | null;

export const studentIdOf = (s: SessionState): StudentKey =>
  s.token && s.userInfo ? (s.userInfo.student_id ?? null) : null;

export function useStudentId(): StudentKey {
  return useSession(studentIdOf);
}
