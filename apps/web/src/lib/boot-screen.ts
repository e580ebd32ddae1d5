/**
 * The static start-up screen of index.html (the home page's own, scripts/boot-screen.ts), kept when
 * React takes #root over, so the router's fallback can show the same screen until the first route
 * has loaded: the page the student is already reading does not turn back into a spinner.
 */
let homeScreen: string | null = null;

/** Called once at start-up, before the first render replaces the container's content. */
export function keepStaticBootScreen(container: HTMLElement): void {
  homeScreen = container.querySelector('.ls-boot-home')?.outerHTML ?? null;
}

/** The home start-up screen's markup while the page is `/` and index.html had one, else null. */
export function staticHomeBootScreen(): string | null {
  return document.documentElement.classList.contains('ls-route-home') ? homeScreen : null;
}
