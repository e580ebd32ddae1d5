import { HeartFilled, HeartOutlined, LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useToggleLike } from '../hooks/use-toggle-like.ts';

/** The heart on a teacher's card and profile: a plain button, since every card shows one (issue 16). */
export function LikeButton({
  teacherId,
  name,
  fallback,
}: {
  teacherId: number;
  name: string;
  fallback: boolean;
}) {
  const { t } = useTranslation();
  const { isLiked, toggle, pendingId } = useToggleLike();
  const liked = isLiked(teacherId, fallback);
  const pending = pendingId === teacherId;
  return (
    <button
      type="button"
      className={`ls-btn ls-btn-text ls-btn-circle ls-t-like${liked ? ' is-liked' : ''}`}
      aria-pressed={liked}
      aria-label={t(liked ? 'teachers.unlikeNamed' : 'teachers.likeNamed', { name })}
      aria-busy={pending || undefined}
      data-testid="like-button"
      onClick={(e) => {
        e.stopPropagation();
        if (!pending) toggle(teacherId);
      }}
    >
      {pending ? (
        <LoadingOutlined spin aria-hidden="true" />
      ) : liked ? (
        <HeartFilled aria-hidden="true" />
      ) : (
        <HeartOutlined aria-hidden="true" />
      )}
    </button>
  );
}
