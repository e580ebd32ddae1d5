import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { firstPaintCss, inlineFirstPaintCss, renderBootScreens } from './boot-screen.ts';

const localesDir = fileURLToPath(new URL('../src/locales', import.meta.url));
const locale = (area: string, lang: string) =>
  JSON.parse(fs.readFileSync(`${localesDir}/${area}/${lang}.json`, 'utf8')) as Record<
    string,
    Record<string, string>
  >;

describe('start-up screens', () => {
  const markup = renderBootScreens(localesDir);
  const home = markup.slice(
    markup.indexOf('<div class="ls-boot-home"'),
    markup.indexOf('<div class="ls-boot-ielts"'),
  );
  const ielts = markup.slice(
    markup.indexOf('<div class="ls-boot-ielts"'),
    markup.indexOf('<div class="ls-boot-booking"'),
  );
  const booking = markup.slice(markup.indexOf('<div class="ls-boot-booking"'));

  it('names the brand in both languages on the generic screen, from the locale files', () => {
    const generic = markup.slice(0, markup.indexOf('<div class="ls-boot-home"'));
    expect(generic).toContain('<div class="ls-boot ls-boot-generic" aria-busy="true">');
    for (const lang of ['zh-Hans', 'en']) {
      expect(generic).toContain(
        `<span class="ls-boot-name" lang="${lang}">${locale('app', lang).brand!.name}</span>`,
      );
    }
    expect(generic).toContain('<div class="ls-boot-spinner"></div>');
  });

  it('carries the brand, eyebrow and tagline of both languages from the locale files', () => {
    for (const lang of ['zh-Hans', 'en']) {
      const app = locale('app', lang);
      const homeStrings = locale('home', lang);
      expect(home).toContain(
        `data-boot-lang="${lang}"><span class="ls-pill">${homeStrings.home!.eyebrow}</span>`,
      );
      expect(home).toContain(`<h1 class="ls-hero-title">${app.brand!.name}</h1>`);
      expect(home).toContain(`<p class="ls-hero-tagline">${app.brand!.tagline}</p>`);
    }
  });

  it('only links where no script is needed: the teacher list and, in Chinese, IELTS', () => {
    const hrefs = [...home.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(['/#teachers-title', '/ielts', '/#teachers-title']);
    expect(home).not.toContain('<button');
  });

  it("draws the IELTS overview's subnav and hero in both languages, with the page's own classes", () => {
    expect(home.length).toBeGreaterThan(0);
    for (const lang of ['zh-Hans', 'en']) {
      const escaped = Object.entries(locale('ielts', lang).ielts!).map(([key, text]) => [
        key,
        typeof text === 'string' ? text.replaceAll("'", '&#39;') : text,
      ]);
      const strings = Object.fromEntries(escaped) as Record<string, string>;
      expect(ielts).toContain(`<div class="ls-ielts ls-boot-lang" data-boot-lang="${lang}">`);
      expect(ielts).toContain(`<nav class="ls-pill-nav" aria-label="${strings.subnavLabel}">`);
      expect(ielts).toContain(
        `<a href="/ielts" class="active" aria-current="page">${strings.navOverview}</a>`,
      );
      expect(ielts).toContain(
        `<section class="ls-ielts-hero"><span class="ls-pill">${strings.eyebrow}</span>` +
          `<h1 class="ls-ielts-title">${strings.indexTitle}</h1>` +
          `<p class="ls-muted ls-ielts-intro">${strings.indexIntro}</p></section>`,
      );
    }
    // Links only, as on the home screen: each goes to its IELTS page without the app.
    const hrefs = [...ielts.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(hrefs)).toEqual(
      new Set(['/ielts', '/ielts/issue', '/ielts/issue/detailed', '/ielts/SpeakingSamples']),
    );
    expect(ielts).not.toContain('<button');
  });

  it("draws the booking page's way back and hint in both languages, with the page's own classes", () => {
    expect(ielts.length).toBeGreaterThan(0);
    expect(booking).toMatch(/^<div class="ls-boot-booking" aria-busy="true"><div class="ls-header">/);
    for (const lang of ['zh-Hans', 'en']) {
      const strings = locale('courses', lang).courses as unknown as Record<string, Record<string, string>>;
      const [before, after] = strings.booking!.zoneNote!.split('{{zone}}');
      expect(booking).toContain(
        `<p class="ls-muted ls-small ls-t-booking-hint ls-boot-lang" data-boot-lang="${lang}">` +
          `${strings.booking!.pickHint} <span class="ls-boot-zone-note">${before}` +
          `<span class="ls-boot-zone"></span>${after}</span></p>`,
      );
      expect(booking).toContain(
        `<span class="ls-boot-lang" data-boot-lang="${lang}">${strings.booking!.back}</span>`,
      );
    }
    expect([...booking.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(['/#teachers-title']);
    expect(booking).not.toContain('<button');
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
