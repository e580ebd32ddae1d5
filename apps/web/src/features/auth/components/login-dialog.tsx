import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLoginDialog } from '../../../lib/session/login-dialog-store.ts';
import type { DemoInfo } from './demo-hint.tsx';
import { LoginForm, RELOAD_AFTER_LOGIN_MS } from './login-form.tsx';
import '../../../locales/auth/index.ts';

type LoginDialogProps = { demo?: DemoInfo | null };

/**
 * The login dialog of SPEC.md §2, opened through the global `useLoginDialog()` store by the header's
 * Login and Register buttons and by "log in first" prompts. After a login the page reloads.
 */
export function LoginDialog({ demo }: LoginDialogProps) {
  const { t } = useTranslation();
  const isOpen = useLoginDialog((s) => s.isOpen);
  const mode = useLoginDialog((s) => s.mode);
  const open = useLoginDialog((s) => s.open);
  const close = useLoginDialog((s) => s.close);
  return (
    <Modal
      open={isOpen}
      onCancel={close}
      footer={null}
      title={mode === 'register' ? t('auth.registerTitle') : t('auth.loginTitle')}
      width={420}
      centered
      destroyOnHidden
    >
      <div data-testid="login-dialog">
        <LoginForm
          idPrefix="dialog"
          mode={mode}
          onModeChange={(next) => open(next)}
          demo={demo}
          onLoggedIn={() => {
            setTimeout(() => window.location.reload(), RELOAD_AFTER_LOGIN_MS);
          }}
        />
      </div>
    </Modal>
  );
}
