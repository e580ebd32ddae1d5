import {
  CreditCardOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  HeartOutlined,
  HomeOutlined,
  IdcardOutlined,
  KeyOutlined,
  LineChartOutlined,
  MessageOutlined,
  WalletOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import './user-layout.css';

type NavItem = { to: string; label: string; icon: ReactNode };

const ITEMS: NavItem[] = [
  { to: '/user/home', label: 'titles.userHome', icon: <HomeOutlined /> },
  { to: '/user/progress', label: 'titles.userProgress', icon: <LineChartOutlined /> },
  { to: '/user/info', label: 'titles.userInfo', icon: <IdcardOutlined /> },
  { to: '/user/set-password', label: 'titles.userSetPassword', icon: <KeyOutlined /> },
  { to: '/user/like-teachers', label: 'titles.userLikeTeachers', icon: <HeartOutlined /> },
  { to: '/user/coins', label: 'titles.userCoins', icon: <WalletOutlined /> },
  { to: '/user/cards', label: 'titles.userCards', icon: <CreditCardOutlined /> },
  { to: '/user/recharge', label: 'titles.userRecharge', icon: <ShoppingCartOutlined /> },
  { to: '/user/orders', label: 'titles.userOrders', icon: <FileTextOutlined /> },
  { to: '/user/files', label: 'titles.userFiles', icon: <FolderOpenOutlined /> },
  { to: '/user/other/feedback', label: 'titles.userFeedback', icon: <MessageOutlined /> },
];

/**
 * The user centre's frame (SPEC.md §2 /user): a left navigation beside the page on wide screens,
 * a horizontally scrolling tab bar above it on phones (no drawer to open: every page stays one tap
 * away, and the current one scrolls into view).
 */
export function UserLayout() {
  const { t } = useTranslation();
  return (
    <div className="ls-user-layout">
      <nav className="ls-user-nav" aria-label={t('users.navLabel')} data-testid="user-nav">
        <ul>
          {ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className="ls-user-nav-link"
                ref={(el) => {
                  // On phones the bar scrolls sideways: keep the current page's tab visible.
                  if (el?.getAttribute('aria-current') === 'page') {
                    el.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
                  }
                }}
              >
                <span aria-hidden="true" className="ls-user-nav-icon">
                  {item.icon}
                </span>
                <span>{t(item.label)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="ls-user-page">
        <Outlet />
      </div>
    </div>
  );
}
