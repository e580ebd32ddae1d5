import { describe, expect, it } from 'vitest';
import { firstPaintCss, inlineFirstPaintCss, preloadedAppStylesheet } from './first-paint-styles.ts';

describe('first-paint styles', () => {
  const html =
    `<html><head><script>root.classList.toggle('dark', d);root.classList.toggle('ls-zone-other', z);</script></head>` +
    `<body><div id="root"><div class="ls-boot ls-boot-generic"><div class="ls-boot-spinner"></div></div></div></body></html>`;
  const css = [
    ':root{--ls-bg:#fff}',
    'html.dark{--ls-bg:#000}',
    'body{margin:0}',
    '.ls-boot{display:flex}',
    '.ls-boot-spinner{animation:ls-spin .8s linear infinite}',
    '@keyframes ls-spin{to{transform:rotate(360deg)}}',
    '@keyframes ls-other{to{opacity:0}}',
    'html.ls-zone-other .ls-boot-generic{display:none}',
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
      'html.ls-zone-other .ls-boot-generic{display:none}',
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
    expect(preloadedAppStylesheet(out)).toBe('assets/index-Ab_1.css');
    expect(preloadedAppStylesheet(page)).toBeUndefined();
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
