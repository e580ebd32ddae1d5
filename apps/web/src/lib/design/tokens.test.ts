import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOKENS_CSS } from '../../../scripts/write-tokens-css.ts';
import { colors, tokensCss } from './tokens.ts';

describe('design tokens', () => {
  it('app/tokens.css is what `npm run tokens` writes from tokens.ts', () => {
    expect(readFileSync(TOKENS_CSS, 'utf8')).toBe(tokensCss());
  });

  it('names the same colours in both themes', () => {
    expect(Object.keys(colors.dark).sort()).toEqual(Object.keys(colors.light).sort());
  });

  it('writes each colour as a custom property per theme, and the phone sizes', () => {
    const css = tokensCss();
    expect(css).toContain(`--ls-primary: ${colors.light.primary};`);
    expect(css).toContain(`--ls-primary: ${colors.dark.primary};`);
    expect(css).toContain(`--ls-surface-2: ${colors.light.surface2};`);
    expect(css).toMatch(/@media \(max-width: 767\.98px\) \{\n {2}:root \{\n[^}]*--ls-control-h: 44px;/);
  });
});
