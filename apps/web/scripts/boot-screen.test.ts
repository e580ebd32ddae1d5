import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANDING_ROUTES } from '../src/app/landing-routes.ts';
import { buildTheme } from '../src/lib/antd/theme.ts';
import { antdStaticStyle } from './antd-static-style.ts';
import { firstPaintCss, inlineFirstPaintCss } from './boot-screen.ts';
import { renderFirstScreens } from './first-screens.ts';

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
  let markup = '';
  let home = '';
  let ielts = '';
  let booking = '';
  /** A screen's part in one language. */
  const inLanguage = (screen: string, lang: string) => {
    const start = screen.indexOf(`<div class="ls-boot-lang" data-boot-lang="${lang}">`);
    expect(start, lang).toBeGreaterThan(0);
    const next = screen.indexOf('<div class="ls-boot-lang" data-boot-lang=', start + 1);
    return screen.slice(start, next < 0 ? undefined : next);
  };

  beforeAll(async () => {
    markup = await renderFirstScreens({
      root,
      routes: LANDING_ROUTES,
      plugins: [react(), antdStaticStyle({ root, buildTheme })],
    });
    home = markup.slice(
      markup.indexOf('<div class="ls-boot-home"'),
      markup.indexOf('<div class="ls-boot-ielts"'),
    );
    ielts = markup.slice(
      markup.indexOf('<div class="ls-boot-ielts"'),
      markup.indexOf('<div class="ls-boot-booking"'),
    );
    booking = markup.slice(markup.indexOf('<div class="ls-boot-booking"'));
  }, 120_000);

  it('has one screen per landing page with a first screen of its own, after the generic one', () => {
    const screens = [...markup.matchAll(/<div class="([^"]+)" aria-busy="true">/g)].map((m) => m[1]);
    expect(screens).toEqual([
      'ls-boot ls-boot-generic',
      ...LANDING_ROUTES.filter((route) => route.firstScreen).map((route) => `ls-boot-${route.id}`),
    ]);
  });

  it('names the brand in both languages on the generic screen, from the locale files', () => {
    const generic = markup.slice(0, markup.indexOf('<div class="ls-boot-home"'));
    expect(generic).toContain('<div class="ls-boot ls-boot-generic" aria-busy="true">');
    for (const lang of LANGS) {
      expect(generic).toContain(
        `<span class="ls-boot-name" lang="${lang}">${locale('app', lang).brand!.name}</span>`,
      );
    }
    expect(generic).toContain('<div class="ls-boot-spinner"></div>');
  });

  it("draws the header's brand once per screen, in both languages", () => {
    for (const screen of [home, ielts, booking]) {
      expect(screen).toMatch(/^<div class="ls-boot-[a-z]+" aria-busy="true"><div class="ls-header">/);
      for (const lang of LANGS) {
        expect(screen).toContain(
          `<span class="ls-brand-name ls-boot-lang" data-boot-lang="${lang}">${locale('app', lang).brand!.name}</span>`,
        );
      }
    }
  });

  it("is the home page's hero in each language, from the locale files, and the list's skeleton", () => {
    for (const lang of LANGS) {
      const page = inLanguage(home, lang);
      const app = locale('app', lang);
      expect(page).toContain(`<span class="ls-pill">${html(locale('home', lang).home!.eyebrow!)}</span>`);
      expect(page).toContain(`class="ls-hero-title">${html(app.brand!.name!)}</h1>`);
      expect(page).toContain(`<p class="ls-hero-tagline">${html(app.brand!.tagline!)}</p>`);
      // The teacher list is loading: its skeleton, no teacher.
      expect(page).toContain('aria-busy="true"');
      expect(page).not.toContain('ls-t-card-name');
    }
    // The IELTS link is for Chinese readers only, as on the page.
    const ieltsLink = (lang: string) => html(locale('home', lang).home!.ctaIelts!);
    expect(inLanguage(home, 'zh-Hans')).toContain(
      `href="/ielts" data-discover="true">${ieltsLink('zh-Hans')}</a>`,
    );
    expect(inLanguage(home, 'en')).not.toContain(`>${ieltsLink('en')}</a>`);
  });

  it("is the IELTS overview's subnav and hero in each language, with the page's own classes", () => {
    for (const lang of LANGS) {
      const page = inLanguage(ielts, lang);
      const strings = locale('ielts', lang).ielts!;
      expect(page).toContain(`<nav class="ls-pill-nav" aria-label="${html(strings.subnavLabel!)}">`);
      expect(page).toContain(
        `<a aria-current="page" class="active" href="/ielts" data-discover="true">${html(strings.navOverview!)}</a>`,
      );
      expect(page).toContain(`<h1 class="ls-ielts-title">${html(strings.indexTitle!)}</h1>`);
      expect(page).toContain(`<p class="ls-muted ls-ielts-intro">${html(strings.indexIntro!)}</p>`);
    }
  });

  it("is the booking page's way back and hint in each language; the zone and the week's dates are the browser's", () => {
    for (const lang of LANGS) {
      const page = inLanguage(booking, lang);
      const strings = locale('courses', lang).courses as unknown as Record<string, Record<string, string>>;
      const [before, after] = strings.booking!.zoneNote!.split('{{zone}}');
      expect(page).toContain(
        `<p class="ls-muted ls-small ls-t-booking-hint">${html(strings.booking!.pickHint!)} ` +
          `<span class="ls-boot-zone-note">${html(before!)}<span class="ls-boot-zone"></span>${html(after!)}</span></p>`,
      );
      expect(page).toContain(`${html(strings.booking!.back!)}</a>`);
      expect(page).toContain('<span class="ls-t-slots-range" aria-live="polite"></span>');
    }
    expect(booking).not.toMatch(/\d\d\/\d\d/);
  });

  it('keeps every id unique in the document and leaves the test ids to the app', () => {
    const ids = [...markup.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(markup).not.toContain('data-testid');
    expect(markup).not.toContain('aria-labelledby');
  });
});

describe('first-paint styles', () => {
  const html =
    `<html><head><script>root.classList.toggle('dark', d);root.classList.toggle('ls-route-home', h);</script></head>` +
    `<body><div id="root"><div class="ls-boot ls-boot-generic"><div class="ls-boot-spinner"></div></div></div></body></html>`;
  const css = [
    ':root{--ls-bg:#fff}',
    'html.dark{--ls-bg:#000}',
    'body{margin:0}',
    '.ls-boot{display:flex}',
    '.ls-boot-spinner{animation:ls-spin .8s linear infinite}',
    '@keyframes ls-spin{to{transform:rotate(360deg)}}',
    '@keyframes ls-other{to{opacity:0}}',
    'html.ls-route-home .ls-boot-generic{display:none}',
    '.ls-header .ant-btn{color:red}',
    '.ls-t-card,.ls-boot{gap:4px}',
    '@media (max-width:767.98px){.ls-boot{padding:0}.ls-footer{margin:0}}',
    '@media (min-width:992px){.ls-footer{margin:1px}}',
  ].join('\n');
  const inline = firstPaintCss(css, html);

  it('keeps the rules whose classes the page can have before the app runs', () => {
    for (const kept of [
      ':root{--ls-bg:#fff}',
      'html.dark{--ls-bg:#000}',
      'body{margin:0}',
      '.ls-boot{display:flex}',
      'html.ls-route-home .ls-boot-generic{display:none}',
      '.ls-t-card,.ls-boot{gap:4px}',
      '@keyframes ls-spin{to{transform:rotate(360deg)}}',
    ]) {
      expect(inline).toContain(kept);
    }
    expect(inline).toContain('@media (max-width:767.98px){.ls-boot{padding:0}}');
  });

  it('drops rules naming other classes, empty media blocks and keyframes nothing runs', () => {
    expect(inline).not.toContain('ant-btn');
    expect(inline).not.toContain('ls-footer');
    expect(inline).not.toContain('min-width:992px');
    expect(inline).not.toContain('ls-other');
  });

  it('inlines them and turns the stylesheet into a preload the app links itself', () => {
    const page = html.replace(
      '</head>',
      '<link rel="stylesheet" crossorigin href="/assets/index-Ab_1.css"></head>',
    );
    const out = inlineFirstPaintCss(page, (file) => (file === 'assets/index-Ab_1.css' ? css : undefined));
    expect(out).not.toContain('rel="stylesheet"');
    expect(out).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/index-Ab_1.css" data-app-stylesheet>',
    );
    expect(out).toContain(`<style data-first-paint>${inline}</style>`);
  });

  it('fails the build when index.html has no stylesheet to preload or the bundle lacks it', () => {
    expect(() => inlineFirstPaintCss(html, () => css)).toThrow(/no stylesheet/);
    const page = html.replace(
      '</head>',
      '<link rel="stylesheet" crossorigin href="/assets/index-X.css"></head>',
    );
    expect(() => inlineFirstPaintCss(page, () => undefined)).toThrow(/not in the bundle/);
  });
});
