import { App, Button, Form, Input, Modal, Select } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_DIALOG_WIDTH } from '@app/contract/constants';
import { addFeedbackBodySchema, type AddFeedbackBody } from '@app/contract/feedback';
import type { FeedbackType } from '@app/contract/enums';
import { message as contractMessage } from '@app/contract/messages';
import { FEEDBACK_CONTENT_MAX, VALIDATION_KEYS } from '@app/contract/validation';
import { useContractForm } from '../../../lib/forms/use-contract-form.ts';
import { schemaRule } from '../../../lib/forms/zod-rule.ts';
import { useIsLoggedIn } from '../../../lib/session/session-store.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useAddFeedback } from '../api/add-feedback.ts';
import { useFeedbackTypes } from '../api/get-feedback-types.ts';
import './feedback.css';

type FeedbackDialogProps = {
  open: boolean;
  onClose: () => void;
  /** After a submit, ask whether to open /user/other/feedback (not when already there). */
  askToOpenList?: boolean;
};

type Values = { type?: FeedbackType; content: string; mobile: string };

const { shape } = addFeedbackBodySchema;

/**
 * The feedback dialog (SPEC.md §2, width 540): type from the dictionary student.feedback.type,
 * content, and a contact number only for a visitor (a student is reached through their account).
 * After a submit it offers the student's feedback list.
 */
export function FeedbackDialog({ open, onClose, askToOpenList = true }: FeedbackDialogProps) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const loggedIn = useIsLoggedIn();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { form, onFinishFailed } = useContractForm<Values>(lang);
  const types = useFeedbackTypes();
  const add = useAddFeedback();

  const onFinish = (values: Values) => {
    const body = { type: values.type, content: values.content, mobile: loggedIn ? '' : values.mobile };
    add.mutate(body as AddFeedbackBody, {
      onSuccess: () => {
        form.resetFields();
        onClose();
        void message.success(contractMessage('feedback.submitted', lang));
        if (!askToOpenList) return;
        modal.confirm({
          title: contractMessage('feedback.submitted', lang),
          content: t('feedback.goToListBody'),
          okText: t('feedback.goToList'),
          cancelText: t('feedback.stay'),
          onOk: () => navigate('/user/other/feedback'),
        });
      },
    });
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('feedback.dialogTitle')}
      width={FEEDBACK_DIALOG_WIDTH}
      rootClassName="ls-fb-dialog"
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('feedback.cancel')}
        </Button>,
        <Button
          key="submit"
          type="primary"
          loading={add.isPending}
          onClick={() => form.submit()}
          data-testid="feedback-submit"
        >
          {t('feedback.submit')}
        </Button>,
      ]}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ content: '', mobile: '' }}
        onFinish={onFinish}
        onFinishFailed={onFinishFailed}
        data-testid="feedback-form"
      >
        <Form.Item name="type" label={t('feedback.type')} required rules={[schemaRule(shape.type, lang)]}>
          <Select
            placeholder={contractMessage(VALIDATION_KEYS.feedbackTypeRequired, lang)}
            options={(types.data ?? []).map((item) => ({ value: item.value, label: item.label }))}
            data-testid="feedback-type"
          />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('feedback.content')}
          required
          rules={[schemaRule(shape.content, lang)]}
        >
          <Input.TextArea
            rows={5}
            maxLength={FEEDBACK_CONTENT_MAX}
            showCount
            placeholder={t('feedback.contentPlaceholder')}
            data-testid="feedback-content"
          />
        </Form.Item>
        {!loggedIn && (
          <Form.Item
            name="mobile"
            label={t('feedback.contact')}
            rules={[schemaRule(shape.mobile, lang, { optional: true })]}
          >
            <Input inputMode="tel" autoComplete="tel" maxLength={11} data-testid="feedback-mobile" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
