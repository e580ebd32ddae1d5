import { Badge, Button } from 'antd';
import { HeartOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

type FavouritesButtonProps = { count: number; onNavigate?: () => void };

/**
 * Favourite teachers with a count badge; shown only when logged in (SPEC.md §2, §6). The teachers
 * issue supplies the count from GET /user/getUserLikeTeachersIds.
 */
export function FavouritesButton({ count, onNavigate }: FavouritesButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Badge count={count} size="small" offset={[-4, 4]}>
      <Button
        type="text"
        shape="circle"
        icon={<HeartOutlined />}
        aria-label={t('header.favouritesCount', { count })}
        onClick={() => {
          onNavigate?.();
          void navigate('/user/like-teachers');
        }}
      />
    </Badge>
  );
}
