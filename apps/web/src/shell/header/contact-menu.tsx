import { Button, Dropdown, type MenuProps } from 'antd';
import { CustomerServiceOutlined, DownOutlined, TeamOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../lib/app-config/get-app-config.ts';
import { isAppPath } from '../../lib/links.ts';
import { landedOnLink, ShellLink } from '../shell-link.tsx';

type ContactMenuProps = {
  onOpenAssistant: () => void;
  variant?: 'dropdown' | 'list';
  /** Called when a link of the list leads elsewhere in the app (closes the phone menu). */
  onNavigate?: () => void;
};

/**
 * Contact menu of SPEC.md §2: online customer service and the teaching assistant. Customer service
 * is the link of /app/config: the app's own contact section by default (/help/faq#contact), or an
 * operator's external chat, opened in a new tab.
 */
export function ContactMenu({ onOpenAssistant, variant = 'dropdown', onNavigate }: ContactMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const serviceUrl = useAppConfig().data?.customer_service_url;

  if (variant === 'list') {
    return (
      <div className="ls-drawer-group">
        {serviceUrl && (
          <ShellLink className="ls-drawer-link" href={serviceUrl} onClick={onNavigate}>
            <CustomerServiceOutlined aria-hidden="true" /> {t('header.customerService')}
          </ShellLink>
        )}
        <button type="button" className="ls-drawer-link" onClick={onOpenAssistant}>
          <TeamOutlined aria-hidden="true" /> {t('header.teachingAssistant')}
        </button>
      </div>
    );
  }

  const items: MenuProps['items'] = [
    ...(serviceUrl
      ? [
          {
            key: 'service',
            icon: <CustomerServiceOutlined />,
            // A real link: a click on it navigates (or opens the new tab) by itself.
            label: <ShellLink href={serviceUrl}>{t('header.customerService')}</ShellLink>,
          },
        ]
      : []),
    { key: 'assistant', icon: <TeamOutlined />, label: t('header.teachingAssistant') },
  ];
  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    if (key === 'service' && serviceUrl && !landedOnLink(domEvent)) {
      if (isAppPath(serviceUrl)) void navigate(serviceUrl);
      else window.open(serviceUrl, '_blank', 'noopener,noreferrer');
    }
    if (key === 'assistant') onOpenAssistant();
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" data-testid="contact-menu" aria-label={t('header.contact')}>
        <CustomerServiceOutlined aria-hidden="true" />
        <span className="ls-hide-narrow">{t('header.contact')}</span>
        <DownOutlined aria-hidden="true" className="ls-caret" />
      </Button>
    </Dropdown>
  );
}
