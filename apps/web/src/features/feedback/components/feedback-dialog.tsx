import { Modal } from 'antd';
import { FEEDBACK_DIALOG_WIDTH } from '@app/contract/constants';
import { useTranslation } from 'react-i18next';

type FeedbackDialogProps = { open: boolean; onClose: () => void };

/**
 * Footer feedback dialog for logged-in students (SPEC.md §2, width 540). PLACEHOLDER body: the form
 * (type, content, contact) and the "go to my feedback" follow-up arrive with the user-centre issue.
 */
export function FeedbackDialog({ open, onClose }: FeedbackDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('feedback.dialogTitle')}
      width={FEEDBACK_DIALOG_WIDTH}
    >
      <p className="ls-muted">{t('feedback.dialogComing')}</p>
    </Modal>
  );
}
