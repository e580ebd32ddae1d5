import { useEffect } from 'react';
import { App } from 'antd';
import { setAppUi } from './ui-bridge.ts';

/** Rendered inside antd <App>: hands its message/modal/notification to the HTTP client's holder. */
export function AppUiBridge() {
  const ui = App.useApp();
  useEffect(() => {
    setAppUi(ui);
    return () => setAppUi(null);
  }, [ui]);
  return null;
}
