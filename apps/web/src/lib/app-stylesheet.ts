/**
 * The built index.html preloads the app's stylesheet instead of linking it, so it does not hold up
 * the first paint (scripts/boot-screen.ts inlines what the start-up screen needs). Before the first
 * render the app links it in the preload's place, where the build had put it, and waits for it, so
 * nothing is drawn unstyled. In development Vite injects the styles itself: there is no preload.
 */
export function linkAppStylesheet(): Promise<void> {
  const preload = document.querySelector<HTMLLinkElement>('link[rel="preload"][data-app-stylesheet]');
  if (!preload) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.crossOrigin = preload.crossOrigin;
  link.href = preload.href;
  // A stylesheet that fails to load must not keep the app from starting.
  const loaded = new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
  preload.after(link);
  return loaded;
}
