import { configureHttp } from '../lib/http/http-client.ts';
import { i18n } from '../lib/i18n/i18n.ts';
import { currentLanguage } from '../lib/settings/settings-store.ts';
import { session, useSession } from '../lib/session/session-store.ts';
import { withAppUi } from '../lib/antd/app-ui.ts';

type Navigate = (url: string) => void;

/**
 * Wires the HTTP client to the app: language and token at request time, the session store, and
 * antd's <App> toasts/dialogs through the holder, which loads antd when first asked (lib/antd/app-ui.ts).
 */
export function setupHttp(navigate: Navigate): void {
  configureHttp({
    getLanguage: currentLanguage,
    getToken: () => useSession.getState().token,
    // 66666: one refresh across tabs (Web Lock + BroadcastChannel, DESIGN.md §7); the client retries once.
    refreshSession: () => session.refresh(),
    resetSession: () => useSession.getState().reset(),
    notify: {
      error(msg, key, durationMs) {
        withAppUi((ui) => ui.message.open({ type: 'error', content: msg, key, duration: durationMs / 1000 }));
      },
    },
    showLoginExpired(onConfirm) {
      withAppUi((ui) =>
        ui.modal.warning({
          title: i18n.t('session.tipTitle'),
          content: i18n.t('session.loginExpired'),
          okText: i18n.t('session.relogin'),
          // The client relies on this dialog closing only through its button.
          closable: false,
          keyboard: false,
          maskClosable: false,
          onOk: onConfirm,
        }),
      );
    },
    navigate,
    currentPath: () => `${window.location.pathname}${window.location.search}`,
  });
}
