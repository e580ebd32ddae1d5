import antdStylesHref from 'virtual:antd-static-styles';
import { appStylesheetPreload, linkStylesheet } from '../app-stylesheet.ts';

let loading: Promise<void> | undefined;

/**
 * Links antd's component styles, computed at build time (scripts/antd-static-style.ts), and waits
 * for them; once, whoever asks first. Everything that renders antd waits for this first: antd reads
 * the list of styles the file holds on its first style, once, and computes in the browser whatever
 * it does not find there.
 *
 * The stylesheet goes before the app's own (the `data-app-stylesheet` preload, lib/app-stylesheet.ts),
 * where antd's run-time styles go too, so the app's rules win a tie with antd's as they always have.
 * A stylesheet that fails to load does not stop antd: it then computes every style itself.
 */
export function loadAntdStyles(): Promise<void> {
  loading ??= linkBeforeAppStyles(antdStylesHref);
  return loading;
}

function linkBeforeAppStyles(href: string | null): Promise<void> {
  if (!href || typeof document === 'undefined') return Promise.resolve();
  return linkStylesheet(href, (link) => {
    const appStyles = appStylesheetPreload();
    if (appStyles) appStyles.before(link);
    else document.head.append(link);
  });
}
