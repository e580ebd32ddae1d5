import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLoginDialog } from '../../lib/session/login-dialog-store.ts';
import { useIsLoggedIn } from '../../lib/session/session-store.ts';

type UserAreaProps = { block?: boolean; onAction?: () => void };

/**
 * User area of the header. Logged out: Login and Register, both opening the login dialog.
 * Logged in: SLOT for the accounts issue (Buy study coins → /user/coins and the avatar menu with
 * personal centre, course management and logout; SPEC.md §2).
 */
export function UserArea({ block = false, onAction }: UserAreaProps) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const openLogin = useLoginDialog((s) => s.open);
  if (loggedIn) return null;
  return (
    <div className={block ? 'ls-user-area ls-user-area-block' : 'ls-user-area'}>
      <Button
        block={block}
        data-testid="login-button"
        onClick={() => {
          onAction?.();
          openLogin('login');
        }}
      >
        {t('header.login')}
      </Button>
      <Button
        type="primary"
        block={block}
        data-testid="register-button"
        onClick={() => {
          onAction?.();
          openLogin('register');
        }}
      >
        {t('header.register')}
      </Button>
    </div>
  );
}
