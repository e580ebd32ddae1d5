import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
import type { LandingRoute as FullLandingRoute } from '../src/app/landing-routes.ts';

/** What this plugin reads of a landing page (src/app/landing-routes.ts): its pattern and module. */
export type LandingRoute = Pick<FullLandingRoute, 'pattern' | 'module' | 'layout'>;

/** What the build says about one chunk: the parts of Rollup's OutputChunk this plugin reads. */
export interface ChunkFacts {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  css: readonly string[];
}

/** The facts of every chunk of a build's bundle. */
export function bundleChunks(bundle: OutputBundle): ChunkFacts[] {
  const chunks: ChunkFacts[] = [];
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue;
    chunks.push({
      fileName: output.fileName,
      isEntry: output.isEntry,
      facadeModuleId: output.facadeModuleId,
      imports: output.imports,
      css: [...(output.viteMetadata?.importedCss ?? [])],
    });
  }
  return chunks;
}

/**
 * For each landing route, the files its page module (and its layout's, where it has one) needs before
 * it runs (its chunk, the chunks it imports statically, recursively, and their CSS) that the entry
 * does not load already. Fails the build when a route's module or layout is not a chunk of its own
 * (moved, renamed, or no longer lazy).
 */
export function routePreloads(
  chunks: readonly ChunkFacts[],
  routes: readonly LandingRoute[],
  root: string,
): Array<[pattern: string, files: string[]]> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: ChunkFacts, files = new Set<string>()): Set<string> => {
    if (files.has(start.fileName)) return files;
    files.add(start.fileName);
    for (const css of start.css) files.add(css);
    for (const imported of start.imports) {
      const chunk = byFile.get(imported);
      if (chunk) closure(chunk, files);
    }
    return files;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('route-preload: the bundle has no entry chunk');
  const loaded = closure(entry);
  return routes.map((route) => {
    const needed = new Set<string>();
    for (const module of route.layout === undefined ? [route.module] : [route.module, route.layout]) {
      const file = path.resolve(root, module);
      const chunk = chunks.find((c) => c.facadeModuleId !== null && path.resolve(c.facadeModuleId) === file);
      if (!chunk) throw new Error(`route-preload: ${module} is not a chunk of its own in the bundle`);
      closure(chunk, needed);
    }
    const files = [...needed].filter((f) => !loaded.has(f)).sort((a, b) => a.localeCompare(b));
    return [route.pattern.source, files];
  });
}

/**
 * The inline script that asks for the landing page's files while the entry downloads: modulepreload
 * links for its chunks, style preloads for its CSS. Both are anonymous-CORS requests like the ones
 * Vite's loader makes later, so the loader finds them in the cache (and skips a chunk already linked).
 */
export function preloadScript(preloads: ReadonlyArray<readonly [string, readonly string[]]>): string {
  return (
    '(function(){' +
    `var r=${JSON.stringify(preloads)},p=location.pathname;` +
    'for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){' +
    'for(var j=0;j<r[i][1].length;j++){var f=r[i][1][j],l=document.createElement("link");' +
    'if(/\\.css$/.test(f)){l.rel="preload";l.as="style"}else l.rel="modulepreload";' +
    'l.crossOrigin="";l.href="/"+f;document.head.appendChild(l)}return}})();'
  );
}

/**
 * The inline script at the end of <body> that asks for the app's code: the entry's module
 * preloads and module script (which Vite writes into <head>; moved here) and the landing page's
 * own files (`preloadScript`). A document holding a page's first screen (`data-first-screen`,
 * scripts/first-screens.ts) paints that screen first and asks for the code in the task after the
 * frame: on a phone's link the code then does not compete with the document for the first paint,
 * and the screen is on view at once. Elsewhere (the generic screen, a hidden tab) it asks at once.
 */
export function loaderScript(
  entry: { script: string; preloads: readonly string[] },
  pagePreloads: string,
): string {
  return (
    '(function(){function go(){' +
    `var e=${JSON.stringify(entry.preloads)};` +
    'for(var i=0;i<e.length;i++){var l=document.createElement("link");' +
    'l.rel="modulepreload";l.crossOrigin="";l.href=e[i];document.head.appendChild(l)}' +
    'var s=document.createElement("script");' +
    `s.type="module";s.crossOrigin="";s.src=${JSON.stringify(entry.script)};document.head.appendChild(s);` +
    pagePreloads +
    '}if(document.querySelector("[data-first-screen]")&&document.visibilityState!=="hidden")' +
    'requestAnimationFrame(function(){setTimeout(go,0)});else go()})();'
  );
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const ENTRY_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * index.html as the build writes it, its code asked for by `loaderScript` at the end of <body>
 * instead of by <head>'s module script and preload links.
 */
export function withLoader(html: string, pagePreloads: string): string {
  const scripts = [...html.matchAll(ENTRY_SCRIPT)].map((m) => m[1]!);
  if (scripts.length !== 1) throw new Error('route-preload: index.html must have one module script');
  const preloads = [...html.matchAll(ENTRY_PRELOAD)].map((m) => m[1]!);
  const at = html.lastIndexOf('</body>');
  if (at < 0) throw new Error('route-preload: index.html has no </body>');
  const loader = `<script>${loaderScript({ script: scripts[0]!, preloads }, pagePreloads)}</script>\n  `;
  const body = html.slice(0, at) + loader + html.slice(at);
  return body.replace(ENTRY_SCRIPT, '').replace(ENTRY_PRELOAD, '');
}

/**
 * The build's index.html asks for a landing page's own code at once, beside the entry, instead of
 * once the entry has run and the router has matched the page: on a phone that takes a round trip
 * and the entry's download off the page's first render. The server allows the loader by its hash,
 * like the pre-paint script (apps/server/src/http/security-headers.ts).
 */
export function routePreload({ root, routes }: { root: string; routes: readonly LandingRoute[] }): Plugin {
  return {
    name: 'linguaspark:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = bundleChunks(ctx.bundle);
        return withLoader(html, preloadScript(routePreloads(chunks, routes, root)));
      },
    },
  };
}
