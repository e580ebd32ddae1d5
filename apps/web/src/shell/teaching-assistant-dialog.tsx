import { Modal, QRCode } from 'antd';
import { PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../lib/app-config/get-app-config.ts';

type TeachingAssistantDialogProps = { open: boolean; onClose: () => void };

/** Contact menu → teaching assistant: phone, QR code and name from /app/config (SPEC.md §2). */
export default function TeachingAssistantDialog({ open, onClose }: TeachingAssistantDialogProps) {
  const { t } = useTranslation();
  const assistant = useAppConfig().data?.teaching_assistant;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('assistant.title')}
      width={420}
      centered
      destroyOnHidden
    >
      {assistant ? (
        <div className="ls-assistant" data-testid="assistant-dialog">
          <p className="ls-muted">{t('assistant.intro')}</p>
          <div className="ls-assistant-qr">
            {/* antd gives the canvas role="img" and passes the label on to it. */}
            <QRCode value={assistant.qr} size={168} bordered={false} aria-label={t('assistant.qrLabel')} />
          </div>
          <p className="ls-assistant-hint">{t('assistant.qrHint')}</p>
          <dl className="ls-assistant-facts">
            <div>
              <dt>
                <UserOutlined aria-hidden="true" /> {t('assistant.name')}
              </dt>
              <dd>{assistant.name}</dd>
            </div>
            <div>
              <dt>
                <PhoneOutlined aria-hidden="true" /> {t('assistant.phone')}
              </dt>
              <dd>
                <a href={`tel:${assistant.phone.replace(/[^\d+]/g, '')}`}>{assistant.phone}</a>
              </dd>
            </div>
          </dl>
        </div>
      ) : (
        <p className="ls-muted">{t('assistant.unavailable')}</p>
      )}
    </Modal>
  );
}
