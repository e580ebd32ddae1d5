import { Button, Dropdown, type MenuProps } from 'antd';
import { CustomerServiceOutlined, DownOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../features/app-config/api/get-app-config.ts';

type ContactMenuProps = { onOpenAssistant: () => void; variant?: 'dropdown' | 'list' };

function openExternal(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** Contact menu of SPEC.md §2: online customer service (external chat) and the teaching assistant. */
export function ContactMenu({ onOpenAssistant, variant = 'dropdown' }: ContactMenuProps) {
  const { t } = useTranslation();
  const serviceUrl = useAppConfig().data?.customer_service_url;

  if (variant === 'list') {
    return (
      <div className="ls-drawer-group">
        {serviceUrl && (
          <a className="ls-drawer-link" href={serviceUrl} target="_blank" rel="noopener noreferrer">
            <CustomerServiceOutlined aria-hidden="true" /> {t('header.customerService')}
            <span className="ls-sr-only">{t('footer.newTab')}</span>
          </a>
        )}
        <button type="button" className="ls-drawer-link" onClick={onOpenAssistant}>
          <TeamOutlined aria-hidden="true" /> {t('header.teachingAssistant')}
        </button>
      </div>
    );
  }

  const items: MenuProps['items'] = [
    ...(serviceUrl
      ? [{ key: 'service', icon: <CustomerServiceOutlined />, label: t('header.customerService') }]
      : []),
    { key: 'assistant', icon: <TeamOutlined />, label: t('header.teachingAssistant') },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'service' && serviceUrl) openExternal(serviceUrl);
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
