import { HeartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLikedTeacherIds } from '../../lib/favourites/get-liked-teacher-ids.ts';
import { LinkButton } from '../link-button.tsx';

type FavouritesButtonProps = {
  onNavigate?: () => void;
  /** The phone menu's row: the icon with its label and the count in words' place. */
  block?: boolean;
};

/**
 * Favourite teachers with a count badge; shown only when logged in (SPEC.md §2, §6). The ids are
 * loaded once per login and reloaded after each like or unlike (SPEC.md §4).
 */
export function FavouritesButton({ onNavigate, block = false }: FavouritesButtonProps) {
  const { t } = useTranslation();
  const count = useLikedTeacherIds().data?.length ?? 0;
  if (block) {
    return (
      <span className="ls-badge-holder ls-drawer-item" data-testid="favourites-badge" data-count={count}>
        <LinkButton
          to="/user/like-teachers"
          onNavigate={onNavigate}
          block
          icon={<HeartOutlined />}
          data-testid="favourites-button"
        >
          {t('header.favouritesCount', { count })}
        </LinkButton>
      </span>
    );
  }
  return (
    <span className="ls-badge-holder" data-testid="favourites-badge" data-count={count}>
      <LinkButton
        to="/user/like-teachers"
        onNavigate={onNavigate}
        type="text"
        shape="circle"
        icon={<HeartOutlined />}
        aria-label={t('header.favouritesCount', { count })}
        data-testid="favourites-button"
      />
      {count > 0 && (
        <span className="ls-count ls-badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </span>
  );
}
