import type { App } from 'antd';

/** message / modal / notification of antd's <App>, which follow the theme and locale. */
export type AppUi = ReturnType<typeof App.useApp>;

let current: AppUi | null = null;
let wanted = false;
const waiting: Array<(ui: AppUi) => void> = [];
const listeners = new Set<() => void>();

/**
 * Holder of antd's <App> context for code outside an antd screen: the HTTP client, the shell and
 * the home page, which render without antd (issue 16). DESIGN.md §8: antd's static message/Modal
 * ignore ConfigProvider, so nothing may call them; the app's antd root (antd-root.tsx) fills this
 * holder. That root is loaded only once something asks for it: the first `withAppUi` call, or a
 * screen that uses antd (`lazyWithAntd`).
 */
export function setAppUi(ui: AppUi | null): void {
  current = ui;
  if (!ui) return;
  for (const work of waiting.splice(0)) work(ui);
}

export function getAppUi(): AppUi | null {
  return current;
}

/** Runs `work` with antd's message/modal/notification: now when loaded, else once it has loaded. */
export function withAppUi(work: (ui: AppUi) => void): void {
  if (current) {
    work(current);
    return;
  }
  waiting.push(work);
  wantAppUi();
}

/** Asks for antd's root to be loaded and rendered (AppProviders listens). */
export function wantAppUi(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: whether the antd root has been asked for. */
export function appUiWanted(): boolean {
  return wanted;
}

export function subscribeAppUiWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
