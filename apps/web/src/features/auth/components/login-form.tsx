import { useEffect, useReducer, useRef, useState } from 'react';
import { App, Button, Checkbox, Form, Input, Space, type InputRef } from 'antd';
import { LockOutlined, MessageOutlined } from '@ant-design/icons';
import { Trans, useTranslation } from 'react-i18next';
import { LOGIN_TABS, smsCodeSchema, type UserInfo } from '@app/contract/auth';
import { LOGIN_CLIENT_LABEL } from '@app/contract/constants';
import { message as contractMessage } from '@app/contract/messages';
import { mobileSchema, passwordSchema } from '@app/contract/validation';
import { clientPasswordHash } from '../../../lib/auth-crypto/client-password-hash.ts';
import { schemaRule } from '../../../lib/forms/zod-rule.ts';
import { isApiError } from '../../../lib/http/api-error.ts';
import { EmptyUserInfoError } from '../../../lib/session/create-session.ts';
import type { LoginDialogMode } from '../../../lib/session/login-dialog-store.ts';
import { session } from '../../../lib/session/session-store.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { getUserInfo } from '../api/get-user-info.ts';
import { login, register } from '../api/login.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { smsSends } from '../lib/sms-send-store.ts';
import { displayName } from '../lib/user-display.ts';
import { DemoHint, type DemoInfo } from './demo-hint.tsx';
import { LegalDialog, type LegalDoc } from './legal-dialog.tsx';
import './auth.css';

type Method = 'sms' | 'password';

type FormValues = {
  mobile?: string;
  code?: string;
  password?: string;
  newPassword?: string;
  remember?: boolean;
};

export type LoginFormProps = {
  mode: LoginDialogMode;
  onModeChange: (mode: LoginDialogMode) => void;
  /** After the session is established and the welcome shown: reload, or go to `?url=`. */
  onLoggedIn: (info: UserInfo) => void;
  demo?: DemoInfo | null;
  /** Distinguishes the ids of the dialog's form and the /login page's form. */
  idPrefix: string;
};

/**
 * The login / registration form of SPEC.md §2, shared by the dialog and the /login page.
 * - SMS mode: phone + 6-digit code with a get-code button and a 60 s countdown (disabled while
 *   counting or sending). Unknown phones are registered by the server on SMS login. The countdown
 *   and the send's challenge_id are kept per phone for the browser session (sms-send-store.ts): a
 *   reopened dialog shows the phone of the last send still counting down, and login and
 *   registration send the challenge back with the code (DESIGN.md §7 "Code binding").
 * - Password mode: phone + password, sent as the client hash (DESIGN.md §6), never in clear.
 * - Register mode: SMS mode under a register title, with an optional password (then POST /user/reg).
 * The submit button is disabled while the phone or the code/password is empty (SPEC.md §5).
 */
export function LoginForm({ mode, onModeChange, onLoggedIn, demo, idPrefix }: LoginFormProps) {
  const { t } = useTranslation();
  const { message, notification } = App.useApp();
  const lang = useSettings((s) => s.language);
  const [form] = Form.useForm<FormValues>();
  const [method, setMethod] = useState<Method>('sms');
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [legal, setLegal] = useState<LegalDoc | null>(null);
  const codeInput = useRef<InputRef>(null);
  // The phone of a send whose code may still be typed in, for a reopened dialog (read once).
  const [lastMobile] = useState(() => smsSends.lastMobile());
  // Re-reads the send store after a send or a refusal was recorded in it.
  const [, sendsChanged] = useReducer((n: number) => n + 1, 0);

  const effectiveMethod: Method = mode === 'register' ? 'sms' : method;
  const mobile = Form.useWatch('mobile', form) ?? '';
  const code = Form.useWatch('code', form) ?? '';
  const password = Form.useWatch('password', form) ?? '';
  const secret = effectiveMethod === 'password' ? password : code;
  const canSubmit = mobile.trim() !== '' && secret.trim() !== '';
  const remaining = useCountdown(smsSends.resendAt(mobile));

  // Validation messages follow a language switch.
  useEffect(() => {
    const shown = (['mobile', 'code', 'newPassword'] as const).filter(
      (name) => form.getFieldError(name).length > 0,
    );
    if (shown.length > 0) form.validateFields(shown).catch(() => undefined);
  }, [lang, form]);

  const onGetCode = async () => {
    let value: string;
    try {
      value = (await form.validateFields(['mobile'])).mobile?.trim() ?? '';
    } catch {
      return;
    }
    setSending(true);
    try {
      const result = await sendSmsCode({ mobile: value });
      smsSends.recordSend(value, result);
      sendsChanged();
      message.success(t('auth.smsSent'));
      codeInput.current?.focus();
    } catch (error) {
      // The client showed the server's message; a rate limit says when to try again.
      const retry = isApiError(error)
        ? (error.data as { retry_after_seconds?: unknown } | undefined)?.retry_after_seconds
        : undefined;
      if (typeof retry === 'number' && retry > 0 && retry <= 3600) {
        smsSends.recordRefusal(value, retry);
        sendsChanged();
      }
    } finally {
      setSending(false);
    }
  };

  const onFinish = async (values: FormValues) => {
    const phone = (values.mobile ?? '').trim();
    setSubmitting(true);
    try {
      let pair;
      if (mode === 'register' && values.newPassword) {
        pair = await register({
          mobile: phone,
          password: await clientPasswordHash(values.newPassword, phone),
          code: (values.code ?? '').trim(),
          challenge_id: smsSends.challengeFor(phone),
        });
      } else if (effectiveMethod === 'password') {
        pair = await login({
          mobile: phone,
          password: await clientPasswordHash(values.password ?? '', phone),
          currentTab: LOGIN_TABS.password,
          token: LOGIN_CLIENT_LABEL,
        });
      } else {
        pair = await login({
          mobile: phone,
          Code: (values.code ?? '').trim(),
          currentTab: LOGIN_TABS.sms,
          token: LOGIN_CLIENT_LABEL,
          challenge_id: smsSends.challengeFor(phone),
        });
      }
      const info = await session.establish(pair, {
        remember: values.remember === true,
        fetchUserInfo: () => getUserInfo({ duringLogin: true }),
      });
      notification.success({
        title: t('auth.loginSuccess'),
        description: t('auth.welcome', { name: displayName(info) || t('auth.defaultName') }),
        placement: 'top',
      });
      onLoggedIn(info);
    } catch (error) {
      if (error instanceof EmptyUserInfoError) message.error(t('auth.emptyUserInfo'));
      else if (!isApiError(error)) message.error(contractMessage('validation.checkInput', lang));
      // ApiError: the HTTP client already showed the server's message.
      setSubmitting(false);
    }
  };

  const fillDemo = (account: { mobile: string; password: string }) => {
    onModeChange('login');
    setMethod('password');
    form.setFieldsValue({ mobile: account.mobile, password: account.password });
    form.validateFields(['mobile']).catch(() => undefined);
  };

  const counting = remaining > 0;
  const codeButtonText = sending
    ? t('auth.sendingCode')
    : counting
      ? t('auth.resendIn', { seconds: remaining })
      : t('auth.getCode');

  return (
    <div className="ls-auth" data-testid="login-form">
      <p className="ls-muted ls-auth-subtitle">
        {mode === 'register' ? t('auth.registerSubtitle') : t('auth.loginSubtitle')}
      </p>
      {demo?.demo && <DemoHint smsDriver={demo.smsDriver} onFill={fillDemo} />}
      <Form<FormValues>
        form={form}
        name={`${idPrefix}-login`}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{ remember: false, ...(lastMobile ? { mobile: lastMobile } : {}) }}
        disabled={submitting}
      >
        <Form.Item
          name="mobile"
          label={t('auth.mobile')}
          validateTrigger="onBlur"
          rules={[schemaRule(mobileSchema, lang)]}
        >
          <Input
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={11}
            placeholder={t('auth.mobilePlaceholder')}
            prefix={
              <span className="ls-auth-prefix" title={t('auth.mobilePrefix')}>
                +86
              </span>
            }
            data-testid="login-mobile"
          />
        </Form.Item>

        {effectiveMethod === 'sms' ? (
          <Form.Item label={t('auth.code')} htmlFor={`${idPrefix}-login_code`} required>
            <Space.Compact block>
              <Form.Item
                name="code"
                noStyle
                validateTrigger="onBlur"
                rules={[schemaRule(smsCodeSchema, lang)]}
              >
                <Input
                  ref={codeInput}
                  id={`${idPrefix}-login_code`}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  placeholder={t('auth.codePlaceholder')}
                  aria-label={t('auth.code')}
                  data-testid="login-code"
                />
              </Form.Item>
              <Button
                className="ls-auth-code-button"
                onClick={onGetCode}
                disabled={counting || sending || submitting}
                loading={sending}
                aria-live="polite"
                data-testid="get-code"
              >
                {codeButtonText}
              </Button>
            </Space.Compact>
          </Form.Item>
        ) : (
          <Form.Item name="password" label={t('auth.password')}>
            <Input.Password
              autoComplete="current-password"
              maxLength={32}
              placeholder={t('auth.passwordPlaceholder')}
              data-testid="login-password"
            />
          </Form.Item>
        )}

        {mode === 'register' && (
          <Form.Item
            name="newPassword"
            label={t('auth.newPassword')}
            validateTrigger="onBlur"
            rules={[schemaRule(passwordSchema, lang, { optional: true })]}
          >
            <Input.Password
              autoComplete="new-password"
              maxLength={32}
              placeholder={t('auth.newPasswordPlaceholder')}
              data-testid="register-password"
            />
          </Form.Item>
        )}

        <div className="ls-auth-row">
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox data-testid="login-remember">{t('auth.remember')}</Checkbox>
          </Form.Item>
          {mode === 'login' && (
            <Button
              type="link"
              size="small"
              className="ls-auth-switch"
              icon={method === 'sms' ? <LockOutlined /> : <MessageOutlined />}
              onClick={() => setMethod(method === 'sms' ? 'password' : 'sms')}
              data-testid="login-method-toggle"
            >
              {method === 'sms' ? t('auth.usePassword') : t('auth.useSms')}
            </Button>
          )}
        </div>

        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          className="ls-auth-submit"
          disabled={!canSubmit}
          loading={submitting}
          data-testid="login-submit"
        >
          {mode === 'register' ? t('auth.submitRegister') : t('auth.submitLogin')}
        </Button>
      </Form>

      <div className="ls-auth-footer">
        <Button
          type="link"
          size="small"
          onClick={() => onModeChange(mode === 'register' ? 'login' : 'register')}
          data-testid="login-mode-toggle"
        >
          {mode === 'register' ? t('auth.toLogin') : t('auth.toRegister')}
        </Button>
        <p className="ls-small ls-muted ls-auth-agreement">
          <Trans
            i18nKey="auth.agreement"
            components={{
              privacy: (
                <button
                  type="button"
                  className="ls-auth-legal-link"
                  onClick={() => setLegal('privacy')}
                  data-testid="open-privacy"
                />
              ),
              terms: (
                <button
                  type="button"
                  className="ls-auth-legal-link"
                  onClick={() => setLegal('terms')}
                  data-testid="open-terms"
                />
              ),
            }}
          />
        </p>
      </div>
      <LegalDialog doc={legal} onClose={() => setLegal(null)} />
    </div>
  );
}
