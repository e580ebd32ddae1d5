import { TeacherDiscovery } from '../../features/teachers/components/teacher-discovery.tsx';
import { TeacherDrawer } from '../../features/teachers/components/teacher-drawer.tsx';
import { HomeHero } from '../../features/home/components/home-hero.tsx';

/**
 * Home (`/`): composes the home hero with the teachers' discovery list and profile drawer
 * (`?teacher=`). It lives in src/app because it combines features, which may not import each other.
 */
export default function HomeRoute() {
  return (
    <div className="ls-home">
      <HomeHero />
      <TeacherDiscovery />
      <TeacherDrawer />
    </div>
  );
}
