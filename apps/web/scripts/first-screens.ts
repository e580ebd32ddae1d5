import { createServer, type PluginOption, type Plugin } from 'vite';
import type { RenderedScreens } from '../src/app/first-screens.tsx';
import type { LandingRoute, LandingRouteId } from '../src/app/landing-routes.ts';

/** Where index.html takes the start-up screens. */
const PLACEHOLDER = '<!-- boot-screens -->';
/** The module that renders them (in Node, with the app's own modules). */
const ENTRY = '/src/app/first-screens.tsx';
/**
 * A zone other than Beijing time while the screens render: the booking page then writes its zone
 * note, whose zone the pre-paint script names in the browser (see bookingZoneNote).
 */
const RENDER_ZONE = 'Europe/London';

type FirstScreensModule = {
  LANGUAGES: readonly string[];
  renderFirstScreens: (ids: readonly LandingRouteId[]) => Promise<RenderedScreens>;
};

/**
 * The rendered screens as index.html holds them. What only the browser knows: the student's time
 * zone and today. The booking page's zone note (shown outside Beijing time) becomes one the
 * stylesheet shows when index.html's pre-paint script has marked <html> with `ls-zone-other` and
 * named the zone (`--ls-boot-zone`); the week's dates over the slots are left for the page to
 * write. And each screen is there in both languages, and is replaced by the app: the element ids
 * (and what refers to them) and test ids go, so that each stays unique in the document.
 */
export function withBrowserFacts(markup: string, zone = RENDER_ZONE): string {
  const notes = /<span data-testid="booking-zone-note">([^<]*)<\/span>/g;
  return markup
    .replace(notes, (_note, text: string) => {
      const [before = '', after = ''] = text.split(zone);
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
}): Promise<string> {
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
    const markup =
      first.generic +
      ids
        .map(
          (id) =>
            `<div class="ls-boot-${id}" aria-busy="true">${first.headers[id]}<div class="ls-main">` +
            rendered.map((screens) => screens.pages[id]).join('') +
            `</div></div>`,
        )
        .join('');
    return withBrowserFacts(markup);
  } finally {
    await vite.close();
    if (previousNavigator) Object.defineProperty(globalThis, 'navigator', previousNavigator);
    else Reflect.deleteProperty(globalThis, 'navigator');
    if (previousZone === undefined) delete process.env.TZ;
    else process.env.TZ = previousZone;
  }
}

/**
 * index.html's start-up screens (src/app/first-screens.tsx), rendered once per build or dev server
 * from the pages themselves. `plugins` are those the app's modules need (JSX, antd's static styles).
 */
export function firstScreens(options: {
  root: string;
  routes: readonly LandingRoute[];
  plugins: () => PluginOption[];
}): Plugin {
  let rendered: Promise<string> | undefined;
  return {
    name: 'linguaspark:first-screens',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(PLACEHOLDER)) throw new Error(`first-screens: index.html has no ${PLACEHOLDER}`);
        rendered ??= renderFirstScreens({ ...options, plugins: options.plugins() });
        return html.replace(PLACEHOLDER, await rendered);
      },
    },
  };
}
