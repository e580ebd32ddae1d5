import { App, Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH } from '@app/contract/constants';
import { message as contractMessage } from '@app/contract/messages';
import { passwordSchema, VALIDATION_KEYS } from '@app/contract/validation';
import { schemaRule } from '../../../lib/forms/zod-rule.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useSetPassword } from '../api/set-password.ts';
import '../components/users.css';

type Values = { password: string; confirm: string };

/**
 * /user/set-password: a new password (6-32) typed twice, sent as the login's client hash. The server
 * signs the student out on their other devices and keeps this session.
 */
export default function SetPasswordRoute() {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const mobile = useSession((s) => s.userInfo?.student_phone ?? '');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const setPassword = useSetPassword();

  useEffect(() => {
    const touched = form
      .getFieldsError()
      .filter((f) => f.errors.length > 0)
      .map((f) => f.name);
    if (touched.length > 0) void form.validateFields(touched).catch(() => undefined);
  }, [lang, form]);

  const onFinish = ({ password }: Values) => {
    setPassword.mutate(
      { password, mobile },
      {
        onSuccess: ({ revoked_sessions: revoked }) => {
          form.resetFields();
          void message.success(
            revoked > 0
              ? `${contractMessage('user.passwordSet', lang)} ${t('users.otherSessionsEnded', { count: revoked })}`
              : contractMessage('user.passwordSet', lang),
          );
        },
      },
    );
  };

  return (
    <div data-testid="set-password">
      <h1>{t('titles.userSetPassword')}</h1>
      <p className="ls-muted">{t('users.passwordIntro')}</p>
      <Form<Values>
        form={form}
        layout="vertical"
        className="ls-u-form"
        onFinish={onFinish}
        onFinishFailed={() => void message.error(contractMessage(VALIDATION_KEYS.checkInput, lang))}
        data-testid="password-form"
      >
        <Form.Item
          name="password"
          label={t('users.newPassword')}
          required
          rules={[schemaRule(passwordSchema, lang)]}
        >
          <Input.Password
            maxLength={PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
            data-testid="password-new"
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('users.confirmPassword')}
          required
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_: unknown, value: string) => {
                if (!value || value !== getFieldValue('password')) {
                  throw new Error(contractMessage(VALIDATION_KEYS.passwordMismatch, lang));
                }
              },
            }),
          ]}
        >
          <Input.Password
            maxLength={PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
            data-testid="password-confirm"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={setPassword.isPending} data-testid="password-save">
          {t('users.savePassword')}
        </Button>
      </Form>
    </div>
  );
}
