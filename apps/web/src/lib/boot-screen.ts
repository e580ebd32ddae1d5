/**
 * A landing page's start-up screen, as its document holds it (scripts/first-screens.ts), kept when
 * React takes #root over, so the router's fallback can show the same screen until the first route
 * has loaded: the page the student is already reading does not turn back into a spinner.
 */
let kept: { pathname: string; markup: string } | null = null;

/** Called once at start-up, before the first render replaces the container's content. */
export function keepStaticBootScreen(container: HTMLElement): void {
  const markup = container.querySelector('[data-first-screen]')?.outerHTML;
  kept = markup ? { pathname: window.location.pathname, markup } : null;
}

/** The kept start-up screen's markup while the app is still on the page it was sent for, else null. */
export function staticBootScreen(): string | null {
  return kept && window.location.pathname === kept.pathname ? kept.markup : null;
}
