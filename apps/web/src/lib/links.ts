/**
 * Links of /app/config are either paths of this web app (`/help/faq#contact`), opened in the app,
 * or absolute URLs of other sites, opened in a new tab. `//host` is another site, not a path.
 */
export function isAppPath(url: string): boolean {
  return /^\/(?![/\\])/.test(url);
}
