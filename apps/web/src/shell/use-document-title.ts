import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrandTitle } from '../lib/app-config/use-brand-title.ts';
import { formatTitle } from '../lib/i18n/title.ts';
import { titleKeyOf } from './route-handle.ts';

/** Keeps document.title at `<deepest route title> - <brand>` in the current language. */
export function useDocumentTitle(overrideKey?: string): void {
  const { t } = useTranslation();
  const brand = useBrandTitle();
  const matches = useMatches();
  let key = overrideKey;
  for (let i = matches.length - 1; !key && i >= 0; i -= 1) key = titleKeyOf(matches[i]?.handle);
  const title = formatTitle(key ? t(key) : null, brand);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
