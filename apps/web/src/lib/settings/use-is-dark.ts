import { matchesMedia, useMediaQuery } from '../media/use-media-query.ts';
import { useSettings } from './settings-store.ts';

const QUERY = '(prefers-color-scheme: dark)';

export function systemPrefersDark(): boolean {
  return matchesMedia(QUERY);
}

/** Effective dark mode: the stored choice, or the system preference while none was made. */
export function useIsDark(): boolean {
  const choice = useSettings((s) => s.dark);
  const system = useMediaQuery(QUERY);
  return choice ?? system;
}
