import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { preloadScript, routePreloads, type ChunkFacts } from './route-preload.ts';

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
