import { Button } from 'antd';
import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useToggleLike } from '../hooks/use-toggle-like.ts';

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
  return (
    <Button
      className={`ls-t-like${liked ? ' is-liked' : ''}`}
      shape="circle"
      type="text"
      icon={liked ? <HeartFilled /> : <HeartOutlined />}
      aria-pressed={liked}
      aria-label={t(liked ? 'teachers.unlikeNamed' : 'teachers.likeNamed', { name })}
      loading={pendingId === teacherId}
      data-testid="like-button"
      onClick={(e) => {
        e.stopPropagation();
        toggle(teacherId);
      }}
    />
  );
}
