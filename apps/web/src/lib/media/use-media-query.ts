import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now (false where the browser cannot say). */
export function matchesMedia(query: string): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(query).matches;
}

/** Whether a CSS media query matches, following its changes (a rotated phone, the system's theme). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => matchesMedia(query),
    () => false,
  );
}
