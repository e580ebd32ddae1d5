/**
 * Links of /app/config are either paths of this web app (`/help/faq#contact`), opened in the app,
 * or absolute URLs of other sites, opened in a new tab. `//host` is another site, not a path.
 */
export function isAppPath(url: string): boolean {
  return /^\/(?![/\\])/.test(url);
}

type ClickLike = { button: number; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean };

/**
 * Whether a click on a link is a plain left click, which the app handles in place; with a modifier
 * key or another button the browser opens the link itself (a new tab or window).
 */
export function isPlainClick(event: ClickLike): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
