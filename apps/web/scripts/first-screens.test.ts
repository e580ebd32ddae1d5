import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANDING_ROUTES, type LandingRoute } from '../src/app/landing-routes.ts';
import { buildTheme } from '../src/lib/antd/theme.ts';
import { antdStaticStyle } from './antd-static-style.ts';
import { firstScreensManifest } from './first-screens-manifest.ts';
import { landingDocument, renderFirstScreens, type FirstScreens } from './first-screens.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const localesDir = fileURLToPath(new URL('../src/locales', import.meta.url));
const locale = (area: string, lang: string) =>
  JSON.parse(fs.readFileSync(`${localesDir}/${area}/${lang}.json`, 'utf8')) as Record<
    string,
    Record<string, string>
  >;
/** Text as React writes it into HTML. */
const html = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!,
  );
const LANGS = ['zh-Hans', 'en'] as const;

describe('start-up screens, rendered from the pages as the build does', () => {
  let screens: FirstScreens;
  const page = (id: string) => {
    const markup = screens.pages.get(id as never);
    expect(markup, id).toBeDefined();
    return markup!;
  };
  /** A screen's part in one language. */
  const inLanguage = (screen: string, lang: string) => {
    const start = screen.indexOf(`<div class="ls-boot-lang" data-boot-lang="${lang}">`);
    expect(start, lang).toBeGreaterThan(0);
    const next = screen.indexOf('<div class="ls-boot-lang" data-boot-lang=', start + 1);
    return screen.slice(start, next < 0 ? undefined : next);
  };

  beforeAll(async () => {
    screens = await renderFirstScreens({
      root,
      routes: LANDING_ROUTES,
      plugins: [react(), antdStaticStyle({ root, buildTheme })],
    });
  }, 120_000);

  it('has one screen per landing page with a first screen of its own, each in a frame of its own', () => {
    const ids = LANDING_ROUTES.filter((route) => route.firstScreen).map((route) => route.id);
    expect([...screens.pages.keys()]).toEqual(ids);
    for (const id of ids) {
      expect(page(id)).toMatch(
        new RegExp(
          `^<div class="ls-boot-page" data-first-screen="${id}" aria-busy="true"><div class="ls-header">`,
        ),
      );
      // Its own page only.
      expect(page(id).match(/data-first-screen=/g)).toHaveLength(1);
    }
  });

  it('names the brand in both languages on the generic screen, from the locale files', () => {
    expect(screens.generic).toContain('<div class="ls-boot ls-boot-generic" aria-busy="true">');
    for (const lang of LANGS) {
      expect(screens.generic).toContain(
        `<span class="ls-boot-name" lang="${lang}">${locale('app', lang).brand!.name}</span>`,
      );
    }
    expect(screens.generic).toContain('<div class="ls-boot-spinner"></div>');
  });

  it("draws the header's brand once per screen, in both languages", () => {
    for (const id of screens.pages.keys()) {
      for (const lang of LANGS) {
        expect(page(id)).toContain(
          `<span class="ls-brand-name ls-boot-lang" data-boot-lang="${lang}">${locale('app', lang).brand!.name}</span>`,
        );
      }
    }
  });

  it("is the home page's hero in each language, from the locale files, and the list's skeleton", () => {
    for (const lang of LANGS) {
      const home = inLanguage(page('home'), lang);
      const app = locale('app', lang);
      expect(home).toContain(`<span class="ls-pill">${html(locale('home', lang).home!.eyebrow!)}</span>`);
      expect(home).toContain(`class="ls-hero-title">${html(app.brand!.name!)}</h1>`);
      expect(home).toContain(`<p class="ls-hero-tagline">${html(app.brand!.tagline!)}</p>`);
      // The teacher list is loading: its skeleton, no teacher.
      expect(home).toContain('aria-busy="true"');
      expect(home).not.toContain('ls-t-card-name');
    }
    // The IELTS link is for Chinese readers only, as on the page.
    const ieltsLink = (lang: string) => html(locale('home', lang).home!.ctaIelts!);
    expect(inLanguage(page('home'), 'zh-Hans')).toContain(
      `href="/ielts" data-discover="true">${ieltsLink('zh-Hans')}</a>`,
    );
    expect(inLanguage(page('home'), 'en')).not.toContain(`>${ieltsLink('en')}</a>`);
  });

  it("is the IELTS overview's subnav and hero in each language, with the page's own classes", () => {
    for (const lang of LANGS) {
      const ielts = inLanguage(page('ielts'), lang);
      const strings = locale('ielts', lang).ielts!;
      expect(ielts).toContain(`<nav class="ls-subnav" aria-label="${html(strings.subnavLabel!)}">`);
      expect(ielts).toContain(
        `<a aria-current="page" class="ls-subnav-link active" href="/ielts" data-discover="true">${html(strings.navOverview!)}</a>`,
      );
      expect(ielts).toContain(`<h1 class="ls-ielts-title">${html(strings.indexTitle!)}</h1>`);
      expect(ielts).toContain(`<p class="ls-muted ls-ielts-intro">${html(strings.indexIntro!)}</p>`);
    }
  });

  it("is the booking page's way back and hint in each language; the zone and the week's dates are the browser's", () => {
    for (const lang of LANGS) {
      const booking = inLanguage(page('booking'), lang);
      const strings = locale('courses', lang).courses as unknown as Record<string, Record<string, string>>;
      const [before, after] = strings.booking!.zoneNote!.split('{{zone}}');
      expect(booking).toContain(
        `<p class="ls-muted ls-small ls-t-booking-hint">${html(strings.booking!.pickHint!)} ` +
          `<span class="ls-boot-zone-note">${html(before!)}<span class="ls-boot-zone"></span>${html(after!)}</span></p>`,
      );
      expect(booking).toContain(`${html(strings.booking!.back!)}</a>`);
      expect(booking).toContain('<span class="ls-t-slots-range" aria-live="polite"></span>');
    }
    expect(page('booking')).not.toMatch(/\d\d\/\d\d/);
  });

  it('keeps every id unique in each document and leaves the test ids to the app', () => {
    for (const markup of [screens.generic, ...screens.pages.values()]) {
      const ids = [...markup.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(ids).size).toBe(ids.length);
      expect(markup).not.toContain('data-testid');
      expect(markup).not.toContain('aria-labelledby');
    }
  });
});

describe("a landing page's document", () => {
  const generic =
    '<div class="ls-boot ls-boot-generic" aria-busy="true"><div class="ls-boot-spinner"></div></div>';
  const index =
    `<html><head><script>root.classList.toggle('dark', d);</script>` +
    `<style data-first-paint>.ls-boot{display:flex}</style></head>` +
    `<body><div id="root">${generic}</div><script type="module" src="/assets/index.js"></script></body></html>`;
  const css = [
    '.ls-boot{display:flex}',
    'html.dark .ls-hero{color:#fff}',
    '.ls-hero{margin:0}',
    '.ls-t-card{gap:4px}',
    '.ls-footer{margin:0}',
  ].join('\n');
  const screen =
    '<div class="ls-boot-page" data-first-screen="home"><section class="ls-hero"></section></div>';

  it("holds the page's screen instead of the generic one, with the first paint's styles for it", () => {
    const document = landingDocument(index, generic, screen, css);
    expect(document).toContain(`<div id="root">${screen}</div>`);
    expect(document).not.toContain('ls-boot-generic');
    expect(document).toContain(
      '<style data-first-paint>html.dark .ls-hero{color:#fff}.ls-hero{margin:0}</style>',
    );
  });

  it("keeps index.html's inline scripts as they are, so the server's script hashes cover it", () => {
    const scripts = (page: string) =>
      [...page.matchAll(/<script\b[^>]*>[\s\S]*?<\/script>/g)].map((m) => m[0]);
    expect(scripts(landingDocument(index, generic, screen, css))).toEqual(scripts(index));
  });

  it('fails the build when index.html does not hold the generic screen once, or has no first-paint styles', () => {
    expect(() => landingDocument(index.replace(generic, ''), generic, screen, css)).toThrow(
      /generic screen once/,
    );
    expect(() => landingDocument(index.replace(generic, generic + generic), generic, screen, css)).toThrow(
      /generic screen once/,
    );
    expect(() =>
      landingDocument(index.replace(/<style data-first-paint>[^<]*<\/style>/, ''), generic, screen, css),
    ).toThrow(/no first-paint styles/);
  });
});

describe('the list of documents the server reads', () => {
  it('names each landing page with a first screen, its pattern and its document', () => {
    const { documents } = firstScreensManifest(LANDING_ROUTES);
    expect(documents.map((d) => d.id)).toEqual(
      LANDING_ROUTES.filter((route) => route.firstScreen).map((route) => route.id),
    );
    for (const { id, pattern, document } of documents) {
      expect(new RegExp(pattern).source).toBe(
        LANDING_ROUTES.find((route) => route.id === id)!.pattern.source,
      );
      expect(document).toBe(`first-screens/${id}.html`);
    }
  });

  it('refuses a pattern with flags, which the server could not rebuild from its source', () => {
    const route: LandingRoute = {
      id: 'home',
      pattern: /^\/$/i,
      module: 'src/app/routes/home.tsx',
      firstScreen: true,
    };
    expect(() => firstScreensManifest([route])).toThrow(/no flags/);
  });
});
