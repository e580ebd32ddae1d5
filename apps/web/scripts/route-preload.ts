import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
import type { LandingRoute as FullLandingRoute } from '../src/app/landing-routes.ts';

/** What this plugin reads of a landing page (src/app/landing-routes.ts): its pattern and module. */
export type LandingRoute = Pick<FullLandingRoute, 'pattern' | 'module'>;

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
 * For each landing route, the files its page module needs before it runs (its chunk, the chunks it
 * imports statically, recursively, and their CSS) that the entry does not load already. Fails the
 * build when a route's module is not a chunk of its own (moved, renamed, or no longer lazy).
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
    const file = path.resolve(root, route.module);
    const chunk = chunks.find((c) => c.facadeModuleId !== null && path.resolve(c.facadeModuleId) === file);
    if (!chunk) throw new Error(`route-preload: ${route.module} is not a chunk of its own in the bundle`);
    const files = [...closure(chunk)].filter((f) => !loaded.has(f)).sort((a, b) => a.localeCompare(b));
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
 * The build's index.html starts downloading a landing page's own code at once, beside the entry,
 * instead of once the entry has run and the router has matched the page: on a phone that takes a
 * round trip and the entry's download off the page's first render. The server allows the script by
 * its hash, like the pre-paint one (apps/server/src/http/security-headers.ts).
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
        const script = `<script>${preloadScript(routePreloads(chunks, routes, root))}</script>\n    `;
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('route-preload: index.html has no module script');
        return html.slice(0, at) + script + html.slice(at);
      },
    },
  };
}
