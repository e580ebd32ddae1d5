import { CustomerServiceOutlined, DownOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../lib/app-config/get-app-config.ts';
import { isAppPath } from '../../lib/links.ts';
import { ShellLink } from '../shell-link.tsx';
import { MenuButton, type MenuEntry } from './menu-button.tsx';

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
  const serviceUrl = useAppConfig().data?.customer_service_url;
  // Named for what it opens: the app's contact section, or an operator's chat (issue 33 §4).
  const serviceLabel =
    serviceUrl && !isAppPath(serviceUrl) ? t('header.customerServiceChat') : t('header.customerService');

  if (variant === 'list') {
    return (
      <div className="ls-drawer-group">
        {serviceUrl && (
          <ShellLink className="ls-drawer-link" href={serviceUrl} onClick={onNavigate}>
            <CustomerServiceOutlined aria-hidden="true" /> {serviceLabel}
          </ShellLink>
        )}
        <button type="button" className="ls-drawer-link" onClick={onOpenAssistant}>
          <TeamOutlined aria-hidden="true" /> {t('header.teachingAssistant')}
        </button>
      </div>
    );
  }

  const items: MenuEntry[] = [
    ...(serviceUrl
      ? [
          {
            key: 'service',
            icon: <CustomerServiceOutlined />,
            label: serviceLabel,
            href: serviceUrl,
          },
        ]
      : []),
    {
      key: 'assistant',
      icon: <TeamOutlined />,
      label: t('header.teachingAssistant'),
      onSelect: onOpenAssistant,
    },
  ];
  return (
    <MenuButton
      items={items}
      triggerClassName="ls-btn ls-btn-text"
      triggerLabel={t('header.contact')}
      triggerTestId="contact-menu"
    >
      <CustomerServiceOutlined aria-hidden="true" />
      <span className="ls-hide-narrow">{t('header.contact')}</span>
      <DownOutlined aria-hidden="true" className="ls-caret" />
    </MenuButton>
  );
}
