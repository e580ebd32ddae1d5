import { theme, type MappingAlgorithm, type ThemeConfig } from 'antd';
import { colors, radii, sizes, type } from '../design/tokens.ts';

/**
 * Ant Design's theme, from the design tokens (lib/design/tokens.ts) that the app's own CSS uses too:
 * one primary, one danger red, one control height and one button shape per theme. On a phone the
 * controls grow to the touch size through antd's CSS variables (app/styles.css, "antd on a phone"):
 * antd's theme cannot hold a media query.
 */
export function buildTheme(dark: boolean): ThemeConfig {
  const c = dark ? colors.dark : colors.light;
  // antd's dark algorithm maps the brand colours to shades of its own (#5eead4 → #53cab7): the
  // tokens' colours are kept exactly, so antd's primary and danger are the app's in both themes.
  const exactBrand: MappingAlgorithm = (_seed, map = theme.defaultAlgorithm(_seed)) => ({
    ...map,
    colorPrimary: c.primary,
    colorPrimaryHover: c.primaryStrong,
    colorPrimaryActive: c.primaryStrong,
    colorError: c.danger,
  });
  return {
    algorithm: [dark ? theme.darkAlgorithm : theme.defaultAlgorithm, exactBrand],
    cssVar: { key: 'ls' },
    token: {
      colorPrimary: c.primary,
      // antd derives the light tints of the brand as a grey (#a8b5b2), on which the teal text of an
      // info tag ("新", unread) fails contrast (2.6:1): the brand's own soft tint instead.
      colorInfo: c.primary,
      colorPrimaryBg: c.primarySoft,
      colorInfoBg: c.primarySoft,
      colorLink: c.primary,
      colorError: c.danger,
      colorSuccess: c.success,
      colorText: c.text,
      colorTextSecondary: c.text2,
      borderRadius: radii.small,
      borderRadiusLG: radii.card,
      controlHeight: sizes.control,
      controlHeightSM: sizes.controlSmall,
      fontFamily: type.fontFamily,
      fontSize: type.body,
      colorBgLayout: c.bg,
      colorBgContainer: c.surface,
      colorBgElevated: c.surface2,
    },
    components: {
      // The app's button: a pill, text in the colour that reads on the primary in each theme (dark
      // text on the dark theme's mint).
      Button: {
        fontWeight: 500,
        primaryColor: c.onPrimary,
        dangerColor: c.onDanger,
        borderRadius: radii.control,
        borderRadiusSM: radii.control,
        borderRadiusLG: radii.control,
      },
      // antd's breadcrumb links are colorTextDescription, below AA contrast on the page background
      // (axe, issue 18): the secondary text colour instead.
      Breadcrumb: { linkColor: c.text2 },
      // Like the app's own pager (components/pager.css): items on the page's background.
      Pagination: {
        itemSize: sizes.control,
        itemSizeSM: sizes.controlSmall,
        itemBg: 'transparent',
        itemActiveBg: 'transparent',
      },
    },
  };
}
