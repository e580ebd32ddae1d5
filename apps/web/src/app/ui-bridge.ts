import type { App } from 'antd';

/** message / modal / notification of antd's <App>, which follow the theme and locale. */
export type AppUi = ReturnType<typeof App.useApp>;

let current: AppUi | null = null;

/**
 * Holder of the <App> context for code outside React (the HTTP client). DESIGN.md §8: antd's
 * static message/Modal ignore ConfigProvider, so nothing may call them; <AppUiBridge> fills this.
 */
export function setAppUi(ui: AppUi | null): void {
  current = ui;
}

export function getAppUi(): AppUi | null {
  return current;
}
