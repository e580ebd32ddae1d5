import { useSyncExternalStore } from 'react';
import { useSettings } from './settings-store.ts';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(QUERY).matches;
}

/** Effective dark mode: the stored choice, or the system preference while none was made. */
export function useIsDark(): boolean {
  const choice = useSettings((s) => s.dark);
  const system = useSyncExternalStore(subscribe, systemPrefersDark, () => false);
  return choice ?? system;
}
