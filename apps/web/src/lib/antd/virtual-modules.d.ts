/** antd's component styles computed at build time (scripts/antd-static-style.ts); null in development. */
declare module 'virtual:antd-static-styles' {
  const href: string | null;
  export default href;
}
