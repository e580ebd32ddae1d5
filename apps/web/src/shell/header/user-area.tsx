import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { BookOutlined, DownOutlined, LogoutOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@app/contract/auth';
import { useLogout } from '../../features/auth/hooks/use-logout.ts';
import { displayName, initials, maskMobile } from '../../features/auth/lib/user-display.ts';
import { useLoginDialog } from '../../lib/session/login-dialog-store.ts';
import { useIsLoggedIn, useSession } from '../../lib/session/session-store.ts';
import { LinkButton } from '../link-button.tsx';
import { landedOnLink } from '../shell-link.tsx';
import './user-area.css';

type UserAreaProps = { block?: boolean; onAction?: () => void };

function UserAvatar({ info, size }: { info: UserInfo; size: number }) {
  const name = displayName(info);
  return info.student_pic ? (
    <Avatar size={size} src={info.student_pic} alt="" className="ls-user-avatar" />
  ) : (
    <Avatar size={size} className="ls-user-avatar" aria-hidden="true">
      {initials(info.student_nick || info.student_eng_name || name)}
    </Avatar>
  );
}

/** Avatar, nickname, English name and masked phone (SPEC.md §2). */
function UserCard({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  return (
    <div className="ls-user-card" data-testid="user-card">
      <UserAvatar info={info} size={44} />
      <div className="ls-user-card-text">
        <div className="ls-user-card-nick">{info.student_nick || t('auth.noNick')}</div>
        {info.student_eng_name && (
          <div className="ls-small ls-muted">
            <span className="ls-sr-only">{t('auth.englishName')}: </span>
            {info.student_eng_name}
          </div>
        )}
        <div className="ls-small ls-muted">
          <span className="ls-sr-only">{t('auth.phone')}: </span>
          {maskMobile(info.student_phone)}
        </div>
      </div>
    </div>
  );
}

/**
 * User area of the header (SPEC.md §2). Logged out: Login and Register, both opening the login
 * dialog. Logged in: Buy study coins (→ /user/coins) and the avatar menu with personal centre,
 * course management and logout (with confirmation). `block` is the phone drawer's variant.
 */
export function UserArea({ block = false, onAction }: UserAreaProps) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const info = useSession((s) => s.userInfo);
  const openLogin = useLoginDialog((s) => s.open);
  const navigate = useNavigate();
  const logout = useLogout();

  if (loggedIn && info) {
    const buyCoins = (
      <LinkButton
        to="/user/coins"
        onNavigate={onAction}
        type="primary"
        block={block}
        icon={<WalletOutlined />}
        data-testid="buy-coins"
      >
        {t('auth.buyCoins')}
      </LinkButton>
    );

    if (block) {
      return (
        <div className="ls-user-area ls-user-area-block" data-testid="user-area">
          <UserCard info={info} />
          {buyCoins}
          <LinkButton to="/user/home" onNavigate={onAction} block icon={<UserOutlined />}>
            {t('auth.personalCentre')}
          </LinkButton>
          <LinkButton to="/course/index" onNavigate={onAction} block icon={<BookOutlined />}>
            {t('auth.courseManagement')}
          </LinkButton>
          <Button
            block
            danger
            icon={<LogoutOutlined />}
            onClick={() => {
              onAction?.();
              logout();
            }}
            data-testid="logout"
          >
            {t('auth.logout')}
          </Button>
        </div>
      );
    }

    // The entries that navigate are real links; a click on one navigates by itself.
    const items: MenuProps['items'] = [
      {
        key: '/user/home',
        icon: <UserOutlined />,
        label: <Link to="/user/home">{t('auth.personalCentre')}</Link>,
      },
      {
        key: '/course/index',
        icon: <BookOutlined />,
        label: <Link to="/course/index">{t('auth.courseManagement')}</Link>,
      },
      { type: 'divider' },
      { key: 'logout', icon: <LogoutOutlined />, label: t('auth.logout'), danger: true },
    ];
    const onMenuClick: MenuProps['onClick'] = ({ key, domEvent }) => {
      if (key === 'logout') logout();
      else if (!landedOnLink(domEvent)) void navigate(key);
    };
    return (
      <div className="ls-user-area" data-testid="user-area">
        {buyCoins}
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{ items, onClick: onMenuClick }}
          popupRender={(menu) => (
            <div className="ls-user-menu" data-testid="user-menu">
              <UserCard info={info} />
              {menu}
            </div>
          )}
        >
          <button
            type="button"
            className="ls-user-trigger"
            aria-label={t('auth.userMenu', { name: displayName(info) })}
            data-testid="user-menu-trigger"
          >
            <UserAvatar info={info} size={32} />
            <span className="ls-user-trigger-name">{displayName(info)}</span>
            <DownOutlined className="ls-caret" aria-hidden="true" />
          </button>
        </Dropdown>
      </div>
    );
  }

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
