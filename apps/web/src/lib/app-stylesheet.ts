/**
 * Adds a stylesheet link where `place` puts it and resolves once it has loaded. A stylesheet that
 * fails to load resolves too: it must not keep the app (or antd) from starting.
 */
export function linkStylesheet(
  href: string,
  place: (link: HTMLLinkElement) => void,
  crossOrigin: string | null = null,
): Promise<void> {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.crossOrigin = crossOrigin;
  link.href = href;
  const loaded = new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
  place(link);
  return loaded;
}

/** The built index.html's preload of the app's stylesheet (absent in development). */
export function appStylesheetPreload(): HTMLLinkElement | null {
  return document.querySelector<HTMLLinkElement>('link[rel="preload"][data-app-stylesheet]');
}

/**
 * The built index.html preloads the app's stylesheet instead of linking it, so it does not hold up
 * the first paint (scripts/first-paint-styles.ts inlines what the start-up screen needs). Before the first
 * render the app links it in the preload's place, where the build had put it, and waits for it, so
 * nothing is drawn unstyled. In development Vite injects the styles itself: there is no preload.
 */
export function linkAppStylesheet(): Promise<void> {
  const preload = appStylesheetPreload();
  if (!preload) return Promise.resolve();
  return linkStylesheet(preload.href, (link) => preload.after(link), preload.crossOrigin);
}
