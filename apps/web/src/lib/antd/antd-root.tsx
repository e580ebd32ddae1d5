import { useEffect } from 'react';
import { App } from 'antd';
import { AntdScope } from './antd-scope.tsx';
import { setAppUi } from './app-ui.ts';

/** Inside antd's <App>: hands its message/modal/notification to the holder (app-ui.ts). */
function AppUiBridge() {
  const ui = App.useApp();
  useEffect(() => {
    setAppUi(ui);
    return () => setAppUi(null);
  }, [ui]);
  return null;
}

/** The app's one antd root for toasts and dialogs opened outside an antd screen (app-ui.ts). */
export default function AntdRoot() {
  return (
    <AntdScope>
      <AppUiBridge />
    </AntdScope>
  );
}
