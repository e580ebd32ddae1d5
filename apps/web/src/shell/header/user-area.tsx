import { BookOutlined, DownOutlined, LogoutOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@app/contract/auth';
import { useLogout } from '../../features/auth/hooks/use-logout.ts';
import { displayName, initials, maskMobile } from '../../features/auth/lib/user-display.ts';
import { useLoginDialog } from '../../lib/session/login-dialog-store.ts';
import { useIsLoggedIn, useSession } from '../../lib/session/session-store.ts';
import { LinkButton } from '../link-button.tsx';
import { MenuButton, type MenuEntry } from './menu-button.tsx';
import './user-area.css';

type UserAreaProps = { block?: boolean; onAction?: () => void };

function UserAvatar({ info, size }: { info: UserInfo; size: number }) {
  const name = displayName(info);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  return info.student_pic ? (
    <img src={info.student_pic} alt="" width={size} height={size} className="ls-user-avatar" style={style} />
  ) : (
    <span className="ls-user-avatar" style={style} aria-hidden="true">
      {initials(info.student_nick || info.student_eng_name || name)}
    </span>
  );
}

/** Avatar, nickname, English name and masked phone (SPEC.md §2). */
function UserCard({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  return (
    <div className="ls-user-card" data-testid="user-card">
      <UserAvatar info={info} size={44} />
      <div className="ls-user-card-text">
        <div className="ls-user-card-nick">{info.student_nick || t('account.noNick')}</div>
        {info.student_eng_name && (
          <div className="ls-small ls-muted">
            <span className="ls-sr-only">{t('account.englishName')}: </span>
            {info.student_eng_name}
          </div>
        )}
        <div className="ls-small ls-muted">
          <span className="ls-sr-only">{t('account.phone')}: </span>
          {maskMobile(info.student_phone)}
        </div>
      </div>
    </div>
  );
}

/**
 * Logout (with its confirmation), for the phone menu: a row of its own, apart from the navigation
 * (issue 33 §4). The desktop's avatar menu has it as its last entry.
 */
export function LogoutButton({ onAction }: { onAction?: () => void }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <button
      type="button"
      className="ls-btn ls-btn-block ls-btn-danger"
      onClick={() => {
        onAction?.();
        logout();
      }}
      data-testid="logout"
    >
      <LogoutOutlined aria-hidden="true" />
      {t('account.logout')}
    </button>
  );
}

/**
 * User area of the header (SPEC.md §2). Logged out: Login and Register, both opening the login
 * dialog. Logged in: Buy study coins (→ /user/coins) and the avatar menu with personal centre,
 * course management and logout (with confirmation). `block` is the phone drawer's variant, whose
 * logout is a separate `LogoutButton`.
 */
export function UserArea({ block = false, onAction }: UserAreaProps) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const info = useSession((s) => s.userInfo);
  const openLogin = useLoginDialog((s) => s.open);
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
        {t('account.buyCoins')}
      </LinkButton>
    );

    if (block) {
      return (
        <div className="ls-user-area ls-user-area-block" data-testid="user-area">
          <UserCard info={info} />
          {buyCoins}
          <LinkButton to="/user/home" onNavigate={onAction} block icon={<UserOutlined />}>
            {t('account.personalCentre')}
          </LinkButton>
        </div>
      );
    }

    const items: MenuEntry[] = [
      { key: 'home', icon: <UserOutlined />, label: t('account.personalCentre'), to: '/user/home' },
      { key: 'courses', icon: <BookOutlined />, label: t('account.courseManagement'), to: '/course/index' },
      { key: 'divider', divider: true },
      { key: 'logout', icon: <LogoutOutlined />, label: t('account.logout'), danger: true, onSelect: logout },
    ];
    return (
      <div className="ls-user-area" data-testid="user-area">
        {buyCoins}
        <MenuButton
          items={items}
          header={<UserCard info={info} />}
          triggerClassName="ls-user-trigger"
          triggerLabel={t('account.userMenu', { name: displayName(info) })}
          triggerTestId="user-menu-trigger"
          popupTestId="user-menu"
          popupClassName="ls-user-menu"
        >
          <UserAvatar info={info} size={32} />
          <span className="ls-user-trigger-name">{displayName(info)}</span>
          <DownOutlined className="ls-caret" aria-hidden="true" />
        </MenuButton>
      </div>
    );
  }

  return (
    <div className={block ? 'ls-user-area ls-user-area-block' : 'ls-user-area'}>
      <button
        type="button"
        className={`ls-btn${block ? ' ls-btn-block' : ''}`}
        data-testid="login-button"
        onClick={() => {
          onAction?.();
          openLogin('login');
        }}
      >
        {t('header.login')}
      </button>
      <button
        type="button"
        className={`ls-btn ls-btn-primary${block ? ' ls-btn-block' : ''}`}
        data-testid="register-button"
        onClick={() => {
          onAction?.();
          openLogin('register');
        }}
      >
        {t('header.register')}
      </button>
    </div>
  );
}
