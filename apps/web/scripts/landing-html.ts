import type { Plugin } from 'vite';
import { firstScreenClass, type LandingRoute } from '../src/app/landing-routes.ts';

/** Where index.html's pre-paint script takes the landing pages' tests. */
export const LANDING_MARKER = '/* landing-first-screens */';

/**
 * The pre-paint script's part that picks the first screen: one test of location.pathname per landing
 * page with a first screen of its own, by the page's pattern (src/app/landing-routes.ts), setting
 * `screen` to the page's id; then each page's class on <html>, on for that page only. The class names
 * are written out so the first paint's stylesheet keeps their rules (scripts/boot-screen.ts).
 */
export function landingScreenScript(routes: readonly LandingRoute[]): string {
  const screens = routes.filter((route) => route.firstScreen);
  const tests = screens.map(
    (route) => `if (!screen && ${route.pattern.toString()}.test(location.pathname)) screen = '${route.id}';`,
  );
  const toggles = screens.map(
    (route) => `root.classList.toggle('${firstScreenClass(route.id)}', screen === '${route.id}');`,
  );
  return [...tests, ...toggles].join('\n        ');
}

/** index.html with the landing pages' tests written into its pre-paint script. */
export function withLandingScreens(html: string, routes: readonly LandingRoute[]): string {
  if (html.split(LANDING_MARKER).length !== 2) {
    throw new Error(`landing-html: index.html must hold ${LANDING_MARKER} once`);
  }
  return html.replace(LANDING_MARKER, landingScreenScript(routes));
}

/**
 * Writes the landing pages' tests into index.html, in development and in the build alike. The server
 * allows the script by the hash of the built file (apps/server/src/http/security-headers.ts).
 */
export function landingHtml({ routes }: { routes: readonly LandingRoute[] }): Plugin {
  return {
    name: 'linguaspark:landing-html',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => withLandingScreens(html, routes),
    },
  };
}
