import { Suspense, useState } from 'react';
import { lazyWithAntd } from '../../../lib/antd/lazy-with-antd.tsx';
import { useSearchParams } from 'react-router';
import { TEACHER_PARAM, teacherParam } from '../lib/drawer-param.ts';

// The profile (drawer, radar, schedule, reviews) loads on first open: the list should not pay for it.
const TeacherProfileDrawer = lazyWithAntd(() => import('./teacher-profile-drawer.tsx'));

/**
 * The teacher profile as a drawer on the page that opened it, deep-linkable with `?teacher={id}`
 * (DESIGN.md §8): opening sets the param, closing removes it, a reload with it opens the drawer.
 * Mount it on every route that shows teacher cards.
 */
export function TeacherDrawer() {
  const [search, setSearch] = useSearchParams();
  const id = teacherParam(search);
  // Keep the last id while closing, so the drawer can animate out with its content.
  const [shownId, setShownId] = useState(id);
  if (id !== null && id !== shownId) setShownId(id);
  if (shownId === null) return null;
  return (
    <Suspense fallback={null}>
      <TeacherProfileDrawer
        teacherId={shownId}
        open={id !== null}
        onClose={() => {
          const next = new URLSearchParams(search);
          next.delete(TEACHER_PARAM);
          setSearch(next);
        }}
      />
    </Suspense>
  );
}
