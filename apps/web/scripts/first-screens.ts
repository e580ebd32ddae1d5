import fs from 'node:fs';
import path from 'node:path';
import { createServer, type PluginOption, type Plugin } from 'vite';
import type { RenderedScreens } from '../src/app/first-screens.tsx';
import type { LandingRoute, LandingRouteId } from '../src/app/landing-routes.ts';
import { firstPaintCss, preloadedAppStylesheet } from './first-paint-styles.ts';
import { FIRST_SCREENS_DIR, FIRST_SCREENS_MANIFEST, firstScreensManifest } from './first-screens-manifest.ts';
import { bundleChunks, routePreloads } from './route-preload.ts';
import { zoneName } from '../src/lib/time/zoned-time.ts';

/** Text as react-dom/server writes it in markup. */
const escapeText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Where index.html takes its start-up screen. */
const PLACEHOLDER = '<!-- boot-screens -->';
/** The module that renders the screens (in Node, with the app's own modules). */
const ENTRY = '/src/app/first-screens.tsx';
/**
 * A zone other than Beijing time while the screens render: the booking page then writes its zone
 * note, whose zone the pre-paint script names in the browser (see withBrowserFacts).
 */
const RENDER_ZONE = 'Europe/London';
type FirstScreensModule = {
  LANGUAGES: readonly string[];
  renderFirstScreens: (ids: readonly LandingRouteId[]) => Promise<RenderedScreens>;
};

/** The start-up screens as the documents hold them. */
export type FirstScreens = {
  /** index.html's: the brand and a spinner, both languages. */
  generic: string;
  /** Each landing page's own, for its document: the header's brand and the page in both languages. */
  pages: Map<LandingRouteId, string>;
};

/**
 * The rendered markup as a document holds it. What only the browser knows: the student's time zone
 * and today. The booking page's zone note (shown outside Beijing time) becomes one the stylesheet
 * shows when index.html's pre-paint script has marked <html> with `ls-zone-other` and named the
 * zone (`--ls-boot-zone`); the week's dates over the slots are left for the page to write. And each
 * page is there in both languages and is replaced by the app: the element ids (and what refers to
 * them) and test ids go, so that each stays unique in the document and tests find the app's; the
 * ids React made with the screen's prefix (the logo's gradient) stay.
 */
export function withBrowserFacts(markup: string, zone = RENDER_ZONE): string {
  const notes = /<span data-testid="booking-zone-note">([^<]*)<\/span>/g;
  // The note names the zone in its language (zoneName), as HTML text.
  const names = [zoneName(zone, 'en'), zoneName(zone, 'zh-Hans')].map(escapeText);
  return markup
    .replace(notes, (_note, text: string) => {
      const name = names.find((n) => text.includes(n)) ?? zone;
      const [before = '', after = ''] = text.split(name);
      return `<span class="ls-boot-zone-note">${before}<span class="ls-boot-zone"></span>${after}</span>`;
    })
    .replace(/(<span class="ls-t-slots-range"[^>]*>)[^<]*(<\/span>)/g, '$1$2')
    .replace(/ (?:data-testid|aria-labelledby|aria-controls|aria-describedby)="[^"]*"/g, '')
    .replace(/ id="(?!_ls-boot-)[^"]*"/g, '');
}

/**
 * Renders the start-up screens with the app's modules, in a Vite of its own (SSR, no server): once
 * per language, each time in fresh module instances under a browser of that language, so that
 * every store starts as it does for that student (a render on the server reads a store's initial
 * state).
 */
export async function renderFirstScreens({
  root,
  routes,
  plugins,
}: {
  root: string;
  routes: readonly LandingRoute[];
  plugins: PluginOption[];
}): Promise<FirstScreens> {
  const previousZone = process.env.TZ;
  const previousNavigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  process.env.TZ = RENDER_ZONE;
  const vite = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    plugins,
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const ids = routes.filter((route) => route.firstScreen).map((route) => route.id);
    const rendered: RenderedScreens[] = [];
    // The product's languages, from the app's own modules (the config cannot load the contract's).
    const { LANGUAGES } = (await vite.ssrLoadModule(ENTRY)) as FirstScreensModule;
    for (const lang of LANGUAGES) {
      Object.defineProperty(globalThis, 'navigator', {
        value: { language: lang, languages: [lang] },
        configurable: true,
        writable: true,
      });
      vite.moduleGraph.invalidateAll();
      const module = (await vite.ssrLoadModule(ENTRY)) as FirstScreensModule;
      const screens = await module.renderFirstScreens(ids);
      if (screens.lang !== lang) throw new Error(`first-screens: rendered ${screens.lang} for ${lang}`);
      rendered.push(screens);
    }
    const [first] = rendered;
    if (!first) throw new Error('first-screens: no language rendered');
    const pages = new Map(
      ids.map((id) => [
        id,
        withBrowserFacts(
          `<div class="ls-boot-page" data-first-screen="${id}" aria-busy="true">${first.headers[id]}` +
            `<div class="ls-main">${rendered.map((screens) => screens.pages[id]).join('')}</div></div>`,
        ),
      ]),
    );
    return { generic: first.generic, pages };
  } finally {
    await vite.close();
    if (previousNavigator) Object.defineProperty(globalThis, 'navigator', previousNavigator);
    else Reflect.deleteProperty(globalThis, 'navigator');
    if (previousZone === undefined) delete process.env.TZ;
    else process.env.TZ = previousZone;
  }
}

/**
 * A landing page's document, made from the built index.html: its start-up screen in #root in place
 * of the generic one, and the first paint's inline styles for that screen (`css`: the app's
 * stylesheet and the page's own, in the order they apply). Everything else, the inline scripts
 * included, is index.html's, so one script hash in the server's CSP covers every document.
 */
export function landingDocument(indexHtml: string, generic: string, screen: string, css: string): string {
  const parts = indexHtml.split(generic);
  if (parts.length !== 2)
    throw new Error('first-screens: the built index.html must hold the generic screen once');
  const html = parts.join(screen);
  const style = /<style data-first-paint>[^<]*<\/style>/.exec(html);
  if (!style) throw new Error('first-screens: the built index.html has no first-paint styles');
  return html.replace(style[0], () => `<style data-first-paint>${firstPaintCss(css, html)}</style>`);
}

/**
 * The start-up screens, rendered once per build (or dev server) from the pages themselves
 * (src/app/first-screens.tsx): index.html gets the generic one; each landing page with a first
 * screen of its own (src/app/landing-routes.ts) gets a document of its own in the build,
 * `first-screens/<id>.html`, listed with its page's pattern in `first-screens.json` for the server.
 * Each document carries its page's screen only: a phone downloads and lays out what it shows.
 * `plugins` are those the app's modules need (JSX, antd's static styles).
 */
export function firstScreens(options: {
  root: string;
  routes: readonly LandingRoute[];
  plugins: () => PluginOption[];
}): Plugin {
  let rendered: Promise<FirstScreens> | undefined;
  const render = () => (rendered ??= renderFirstScreens({ ...options, plugins: options.plugins() }));
  let outDir = 'dist';
  return {
    name: 'linguaspark:first-screens',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (html.split(PLACEHOLDER).length !== 2) {
          throw new Error(`first-screens: index.html must hold ${PLACEHOLDER} once`);
        }
        const { generic } = await render();
        return html.replace(PLACEHOLDER, () => generic);
      },
    },
    // After the files are written (index.html with its first-paint styles and preloads), before
    // the precompression of closeBundle.
    async writeBundle(_output, bundle) {
      const { generic, pages } = await render();
      const indexHtml = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const appCss = preloadedAppStylesheet(indexHtml);
      if (!appCss) throw new Error('first-screens: the built index.html has no app stylesheet preload');
      const read = (file: string) => fs.readFileSync(path.join(outDir, file), 'utf8');
      const chunks = bundleChunks(bundle);
      const manifest = firstScreensManifest(options.routes);
      fs.mkdirSync(path.join(outDir, FIRST_SCREENS_DIR), { recursive: true });
      for (const { id, document } of manifest.documents) {
        const route = options.routes.find((r) => r.id === id)!;
        const screen = pages.get(id);
        if (!screen) throw new Error(`first-screens: no screen rendered for ${id}`);
        const [, files = []] = routePreloads(chunks, [route], options.root)[0] ?? [];
        const css = [appCss, ...files.filter((file) => file.endsWith('.css'))].map(read).join('\n');
        fs.writeFileSync(path.join(outDir, document), landingDocument(indexHtml, generic, screen, css));
      }
      fs.writeFileSync(path.join(outDir, FIRST_SCREENS_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}
