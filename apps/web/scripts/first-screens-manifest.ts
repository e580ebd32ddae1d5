import type { LandingRoute, LandingRouteId } from '../src/app/landing-routes.ts';

/** The folder of the build that holds the landing pages' documents, and the list the server reads. */
export const FIRST_SCREENS_DIR = 'first-screens';
export const FIRST_SCREENS_MANIFEST = 'first-screens.json';

/**
 * The server's list of documents (apps/server/src/http/index-document.ts): a request whose path
 * matches `pattern` (a RegExp source) gets `document`, a file of the build, instead of index.html;
 * the first entry that matches wins, as in src/app/landing-routes.ts.
 */
export type FirstScreensManifest = {
  documents: Array<{ id: LandingRouteId; pattern: string; document: string }>;
};

/** The document of a landing page with a first screen of its own. */
export function firstScreenDocument(id: LandingRouteId): string {
  return `${FIRST_SCREENS_DIR}/${id}.html`;
}

/** The list for the landing pages with a first screen of their own, in the table's order. */
export function firstScreensManifest(routes: readonly LandingRoute[]): FirstScreensManifest {
  return {
    documents: routes
      .filter((route) => route.firstScreen)
      .map((route) => {
        // The server rebuilds each pattern from its source alone.
        if (route.pattern.flags) throw new Error(`first-screens: ${route.id}'s pattern must have no flags`);
        return { id: route.id, pattern: route.pattern.source, document: firstScreenDocument(route.id) };
      }),
  };
}
