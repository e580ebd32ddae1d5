import postcss, { type AtRule } from 'postcss';
import type { Plugin } from 'vite';

/** After the build has linked the stylesheet into index.html: see inlineFirstPaintCss. */
export function firstPaintStyles(): Plugin {
  return {
    name: 'linguaspark:first-paint-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return inlineFirstPaintCss(html, (file) => {
          const asset = ctx.bundle?.[file];
          return asset?.type === 'asset' ? String(asset.source) : undefined;
        });
      },
    },
  };
}

/**
 * Class names a page can have before the app runs: those in the markup (`class="a b"`) and those
 * index.html's pre-paint script puts on <html> (`classList.toggle('dark', …)`).
 */
function classesIn(html: string): Set<string> {
  const names = new Set<string>();
  for (const m of html.matchAll(/\bclass="([^"]*)"/g))
    for (const name of (m[1] ?? '').split(/\s+/)) names.add(name);
  for (const m of html.matchAll(/classList\.toggle\('([\w-]+)'/g)) names.add(m[1]!);
  names.delete('');
  return names;
}

/**
 * The rules of `css` that can style the start-up screens of index.html `html`: those with a selector
 * whose classes all appear there (`:root`, `html.dark`, `body`, `*` and bare elements qualify; anything
 * naming another class does not), inside @media and @supports as well, and the @keyframes they run.
 */
export function firstPaintCss(css: string, html: string): string {
  const known = classesIn(html);
  const root = postcss.parse(css);
  const fits = (selector: string) =>
    [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].every((m) => known.has(m[1]!));
  root.walkRules((rule) => {
    const parent = rule.parent;
    if (parent?.type === 'atrule' && /keyframes$/i.test((parent as AtRule).name)) return;
    if (!rule.selectors.some(fits)) rule.remove();
  });
  const animations = new Set<string>();
  root.walkDecls(/^animation(-name)?$/, (decl) => {
    for (const word of decl.value.split(/[\s,]+/)) animations.add(word);
  });
  root.walkAtRules((at) => {
    if (/keyframes$/i.test(at.name)) {
      if (!animations.has(at.params.trim())) at.remove();
    } else if (/^(media|supports)$/i.test(at.name)) {
      if (!at.nodes?.length) at.remove();
    } else if (!/^(font-face|layer)$/i.test(at.name)) {
      at.remove();
    }
  });
  // Nested empty blocks left behind once their rules went.
  root.walkAtRules((at) => {
    if (at.nodes && at.nodes.length === 0) at.remove();
  });
  root.walkComments((comment) => {
    comment.remove();
  });
  // The built stylesheet is minified already; only the line breaks between what is left go.
  root.walk((node) => {
    node.raws.before = '';
    if ('after' in node.raws) node.raws.after = '';
  });
  return root.toString();
}

/**
 * The build's last step on index.html: the stylesheet of the app no longer holds up the first paint.
 * The rules the start-up screens need go inline (they stay in the stylesheet too, so the cascade
 * after it loads is exactly as before), and the stylesheet becomes a preload that the app turns into
 * a stylesheet before its first render (src/lib/app-stylesheet.ts). On a phone the page is drawn as
 * soon as the HTML arrives, instead of after the stylesheet, which shares the line with the scripts.
 */
export function inlineFirstPaintCss(html: string, readAsset: (file: string) => string | undefined): string {
  const link = /<link rel="stylesheet" crossorigin href="\/(assets\/index-[\w-]+\.css)">/.exec(html);
  if (!link) throw new Error('boot-screen: index.html has no stylesheet of the app to preload');
  const css = readAsset(link[1]!);
  if (css === undefined) throw new Error(`boot-screen: ${link[1]} is not in the bundle`);
  const inline = firstPaintCss(css, html);
  return html.replace(
    link[0],
    `<style data-first-paint>${inline}</style>\n    ` + appStylesheetPreload(link[1]!),
  );
}

/** The preload that stands for the app's stylesheet in the built index.html (`file`: assets/…css). */
function appStylesheetPreload(file: string): string {
  return `<link rel="preload" as="style" crossorigin href="/${file}" data-app-stylesheet>`;
}

/** The app's stylesheet (assets/…css) that the built index.html preloads, read back from it. */
export function preloadedAppStylesheet(html: string): string | undefined {
  const [before, after] = appStylesheetPreload('\0').split('\0');
  const at = html.indexOf(before!);
  if (at < 0) return undefined;
  const start = at + before!.length;
  const end = html.indexOf(after!, start);
  return end < 0 ? undefined : html.slice(start, end);
}
