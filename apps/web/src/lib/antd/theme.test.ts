import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { colors } from '../design/tokens.ts';
import { buildTheme } from './theme.ts';

/** sRGB channels (0-255) and alpha of `#rgb`, `#rrggbb` or `rgb(a)(…)`. */
function parse(color: string): [number, number, number, number] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)).concat(1) as [
      number,
      number,
      number,
      number,
    ];
  }
  const rgb = /^rgba?\(([^)]+)\)$/.exec(color);
  if (!rgb) throw new Error(`not a colour: ${color}`);
  const [r = 0, g = 0, b = 0, a = 1] = rgb[1]!.split(',').map(Number);
  return [r, g, b, a];
}

function luminance([r, g, b]: number[]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

/** WCAG contrast of text `fg` (its alpha blended over `bg`) on `bg`. */
function contrast(fg: string, bg: string): number {
  const back = parse(bg);
  const [r, g, b, a] = parse(fg);
  const front = [r, g, b].map((c, i) => c * a + back[i]! * (1 - a));
  const [hi, lo] = [luminance(front), luminance(back)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('theme colours that carry text', () => {
  for (const dark of [false, true]) {
    const token = theme.getDesignToken(buildTheme(dark));
    const mode = dark ? 'dark' : 'light';

    it(`info tags ("新", unread) read at 4.5:1 or more (${mode})`, () => {
      expect(contrast(token.colorInfo, token.colorInfoBg)).toBeGreaterThanOrEqual(4.5);
    });

    it(`text on the brand tint (a selected option) reads at 4.5:1 or more (${mode})`, () => {
      expect(contrast(token.colorText, token.colorPrimaryBg)).toBeGreaterThanOrEqual(4.5);
    });
  }

  it("uses the design tokens' primary and danger exactly, in both themes", () => {
    for (const dark of [false, true]) {
      const token = theme.getDesignToken(buildTheme(dark));
      const c = dark ? colors.dark : colors.light;
      expect([token.colorPrimary, token.colorError, token.colorPrimaryHover]).toEqual([
        c.primary,
        c.danger,
        c.primaryStrong,
      ]);
    }
  });

  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
