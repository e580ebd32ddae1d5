/**
 * The design tokens: the one source of the app's colours, shapes, sizes and type scale (issue 33).
 *
 * Two consumers read them: the app's own CSS, through the custom properties of `app/tokens.css`
 * (written from this file by `npm run tokens`; a unit test fails when it is stale), and Ant
 * Design's theme (`lib/antd/theme.ts`). A colour or size that is not here is not part of the design.
 */

export type ThemeName = 'light' | 'dark';

/** Colours per theme. Every text/background pair named here meets WCAG AA contrast in its theme. */
export const colors = {
  light: {
    bg: '#f4f7f7',
    surface: '#ffffff',
    surface2: '#eef4f3',
    text: '#10201f',
    text2: '#4a5d5b',
    border: '#dfe8e7',
    primary: '#0f766e',
    primaryStrong: '#0b5f59',
    primarySoft: '#e3f3f1',
    onPrimary: '#ffffff',
    accent: '#92400e',
    accentSoft: '#fdf1dc',
    /** Destructive actions, errors, prices that went wrong: one red per theme. */
    danger: '#c62828',
    dangerSoft: '#fdecea',
    onDanger: '#ffffff',
    success: '#18794e',
    successSoft: '#e6f4ec',
    warning: '#92400e',
    /** Counts on buttons (active filters, favourites): white text on it. */
    badge: '#c2410c',
    headerBg: 'rgba(255, 255, 255, 0.86)',
    skeleton: 'rgba(0, 0, 0, 0.06)',
    skeletonHi: 'rgba(0, 0, 0, 0.13)',
  },
  dark: {
    bg: '#0b1214',
    surface: '#121c1f',
    surface2: '#172428',
    text: '#e4eeed',
    text2: '#a3b5b3',
    border: '#243538',
    primary: '#5eead4',
    primaryStrong: '#99f6e4',
    /** Opaque (the old 12% mint over the surface): antd derives from it and contrast is checked on it. */
    primarySoft: '#153232',
    onPrimary: '#062623',
    accent: '#fbbf24',
    accentSoft: 'rgba(251, 191, 36, 0.12)',
    danger: '#ff8a80',
    dangerSoft: 'rgba(255, 138, 128, 0.12)',
    onDanger: '#2b0b08',
    success: '#7ee2a8',
    successSoft: 'rgba(126, 226, 168, 0.12)',
    warning: '#fbbf24',
    badge: '#c2410c',
    headerBg: 'rgba(11, 18, 20, 0.86)',
    skeleton: 'rgba(255, 255, 255, 0.08)',
    skeletonHi: 'rgba(255, 255, 255, 0.16)',
  },
} as const satisfies Record<ThemeName, Record<string, string>>;

export type ColorName = keyof (typeof colors)['light'];

/** Shadows and the hero's gradient, per theme. */
export const effects = {
  light: {
    shadow: '0 1px 2px rgba(16, 32, 31, 0.06), 0 8px 24px rgba(16, 32, 31, 0.06)',
    hero: 'linear-gradient(135deg, #e3f5f2 0%, #eef0ff 55%, #fff6e6 100%)',
  },
  dark: {
    shadow: '0 1px 2px rgba(0, 0, 0, 0.4), 0 8px 24px rgba(0, 0, 0, 0.3)',
    hero: 'linear-gradient(135deg, #0f2a2a 0%, #161a33 55%, #2a1f10 100%)',
  },
} as const satisfies Record<ThemeName, Record<string, string>>;

/**
 * Sizes in px. Buttons, inputs, selects, pagination items and tabs share the control heights: 40
 * on a desktop (32 for the small size), and `touch` on a phone for every size, so that every
 * interactive element is at least 44×44 px where a finger uses it.
 */
export const sizes = {
  control: 40,
  controlSmall: 32,
  touch: 44,
  headerHeight: 64,
  /** The widest a page's content grows (the header and footer align with it). */
  pageWidth: 1200,
  /** Below this width the layout is a phone's (the same break as antd's `md`). */
  phoneMax: 767.98,
} as const;

/** Corner radii in px: controls are pills (half their height); cards and dialogs `card`. */
export const radii = {
  control: 999,
  card: 16,
  /** Inputs, tags and the small pieces inside cards. */
  small: 10,
} as const;

/** Spacing steps in px. */
export const space = { xs: 4, sm: 8, md: 12, lg: 16, xl: 24, xxl: 32 } as const;

/**
 * The type scale in px. A page has one title (h1, `pageTitle`, smaller on a phone); sections are
 * `sectionTitle`.
 */
export const type = {
  pageTitle: 26,
  pageTitlePhone: 22,
  sectionTitle: 18,
  body: 14,
  small: 12,
  fontFamily:
    "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Helvetica Neue', Arial, sans-serif",
} as const;

const kebab = (name: string) => name.replace(/[A-Z0-9]+/g, (m) => `-${m.toLowerCase()}`);

/** The custom properties of one theme: `--ls-<colour>` and `--ls-<effect>`. */
function themeProperties(theme: ThemeName): string[] {
  return [
    ...Object.entries(colors[theme]).map(([name, value]) => `--ls-${kebab(name)}: ${value};`),
    ...Object.entries(effects[theme]).map(([name, value]) => `--ls-${kebab(name)}: ${value};`),
  ];
}

/** The text of `app/tokens.css`: the tokens as custom properties, light on :root, dark on html.dark. */
export function tokensCss(): string {
  const block = (selector: string, lines: string[]) =>
    `${selector} {\n${lines.map((line) => `  ${line}`).join('\n')}\n}\n`;
  const shared = [
    `--ls-control-h: ${sizes.control}px;`,
    `--ls-control-h-small: ${sizes.controlSmall}px;`,
    `--ls-touch: ${sizes.touch}px;`,
    `--ls-header-h: ${sizes.headerHeight}px;`,
    `--ls-page-width: ${sizes.pageWidth}px;`,
    `--ls-radius: ${radii.card}px;`,
    `--ls-radius-control: ${radii.control}px;`,
    `--ls-radius-small: ${radii.small}px;`,
    ...Object.entries(space).map(([name, value]) => `--ls-space-${name}: ${value}px;`),
    `--ls-font-page-title: ${type.pageTitle}px;`,
    `--ls-font-section-title: ${type.sectionTitle}px;`,
    `--ls-font-body: ${type.body}px;`,
    `--ls-font-small: ${type.small}px;`,
  ];
  return [
    '/* Written from src/lib/design/tokens.ts by `npm run tokens`: edit that file, not this one. */',
    block(':root', [...shared, ...themeProperties('light'), 'color-scheme: light;']),
    block('html.dark', [...themeProperties('dark'), 'color-scheme: dark;']),
    `@media (max-width: ${sizes.phoneMax}px) {\n${block(':root', [
      `--ls-font-page-title: ${type.pageTitlePhone}px;`,
      `--ls-control-h: ${sizes.touch}px;`,
      `--ls-control-h-small: ${sizes.touch}px;`,
    ])
      .trimEnd()
      .split('\n')
      .map((line) => `  ${line}`)
      .join('\n')}\n}\n`,
  ].join('\n');
}
