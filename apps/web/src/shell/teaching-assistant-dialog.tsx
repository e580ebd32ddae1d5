import { Modal } from 'antd';
import { PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AssistantWeChat } from '../features/help/components/assistant-wechat.tsx';
import { useAppConfig } from '../lib/app-config/get-app-config.ts';

type TeachingAssistantDialogProps = { open: boolean; onClose: () => void };

/**
 * Contact menu → teaching assistant: name, phone, WeChat ID (to copy) and QR code (to save) from
 * /app/config (SPEC.md §2, issue 33 §4).
 */
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
          <AssistantWeChat wechat={assistant.wechat} qr={assistant.qr} qrSize={160} />
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
