import fs from 'node:fs';
import path from 'node:path';
import postcss, { type AtRule } from 'postcss';
import type { Plugin } from 'vite';

/**
 * The start-up screens in index.html, shown until the app renders: a generic one (the brand and a
 * spinner) and, since issue 16, the home page's own first screen: the header bar, the hero with the
 * brand, eyebrow and tagline in both languages, and placeholders where the teacher cards go, drawn
 * with the app's own classes so they measure exactly as the rendered page does. On a phone the app's
 * JavaScript takes seconds to arrive and start; with this the student reads the page at the first
 * paint instead of watching a spinner, and the largest text on screen (the tagline) is painted then.
 *
 * The strings come from the locale files (src/locales/app and home) at build time, so the two never
 * disagree. index.html's pre-paint script marks <html> with `ls-route-home` on `/`; the stylesheet
 * then shows this screen instead of the generic start-up screen, and only the language that
 * <html lang> names. React replaces the whole of #root when it renders; until the first route has
 * loaded it shows the same markup again (AppHydrateFallback), so nothing flickers in between.
 */
const PLACEHOLDER = '<!-- boot-screens -->';
/** Where the booking page's zone note names the student's time zone. */
const ZONE = '{{zone}}';
const LANGS = ['zh-Hans', 'en'] as const;
type Lang = (typeof LANGS)[number];
/** Teacher-card placeholders: a phone shows one or two above the fold, a desktop a row of four. */
const CARD_PLACEHOLDERS = 4;

type Strings = {
  name: string;
  tagline: string;
  eyebrow: string;
  findTeacher: string;
  ielts: string;
  ieltsEyebrow: string;
  ieltsTitle: string;
  ieltsIntro: string;
  ieltsSubnav: string;
  ieltsNavOverview: string;
  ieltsNavBanks: string;
  ieltsNavBank: string;
  ieltsNavSamples: string;
  bookingBack: string;
  bookingHint: string;
  bookingZoneNote: string;
};

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function readJson(file: string): Record<string, Record<string, string>> {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
}

/** The strings of one language, failing the build when a key is missing. */
function stringsOf(localesDir: string, lang: Lang): Strings {
  const app = readJson(path.join(localesDir, 'app', `${lang}.json`));
  const home = readJson(path.join(localesDir, 'home', `${lang}.json`));
  const ielts = readJson(path.join(localesDir, 'ielts', `${lang}.json`)).ielts;
  const courses = readJson(path.join(localesDir, 'courses', `${lang}.json`)).courses as
    Record<string, Record<string, string> | undefined> | undefined;
  const found = {
    name: app.brand?.name,
    tagline: app.brand?.tagline,
    eyebrow: home.home?.eyebrow,
    findTeacher: home.home?.ctaFindTeacher,
    ielts: home.home?.ctaIelts,
    ieltsEyebrow: ielts?.eyebrow,
    ieltsTitle: ielts?.indexTitle,
    ieltsIntro: ielts?.indexIntro,
    ieltsSubnav: ielts?.subnavLabel,
    ieltsNavOverview: ielts?.navOverview,
    ieltsNavBanks: ielts?.navBanks,
    ieltsNavBank: ielts?.navBank,
    ieltsNavSamples: ielts?.navSamples,
    bookingBack: courses?.booking?.back,
    bookingHint: courses?.booking?.pickHint,
    bookingZoneNote: courses?.booking?.zoneNote,
  };
  for (const [key, value] of Object.entries(found)) {
    if (!value) throw new Error(`boot-screen: ${lang} has no string for ${key}`);
  }
  if (found.bookingZoneNote?.split(ZONE).length !== 2) {
    throw new Error(`boot-screen: ${lang}'s booking zone note must name ${ZONE} once`);
  }
  return found as Strings;
}

const LOGO = (id: string, size: number) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 64 64" aria-hidden="true" focusable="false">` +
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#14b8a6" />` +
  `<stop offset="1" stop-color="#0f766e" /></linearGradient></defs>` +
  `<rect x="2" y="2" width="60" height="60" rx="16" fill="url(#${id})" />` +
  `<path fill="#fff" d="M18 16h28a7 7 0 0 1 7 7v15a7 7 0 0 1-7 7H31l-10 8v-8h-3a7 7 0 0 1-7-7V23a7 7 0 0 1 7-7z" />` +
  `<path fill="#f59e0b" d="M32 20.5l2.9 7.1 7.1 2.9-7.1 2.9-2.9 7.1-2.9-7.1-7.1-2.9 7.1-2.9z" /></svg>`;

/** The brand and a spinner: the start-up screen of every page but the home page. */
function genericBootScreen(strings: Record<Lang, Strings>): string {
  const names = LANGS.map(
    (lang) => `<span class="ls-boot-name" lang="${lang}">${escapeHtml(strings[lang].name)}</span>`,
  ).join('');
  return (
    `<div class="ls-boot ls-boot-generic" aria-busy="true">` +
    `<div class="ls-boot-brand">${LOGO('ls-boot-logo', 40)}${names}</div>` +
    `<div class="ls-boot-spinner"></div></div>`
  );
}

/**
 * The start-up screens; the stylesheet shows one: the home page's (`ls-route-home`), the IELTS
 * overview's (`ls-route-ielts`) or the booking page's (`ls-route-booking`), classes the pre-paint
 * script sets, else the generic one.
 */
export function renderBootScreens(localesDir: string): string {
  const strings = Object.fromEntries(LANGS.map((lang) => [lang, stringsOf(localesDir, lang)])) as Record<
    Lang,
    Strings
  >;
  return (
    genericBootScreen(strings) +
    homeBootScreen(strings) +
    ieltsBootScreen(strings) +
    bookingBootScreen(strings)
  );
}

/** One copy per language of `render`'s markup; the stylesheet shows the page's language. */
function perLanguage(
  strings: Record<Lang, Strings>,
  render: (s: Strings) => string,
  { tag = 'span', classes = '' } = {},
): string {
  return LANGS.map(
    (lang) =>
      `<${tag} class="${`${classes} ls-boot-lang`.trim()}" data-boot-lang="${lang}">` +
      `${render(strings[lang])}</${tag}>`,
  ).join('');
}

/** The header bar as the app draws it before its menus are there: the brand in the page's language. */
function bootHeader(strings: Record<Lang, Strings>, logoId: string): string {
  const names = perLanguage(strings, (s) => escapeHtml(s.name));
  return (
    `<div class="ls-header"><div class="ls-header-inner">` +
    `<span class="ls-brand">${LOGO(logoId, 34)}${names}</span></div></div>`
  );
}

/**
 * The IELTS overview's first screen (ielts-index.tsx): its subnav and hero, with the classes the
 * page uses (their rules are in the app's stylesheet, so they are inlined for the first paint). The
 * intro is the largest text on a phone: painted here, it is the page's largest paint.
 */
function ieltsBootScreen(strings: Record<Lang, Strings>): string {
  const header = bootHeader(strings, 'ls-boot-ielts-logo');
  const nav = (s: Strings) =>
    `<nav class="ls-pill-nav" aria-label="${escapeHtml(s.ieltsSubnav)}">` +
    `<a href="/ielts" class="active" aria-current="page">${escapeHtml(s.ieltsNavOverview)}</a>` +
    `<a href="/ielts/issue">${escapeHtml(s.ieltsNavBanks)}</a>` +
    `<a href="/ielts/issue/detailed">${escapeHtml(s.ieltsNavBank)}</a>` +
    `<a href="/ielts/SpeakingSamples">${escapeHtml(s.ieltsNavSamples)}</a></nav>`;
  const hero = (s: Strings) =>
    `<section class="ls-ielts-hero"><span class="ls-pill">${escapeHtml(s.ieltsEyebrow)}</span>` +
    `<h1 class="ls-ielts-title">${escapeHtml(s.ieltsTitle)}</h1>` +
    `<p class="ls-muted ls-ielts-intro">${escapeHtml(s.ieltsIntro)}</p></section>`;
  return (
    `<div class="ls-boot-ielts" aria-busy="true">${header}<div class="ls-main">` +
    perLanguage(strings, (s) => nav(s) + hero(s), { tag: 'div', classes: 'ls-ielts' }) +
    `</div></div>`
  );
}

/**
 * The booking page's first screen (routes/teacher-booking.tsx), the page of a shared booking link:
 * the way back, a placeholder where the teacher's header goes, and the hint over the slots, with the
 * page's own classes. The hint is the largest text a phone shows before the slots arrive: painted
 * here, it is the page's largest paint.
 */
function bookingBootScreen(strings: Record<Lang, Strings>): string {
  // The note the page adds outside Beijing time: the pre-paint script marks <html> and gives the zone's
  // name to the stylesheet (--ls-boot-zone), so the hint reads as the page will.
  const zoneNote = (s: Strings) => {
    const [before = '', after = ''] = s.bookingZoneNote.split(ZONE);
    return (
      `<span class="ls-boot-zone-note">${escapeHtml(before)}` +
      `<span class="ls-boot-zone"></span>${escapeHtml(after)}</span>`
    );
  };
  const chevron =
    '<svg width="1em" height="1em" viewBox="0 0 16 16" aria-hidden="true" focusable="false">' +
    '<path fill="none" stroke="currentColor" stroke-width="1.6" d="M10.5 3 5.5 8l5 5" /></svg>';
  return (
    `<div class="ls-boot-booking" aria-busy="true">` +
    bootHeader(strings, 'ls-boot-booking-logo') +
    `<div class="ls-main"><div class="ls-t-booking-page">` +
    `<a href="/#teachers-title" class="ls-t-booking-back">${chevron} ` +
    perLanguage(strings, (s) => escapeHtml(s.bookingBack)) +
    `</a><div class="ls-boot-card ls-boot-booking-teacher"></div>` +
    perLanguage(strings, (s) => `${escapeHtml(s.bookingHint)} ${zoneNote(s)}`, {
      tag: 'p',
      classes: 'ls-muted ls-small ls-t-booking-hint',
    }) +
    `</div></div></div>`
  );
}

function homeBootScreen(strings: Record<Lang, Strings>): string {
  const heroText = LANGS.map((lang) => {
    const s = strings[lang];
    const other: Lang = lang === 'en' ? 'zh-Hans' : 'en';
    return (
      `<div class="ls-hero-text ls-boot-lang" data-boot-lang="${lang}">` +
      `<span class="ls-pill">${escapeHtml(s.eyebrow)}</span>` +
      `<h1 class="ls-hero-title">${escapeHtml(s.name)}</h1>` +
      `<p class="ls-hero-tagline">${escapeHtml(s.tagline)}</p>` +
      `<p class="ls-hero-tagline-other" lang="${other}">${escapeHtml(strings[other].tagline)}</p>` +
      // Plain links work before the app has started; registering needs it, so it is not drawn yet.
      `<div class="ls-actions"><a href="/#teachers-title" class="ls-link-btn">${escapeHtml(s.findTeacher)}</a>` +
      (lang === 'zh-Hans'
        ? `<a href="/ielts" class="ls-link-btn ls-link-btn-ghost">${escapeHtml(s.ielts)}</a>`
        : '') +
      `</div></div>`
    );
  }).join('');
  const cards = Array.from({ length: CARD_PLACEHOLDERS }, () => '<div class="ls-boot-card"></div>').join('');
  return (
    `<div class="ls-boot-home" aria-busy="true">` +
    bootHeader(strings, 'ls-boot-home-logo') +
    `<div class="ls-main"><section class="ls-hero is-compact">${heroText}` +
    `<div class="ls-hero-art" aria-hidden="true"><div class="ls-bubble ls-bubble-1">Hello!</div>` +
    `<div class="ls-bubble ls-bubble-2">你好！</div><div class="ls-bubble ls-bubble-3">How are you today?</div></div>` +
    `</section><div class="ls-boot-cards">${cards}</div></div></div>`
  );
}

export function bootScreen({ root }: { root: string }): Plugin {
  const localesDir = path.join(root, 'src', 'locales');
  return {
    name: 'linguaspark:boot-screen',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes(PLACEHOLDER)) throw new Error(`boot-screen: index.html has no ${PLACEHOLDER}`);
        return html.replace(PLACEHOLDER, renderBootScreens(localesDir));
      },
    },
  };
}

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
    `<style data-first-paint>${inline}</style>\n    ` +
      `<link rel="preload" as="style" crossorigin href="/${link[1]}" data-app-stylesheet>`,
  );
}
