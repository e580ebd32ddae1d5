import { withAppUi } from '../../../lib/antd/app-ui.ts';
import { useTranslation } from 'react-i18next';
import { CODES } from '@app/contract/codes';
import { isApiError } from '../../../lib/http/api-error.ts';
import { announceLogout } from '../../../lib/session/logout-broadcast.ts';
import { noteLoggedOut } from '../../../lib/session/logout-notice.ts';
import { session } from '../../../lib/session/session-store.ts';
import { logoutRequest } from '../api/logout.ts';

/**
 * Ends the session on the server (the access token stops working at once), then locally. A failing
 * logout call never keeps the student logged in here; an expired access token is refreshed first so
 * the server can still revoke the session.
 */
export async function endSession(): Promise<void> {
  const ended = session.useSession.getState().token;
  try {
    await logoutRequest();
  } catch (error) {
    if (isApiError(error) && error.code === CODES.TOKEN_EXPIRED && (await session.refresh())) {
      await logoutRequest().catch(() => undefined);
    }
  }
  session.reset();
  await session.flush();
  // Every other tab of this session resets too (lib/session/logout-broadcast.ts).
  announceLogout(ended);
}

/** Logout of SPEC.md §2: asks for confirmation, clears the session, goes to / (a fresh page). */
export function useLogout(): () => void {
  const { t } = useTranslation();
  return () => {
    withAppUi(({ modal }) =>
      modal.confirm({
        title: t('account.logoutConfirmTitle'),
        content: t('account.logoutConfirmBody'),
        okText: t('account.logoutOk'),
        cancelText: t('common.cancel'),
        okButtonProps: { danger: true, 'data-testid': 'logout-confirm' },
        onOk: async () => {
          await endSession();
          // The next page says "You are logged out" (lib/session/logout-notice.ts).
          noteLoggedOut();
          // A full load drops every cached query of the student.
          window.location.assign('/');
        },
      }),
    );
  };
}
