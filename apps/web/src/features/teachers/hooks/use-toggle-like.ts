import { useTranslation } from 'react-i18next';
import { withAppUi } from '../../../lib/antd/app-ui.ts';
import { useLikedTeacherIds } from '../../../lib/favourites/get-liked-teacher-ids.ts';
import { useLoginDialog } from '../../../lib/session/login-dialog-store.ts';
import { useIsLoggedIn } from '../../../lib/session/session-store.ts';
import { useLikeTeacher } from '../api/like-teacher.ts';

/**
 * Liking a teacher (SPEC.md §5): a visitor gets 'please log in first' and the login dialog, and no
 * call is made; a student toggles, sees the server's 'Operation complete', and the ids reload.
 */
export function useToggleLike() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const openLogin = useLoginDialog((s) => s.open);
  const ids = useLikedTeacherIds();
  const mutation = useLikeTeacher();

  const isLiked = (teacherId: number, fallback = false): boolean =>
    loggedIn ? (ids.data ? ids.data.includes(teacherId) : fallback) : false;

  const toggle = (teacherId: number) => {
    if (!loggedIn) {
      withAppUi(({ message }) => void message.warning(t('teachers.loginFirst')));
      openLogin('login');
      return;
    }
    mutation.mutate(teacherId, {
      onSuccess: (reply) =>
        withAppUi(({ message }) => void message.success(reply.msg || t('teachers.likeDone'))),
    });
  };

  return { isLiked, toggle, pendingId: mutation.isPending ? mutation.variables : undefined };
}
