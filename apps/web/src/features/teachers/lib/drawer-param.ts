/** The search param that opens the teacher profile drawer (DESIGN.md §8: deep-linkable). */
export const TEACHER_PARAM = 'teacher';

/** The search string of the current page with the drawer opened on `teacherId`. */
export function withTeacher(search: URLSearchParams, teacherId: number): string {
  const next = new URLSearchParams(search);
  next.set(TEACHER_PARAM, String(teacherId));
  return `?${next.toString()}`;
}

/** The id in `?teacher=`, or null when absent; NaN-ish values give 0 (shown as "not found"). */
export function teacherParam(search: URLSearchParams): number | null {
  const raw = search.get(TEACHER_PARAM);
  if (raw === null) return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0;
}
