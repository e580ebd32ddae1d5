import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { preloadScript, routePreloads, withLoader, type ChunkFacts } from './route-preload.ts';

const root = '/app/web';
const chunk = (fileName: string, facts: Partial<ChunkFacts> = {}): ChunkFacts => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  css: [],
  ...facts,
});

// The entry loads react and a shared helper; the timetable page shares that helper and has its own
// chunk of components (with CSS) that imports react too.
const chunks = [
  chunk('assets/index-1.js', { isEntry: true, imports: ['assets/react-1.js', 'assets/shared-1.js'] }),
  chunk('assets/react-1.js'),
  chunk('assets/shared-1.js', { css: ['assets/shared-1.css'] }),
  chunk('assets/timetable-1.js', {
    facadeModuleId: '/app/web/src/timetable.tsx',
    imports: ['assets/shared-1.js', 'assets/week-1.js'],
    css: ['assets/timetable-1.css'],
  }),
  chunk('assets/week-1.js', {
    imports: ['assets/react-1.js', 'assets/timetable-1.js'],
    css: ['assets/week-1.css'],
  }),
  chunk('assets/dialog-1.js', { facadeModuleId: '/app/web/src/dialog.tsx' }),
  chunk('assets/frame-1.js', {
    facadeModuleId: '/app/web/src/frame.tsx',
    imports: ['assets/shared-1.js', 'assets/icons-1.js'],
    css: ['assets/frame-1.css'],
  }),
  chunk('assets/icons-1.js'),
];

describe('route preloads', () => {
  it("lists a page's chunk, its static imports and their CSS, less what the entry loads", () => {
    const preloads = routePreloads(
      chunks,
      [{ pattern: /^\/course\/index\/?$/, module: 'src/timetable.tsx' }],
      root,
    );
    expect(preloads).toEqual([
      [
        '^\\/course\\/index\\/?$',
        ['assets/timetable-1.css', 'assets/timetable-1.js', 'assets/week-1.css', 'assets/week-1.js'],
      ],
    ]);
  });

  it("adds the page's layout with its own imports, each file once", () => {
    const preloads = routePreloads(
      chunks,
      [
        { pattern: /^\/user\/home$/, module: 'src/dialog.tsx', layout: 'src/frame.tsx' },
        { pattern: /^\/course\/index$/, module: 'src/timetable.tsx', layout: 'src/frame.tsx' },
      ],
      root,
    );
    expect(preloads).toEqual([
      [
        '^\\/user\\/home$',
        ['assets/dialog-1.js', 'assets/frame-1.css', 'assets/frame-1.js', 'assets/icons-1.js'],
      ],
      [
        '^\\/course\\/index$',
        [
          'assets/frame-1.css',
          'assets/frame-1.js',
          'assets/icons-1.js',
          'assets/timetable-1.css',
          'assets/timetable-1.js',
          'assets/week-1.css',
          'assets/week-1.js',
        ],
      ],
    ]);
    expect(() =>
      routePreloads(chunks, [{ pattern: /^\/x$/, module: 'src/dialog.tsx', layout: 'src/gone.tsx' }], root),
    ).toThrow(/src\/gone\.tsx is not a chunk/);
  });

  it('fails the build when a page module is not a chunk of its own, or there is no entry', () => {
    expect(() => routePreloads(chunks, [{ pattern: /^\/x$/, module: 'src/gone.tsx' }], root)).toThrow(
      /src\/gone\.tsx is not a chunk/,
    );
    expect(() => routePreloads(chunks.slice(1), [], root)).toThrow(/no entry/);
  });
});

/** Runs the inline script against a page at `pathname`; returns the links it added to <head>. */
function runScript(script: string, pathname: string) {
  const added: Array<Record<string, string>> = [];
  const document = {
    createElement: () => ({}) as Record<string, string>,
    head: { appendChild: (link: Record<string, string>) => added.push(link) },
  };
  vm.runInNewContext(script, { document, location: { pathname } });
  return added;
}

describe('the inline preload script', () => {
  const script = preloadScript([
    ['^\\/$', ['assets/home-1.js']],
    ['^\\/course\\/index\\/?$', ['assets/timetable-1.css', 'assets/timetable-1.js']],
  ]);

  it('asks for the matching page’s chunks as module preloads and its CSS as style preloads', () => {
    expect(runScript(script, '/course/index/')).toEqual([
      { rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/timetable-1.css' },
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/timetable-1.js' },
    ]);
    expect(runScript(script, '/')).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/home-1.js' },
    ]);
  });

  it('asks for nothing on other pages', () => {
    expect(runScript(script, '/course/list')).toEqual([]);
    expect(runScript(script, '/course/index/7')).toEqual([]);
  });
});

const BUILT = [
  '<!doctype html><html><head><script>/* pre-paint */</script>',
  '<script type="module" crossorigin src="/assets/index-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
  '<link rel="preload" as="style" crossorigin href="/assets/index-1.css" data-app-stylesheet>',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

/**
 * Runs the document's loader in a page whose body holds a first screen (or not) and whose tab is
 * visible (or not); returns what it added to <head> at once, and after the next frame and task.
 */
function runLoader(html: string, page: { firstScreen: boolean; hidden?: boolean; pathname?: string }) {
  const loader = /<script>(\(function\(\)\{function go[\s\S]*?)<\/script>/.exec(html)![1]!;
  const added: string[] = [];
  const later: Array<() => void> = [];
  const document = {
    visibilityState: page.hidden ? 'hidden' : 'visible',
    querySelector: (selector: string) => (selector === '[data-first-screen]' && page.firstScreen ? {} : null),
    createElement: (tag: string) => ({ tag }) as Record<string, string>,
    head: {
      appendChild: (el: Record<string, string>) =>
        added.push(el.tag === 'script' ? `script ${el.type} ${el.src}` : `${el.rel} ${el.href}`),
    },
  };
  vm.runInNewContext(loader, {
    document,
    location: { pathname: page.pathname ?? '/course/index' },
    requestAnimationFrame: (run: () => void) => later.push(run),
    setTimeout: (run: () => void) => later.push(run),
  });
  const atOnce = [...added];
  while (later.length > 0) later.shift()!();
  return { atOnce, after: added };
}

describe('the loader', () => {
  const html = withLoader(BUILT, preloadScript([['^\\/course\\/index\\/?$', ['assets/timetable-1.js']]]));
  const code = [
    'modulepreload /assets/react-1.js',
    'script module /assets/index-1.js',
    'modulepreload /assets/timetable-1.js',
  ];

  it("moves <head>'s module script and module preloads into one inline script at the end of <body>", () => {
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    expect(html).toContain('data-app-stylesheet');
    expect(html.indexOf('function go')).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(html.indexOf('function go')).toBeLessThan(html.indexOf('</body>'));
  });

  it('asks for the code after the first frame when the document holds a first screen', () => {
    expect(runLoader(html, { firstScreen: true })).toEqual({ atOnce: [], after: code });
  });

  it('asks at once on the generic screen and in a hidden tab', () => {
    expect(runLoader(html, { firstScreen: false }).atOnce).toEqual(code);
    expect(runLoader(html, { firstScreen: true, hidden: true }).atOnce).toEqual(code);
    expect(runLoader(html, { firstScreen: false, pathname: '/help/faq' }).atOnce).toEqual(code.slice(0, 2));
  });

  it('fails the build when index.html has no module script or no body', () => {
    expect(() => withLoader('<html><body></body></html>', '')).toThrow(/one module script/);
    expect(() => withLoader(BUILT.replace('</body>', ''), '')).toThrow(/no <\/body>/);
  });
});
