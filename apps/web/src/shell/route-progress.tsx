import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Thin bar at the top while a route module or its data loads (DESIGN.md §8). */
export function RouteProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  // The CSS delays its appearance slightly so instant navigations do not flash.
  return <div className="ls-progress" role="progressbar" aria-label={t('progress.loading')} />;
}
