import { Modal } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLoginDialog } from '../../../lib/session/login-dialog-store.ts';

/**
 * PLACEHOLDER login dialog, opened through the global `useLoginDialog()` store. The accounts issue
 * replaces the body with SMS / password login, remember-me and the agreement links (SPEC.md §2).
 */
export function LoginDialog() {
  const { t } = useTranslation();
  const isOpen = useLoginDialog((s) => s.isOpen);
  const close = useLoginDialog((s) => s.close);
  return (
    <Modal open={isOpen} onCancel={close} footer={null} title={t('auth.dialogTitle')} width={420} centered>
      <div className="ls-dialog-placeholder" data-testid="login-dialog">
        <div className="ls-coming-soon-icon" aria-hidden="true">
          <SafetyCertificateOutlined />
        </div>
        <span className="ls-pill">{t('comingSoon.badge')}</span>
        <h2 className="ls-dialog-placeholder-title">{t('auth.comingTitle')}</h2>
        <p className="ls-muted">{t('auth.comingBody')}</p>
      </div>
    </Modal>
  );
}
