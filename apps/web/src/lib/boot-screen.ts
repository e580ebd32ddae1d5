/**
 * The static start-up screen of index.html for the page being opened (the home page's, the IELTS
 * overview's or the booking page's own, scripts/boot-screen.ts), kept when React takes #root over, so the router's
 * fallback can show the same screen until the first route has loaded: the page the student is
 * already reading does not turn back into a spinner.
 */
const ROUTE_SCREENS = [
  { routeClass: 'ls-route-home', screen: '.ls-boot-home' },
  { routeClass: 'ls-route-ielts', screen: '.ls-boot-ielts' },
  { routeClass: 'ls-route-booking', screen: '.ls-boot-booking' },
] as const;

let kept: { routeClass: string; markup: string } | null = null;

/** Called once at start-up, before the first render replaces the container's content. */
export function keepStaticBootScreen(container: HTMLElement): void {
  const classes = document.documentElement.classList;
  const route = ROUTE_SCREENS.find(({ routeClass }) => classes.contains(routeClass));
  const markup = route ? container.querySelector(route.screen)?.outerHTML : undefined;
  kept = route && markup ? { routeClass: route.routeClass, markup } : null;
}

/** The kept start-up screen's markup while <html> is still marked for its page, else null. */
export function staticBootScreen(): string | null {
  return kept && document.documentElement.classList.contains(kept.routeClass) ? kept.markup : null;
}
