import { App, Button, Form, Input, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH } from '@app/contract/constants';
import { checkSmsCode } from '@app/contract/field-checks';
import type { Lang } from '@app/contract/i18n';
import { message as contractMessage } from '@app/contract/messages';
import type { UserProfile } from '@app/contract/users';
import { passwordSchema, VALIDATION_KEYS } from '@app/contract/validation';
import { ListError } from '../../../components/list-states.tsx';
import { useContractForm } from '../../../lib/forms/use-contract-form.ts';
import { schemaRule } from '../../../lib/forms/zod-rule.ts';
import { isApiError } from '../../../lib/http/api-error.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useUserHome } from '../api/get-user-home.ts';
import { sendPasswordCode } from '../api/send-password-code.ts';
import { useSetPassword } from '../api/set-password.ts';
import { useCountdown } from '../../../lib/time/use-countdown.ts';
import '../components/users.css';
import '../../../locales/auth/index.ts';

type Values = { old_password: string; code: string; password: string; confirm: string };
type Proof = 'password' | 'sms';

/** The SMS resend wait when the reply does not say (SPEC.md §9: 60 s). */
const DEFAULT_RESEND_SECONDS = 60;

/** 13800138000 → 138****8000: enough for the student to recognise their phone. */
function maskPhone(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}

function PasswordForm({ profile, lang }: { profile: UserProfile; lang: Lang }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { form, onFinishFailed } = useContractForm<Values>(lang);
  const setPassword = useSetPassword();
  const hasPassword = profile.has_password === true;
  const mobile = profile.student_phone;
  // An account with a password proves itself with it (or, when forgotten, with an SMS code); one
  // without proves itself with an SMS code to its phone (issue 32 §4).
  const [proof, setProof] = useState<Proof>(hasPassword ? 'password' : 'sms');
  const [challengeId, setChallengeId] = useState<string>();
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const remaining = useCountdown(resendAt);

  const onGetCode = async () => {
    setSending(true);
    try {
      const result = await sendPasswordCode(mobile);
      setChallengeId(result?.challenge_id);
      setResendAt(Date.now() + (result?.resend_after_seconds ?? DEFAULT_RESEND_SECONDS) * 1000);
      void message.success(contractMessage('auth.smsSent', lang));
      document.getElementById('set-password-code')?.focus();
    } catch (error) {
      // The client showed the server's message; a rate limit says when to try again.
      const retry = isApiError(error)
        ? (error.data as { retry_after_seconds?: unknown } | null | undefined)?.retry_after_seconds
        : undefined;
      if (typeof retry === 'number' && retry > 0 && retry <= 3600) setResendAt(Date.now() + retry * 1000);
    } finally {
      setSending(false);
    }
  };

  const onFinish = (values: Values) => {
    const proven =
      proof === 'password'
        ? { proof, oldPassword: values.old_password }
        : { proof, code: values.code.trim(), challengeId };
    setPassword.mutate(
      { password: values.password, mobile, ...proven },
      {
        onSuccess: ({ revoked_sessions: revoked }) => {
          form.resetFields();
          setProof('password');
          void message.success(
            revoked > 0
              ? `${contractMessage('user.passwordSet', lang)} ${t('users.otherSessionsEnded', { count: revoked })}`
              : contractMessage('user.passwordSet', lang),
          );
        },
      },
    );
  };

  const switchProof = (next: Proof) => {
    setProof(next);
    form.resetFields(['old_password', 'code']);
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="ls-u-form"
      onFinish={onFinish}
      onFinishFailed={onFinishFailed}
      data-testid="password-form"
      data-proof={proof}
    >
      {proof === 'password' ? (
        <Form.Item
          name="old_password"
          label={t('users.currentPassword')}
          required
          rules={[
            {
              validator: async (_: unknown, value: unknown) => {
                if (typeof value !== 'string' || value === '') {
                  throw new Error(contractMessage('user.oldPasswordRequired', lang));
                }
              },
            },
          ]}
          extra={
            <Button
              type="link"
              className="ls-u-link-button"
              onClick={() => switchProof('sms')}
              data-testid="password-use-sms"
            >
              {t('users.useSmsInstead')}
            </Button>
          }
        >
          <Input.Password
            maxLength={PASSWORD_MAX_LENGTH}
            autoComplete="current-password"
            data-testid="password-old"
          />
        </Form.Item>
      ) : (
        <>
          <p className="ls-muted" data-testid="password-sms-intro">
            {t(hasPassword ? 'users.smsProofForgot' : 'users.smsProofIntro', { phone: maskPhone(mobile) })}
          </p>
          <Form.Item
            label={t('users.code')}
            htmlFor="set-password-code"
            required
            extra={
              hasPassword ? (
                <Button
                  type="link"
                  className="ls-u-link-button"
                  onClick={() => switchProof('password')}
                  data-testid="password-use-old"
                >
                  {t('users.usePasswordInstead')}
                </Button>
              ) : undefined
            }
          >
            <Space.Compact className="ls-u-code">
              {/* noStyle: its error shows under the labelled item around the pair. */}
              <Form.Item
                name="code"
                noStyle
                rules={[
                  {
                    validator: async (_: unknown, value: unknown) => {
                      const key = checkSmsCode(typeof value === 'string' ? value.trim() : '');
                      if (key) throw new Error(contractMessage(key, lang));
                    },
                  },
                ]}
              >
                <Input
                  id="set-password-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  placeholder={t('users.codePlaceholder')}
                  data-testid="password-code"
                />
              </Form.Item>
              <Button
                onClick={() => void onGetCode()}
                loading={sending}
                disabled={remaining > 0 || setPassword.isPending}
                aria-live="polite"
                data-testid="password-get-code"
              >
                {remaining > 0 ? t('users.resendIn', { seconds: remaining }) : t('users.getCode')}
              </Button>
            </Space.Compact>
          </Form.Item>
        </>
      )}
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
  );
}

/**
 * /user/set-password: a new password (6-32) typed twice, sent as the login's client hash, proven by
 * the current password or, for an account without one (or a forgotten one), an SMS code to the
 * student's phone: an access token alone cannot change it (issue 32 §4). The server signs the
 * student out on their other devices and keeps this session.
 */
export default function SetPasswordRoute() {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const home = useUserHome();
  return (
    <div data-testid="set-password">
      <h1>{t('titles.userSetPassword')}</h1>
      <p className="ls-muted">{t('users.passwordIntro')}</p>
      {home.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : home.isError ? (
        <ListError testIdPrefix="set-password" onRetry={() => void home.refetch()} />
      ) : (
        // A new form once the account has a password: it then asks for the current one.
        <PasswordForm
          key={`${home.data.user.student_id}:${String(home.data.user.has_password)}`}
          profile={home.data.user}
          lang={lang}
        />
      )}
    </div>
  );
}
