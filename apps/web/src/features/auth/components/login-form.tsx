import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { LockOutlined, MessageOutlined } from '@ant-design/icons';
import { Trans, useTranslation } from 'react-i18next';
import type { UserInfo } from '@app/contract/auth';
import { LOGIN_CLIENT_LABEL, LOGIN_TABS } from '@app/contract/constants';
import { checkMobile, checkPassword, checkSmsCode } from '@app/contract/field-checks';
import { message as contractMessage } from '@app/contract/messages';
import { FieldRow, PasswordField, TextField, type TextFieldProps } from '../../../components/fields.tsx';
import { wantAppUi, withAppUi } from '../../../lib/antd/app-ui.ts';
import { lazyWithAntd } from '../../../lib/antd/lazy-with-antd.tsx';
import { clientPasswordHash } from '../../../lib/auth-crypto/client-password-hash.ts';
import { isApiError } from '../../../lib/http/api-error.ts';
import { EmptyUserInfoError } from '../../../lib/session/create-session.ts';
import type { LoginDialogMode } from '../../../lib/session/login-dialog-store.ts';
import { session } from '../../../lib/session/session-store.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { getUserInfo } from '../api/get-user-info.ts';
import { login, register } from '../api/login.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';
import { useCountdown } from '../../../lib/time/use-countdown.ts';
import { smsSends } from '../lib/sms-send-store.ts';
import { displayName } from '../lib/user-display.ts';
import { DemoHint, type DemoInfo } from './demo-hint.tsx';
import type { LegalDoc } from './legal-dialog.tsx';
import './auth.css';

/** The legal texts are an antd dialog, loaded with antd when the student first opens one. */
const LegalDialog = lazyWithAntd(() =>
  import('./legal-dialog.tsx').then((module) => ({ default: module.LegalDialog })),
);

/** How long the "Login successful" notification shows before the page reloads (SPEC.md §2). */
export const RELOAD_AFTER_LOGIN_MS = 1_000;
/** How long a login waits at most for antd's toasts to load before it reloads without the welcome. */
const WELCOME_WAIT_MS = 5_000;

type Method = 'sms' | 'password';
type Field = 'mobile' | 'code' | 'password' | 'newPassword';
type Values = Record<Field, string> & { remember: boolean };
/** A shown error is kept as the contract's message key, so its text follows a language switch. */
type Errors = Partial<Record<Field, string | undefined>>;

/**
 * The checks of SPEC.md §2: the server's own, without zod (contract/field-checks.ts), each giving
 * the message key of the refusal; an empty new password passes (it is optional).
 */
const CHECKS: Partial<Record<Field, (value: string) => string | undefined>> = {
  mobile: checkMobile,
  code: checkSmsCode,
  newPassword: (value) => (value === '' ? undefined : checkPassword(value)),
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
 * The login / registration form of SPEC.md §2, shared by the dialog and the /login page. Plain
 * markup (issue 16): the /login page renders it without loading antd; toasts go through
 * `withAppUi`, and the legal texts load antd when opened.
 * - SMS mode: phone + 6-digit code with a get-code button and a 60 s countdown (disabled while
 *   counting or sending). Unknown phones are registered by the server on SMS login. The countdown
 *   and the send's challenge_id are kept per phone for the browser session (sms-send-store.ts): a
 *   reopened dialog shows the phone of the last send still counting down, and login and
 *   registration send the challenge back with the code (DESIGN.md §7 "Code binding").
 * - Password mode: phone + password, sent as the client hash (DESIGN.md §6), never in clear.
 * - Register mode: SMS mode under a register title, with an optional password (then POST /user/reg).
 * - Fields are checked with the contract's schemas when they lose focus and on submit; the message
 *   is the server's text for the same refusal, in the page's language.
 * The submit button is disabled while the phone or the code/password is empty (SPEC.md §5).
 */
export function LoginForm({ mode, onModeChange, onLoggedIn, demo, idPrefix }: LoginFormProps) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const [values, setValues] = useState<Values>(() => ({
    // The phone of a send whose code may still be typed in, for a reopened dialog.
    mobile: smsSends.lastMobile() ?? '',
    code: '',
    password: '',
    newPassword: '',
    remember: false,
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [method, setMethod] = useState<Method>('sms');
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [legal, setLegal] = useState<LegalDoc | null>(null);
  const [legalWanted, setLegalWanted] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  // Re-reads the send store after a send or a refusal was recorded in it.
  const [, sendsChanged] = useReducer((n: number) => n + 1, 0);

  const effectiveMethod: Method = mode === 'register' ? 'sms' : method;
  const secret = effectiveMethod === 'password' ? values.password : values.code;
  const canSubmit = values.mobile.trim() !== '' && secret.trim() !== '';
  const remaining = useCountdown(smsSends.resendAt(values.mobile));
  const id = (field: string) => `${idPrefix}-login_${field}`;

  // A field that is no longer shown has no error to show.
  useEffect(() => {
    setErrors((shown) => ({
      mobile: shown.mobile,
      ...(effectiveMethod === 'sms' ? { code: shown.code } : {}),
      ...(mode === 'register' ? { newPassword: shown.newPassword } : {}),
    }));
  }, [effectiveMethod, mode]);

  const setValue = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const validate = (field: Field, value = values[field]) => {
    const error = CHECKS[field]?.(value);
    setErrors((shown) => ({ ...shown, [field]: error }));
    return error;
  };
  /** Checks `fields`, shows their errors and focuses the first invalid one; true when all pass. */
  const validateAll = (fields: Field[]) => {
    const invalid = fields.filter((field) => validate(field) !== undefined);
    if (invalid[0]) inputs.current[invalid[0]]?.focus();
    return invalid.length === 0;
  };

  const onGetCode = async () => {
    if (!validateAll(['mobile'])) return;
    const value = values.mobile.trim();
    setSending(true);
    try {
      const result = await sendSmsCode({ mobile: value });
      smsSends.recordSend(value, result);
      sendsChanged();
      withAppUi((ui) => ui.message.success(t('auth.smsSent')));
      inputs.current.code?.focus();
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

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit || submitting) return;
    const fields: Field[] = ['mobile'];
    if (effectiveMethod === 'sms') fields.push('code');
    if (mode === 'register') fields.push('newPassword');
    if (!validateAll(fields)) return;
    const phone = values.mobile.trim();
    setSubmitting(true);
    try {
      let pair;
      if (mode === 'register' && values.newPassword) {
        pair = await register({
          mobile: phone,
          password: await clientPasswordHash(values.newPassword, phone),
          code: values.code.trim(),
          challenge_id: smsSends.challengeFor(phone),
        });
      } else if (effectiveMethod === 'password') {
        pair = await login({
          mobile: phone,
          password: await clientPasswordHash(values.password, phone),
          currentTab: LOGIN_TABS.password,
          token: LOGIN_CLIENT_LABEL,
        });
      } else {
        pair = await login({
          mobile: phone,
          Code: values.code.trim(),
          currentTab: LOGIN_TABS.sms,
          token: LOGIN_CLIENT_LABEL,
          challenge_id: smsSends.challengeFor(phone),
        });
      }
      const info = await session.establish(pair, {
        remember: values.remember,
        fetchUserInfo: () => getUserInfo({ duringLogin: true }),
      });
      // The reload (or the way to ?url=) waits until the welcome is on screen, so it shows for the
      // whole of RELOAD_AFTER_LOGIN_MS; if antd's toasts cannot load, it goes ahead anyway.
      let proceeded = false;
      const proceed = () => {
        if (proceeded) return;
        proceeded = true;
        onLoggedIn(info);
      };
      withAppUi((ui) => {
        ui.notification.success({
          title: t('auth.loginSuccess'),
          description: t('auth.welcome', { name: displayName(info) || t('auth.defaultName') }),
          placement: 'top',
        });
        proceed();
      });
      setTimeout(proceed, WELCOME_WAIT_MS);
    } catch (error) {
      if (error instanceof EmptyUserInfoError) withAppUi((ui) => ui.message.error(t('auth.emptyUserInfo')));
      else if (!isApiError(error))
        withAppUi((ui) => ui.message.error(contractMessage('validation.checkInput', lang)));
      // ApiError: the HTTP client already showed the server's message.
      setSubmitting(false);
    }
  };

  const fillDemo = (account: { mobile: string; password: string }) => {
    onModeChange('login');
    setMethod('password');
    setValues((v) => ({ ...v, mobile: account.mobile, password: account.password }));
    validate('mobile', account.mobile);
  };

  const openLegal = (doc: LegalDoc) => {
    setLegalWanted(true);
    setLegal(doc);
  };

  const counting = remaining > 0;
  const codeButtonText = sending
    ? t('auth.sendingCode')
    : counting
      ? t('auth.resendIn', { seconds: remaining })
      : t('auth.getCode');

  /** A text field's input, tied to its label and its error for assistive technology. */
  const input = (field: Field, props: Omit<TextFieldProps, 'id' | 'value' | 'onChange' | 'invalid'>) => (
    <TextField
      {...props}
      id={id(field)}
      value={values[field]}
      disabled={submitting}
      invalid={errors[field] !== undefined}
      inputRef={(element) => {
        inputs.current[field] = element;
      }}
      onChange={(value) => setValue(field, value)}
      onBlur={CHECKS[field] ? () => validate(field) : undefined}
    />
  );

  return (
    <div className="ls-auth" data-testid="login-form">
      <p className="ls-muted ls-auth-subtitle">
        {mode === 'register' ? t('auth.registerSubtitle') : t('auth.loginSubtitle')}
      </p>
      {demo?.demo && <DemoHint smsDriver={demo.smsDriver} onFill={fillDemo} />}
      <form
        className="ls-form"
        id={`${idPrefix}-login`}
        noValidate
        onSubmit={onSubmit}
        // The toasts (code sent, welcome) are antd's: loaded once the student starts on the form,
        // so they are there by the time the first one is shown.
        onFocusCapture={wantAppUi}
        onPointerDownCapture={wantAppUi}
        aria-busy={submitting || undefined}
      >
        <FieldRow label={t('auth.mobile')} error={errors.mobile} lang={lang} id={id('mobile')}>
          {input('mobile', {
            type: 'tel',
            inputMode: 'numeric',
            autoComplete: 'tel-national',
            maxLength: 11,
            placeholder: t('auth.mobilePlaceholder'),
            prefix: (
              <span className="ls-auth-prefix" title={t('auth.mobilePrefix')}>
                +86
              </span>
            ),
            testId: 'login-mobile',
          })}
        </FieldRow>

        {effectiveMethod === 'sms' ? (
          <FieldRow label={t('auth.code')} error={errors.code} lang={lang} id={id('code')}>
            <div className="ls-auth-code">
              {input('code', {
                inputMode: 'numeric',
                autoComplete: 'one-time-code',
                maxLength: 6,
                placeholder: t('auth.codePlaceholder'),
                testId: 'login-code',
              })}
              <button
                type="button"
                className="ls-btn ls-auth-code-button"
                onClick={onGetCode}
                disabled={counting || sending || submitting}
                aria-live="polite"
                data-testid="get-code"
              >
                {sending && <span className="ls-btn-spinner" aria-hidden="true" />}
                {codeButtonText}
              </button>
            </div>
          </FieldRow>
        ) : (
          <FieldRow label={t('auth.password')} lang={lang} id={id('password')}>
            <PasswordField
              disabled={submitting}
              id={id('password')}
              value={values.password}
              onChange={(value) => setValue('password', value)}
              autoComplete="current-password"
              placeholder={t('auth.passwordPlaceholder')}
              testId="login-password"
            />
          </FieldRow>
        )}

        {mode === 'register' && (
          <FieldRow
            label={t('auth.newPassword')}

            error={errors.newPassword}
            lang={lang}
            id={id('newPassword')}
          >
            <PasswordField
              disabled={submitting}
              id={id('newPassword')}
              value={values.newPassword}
              onChange={(value) => setValue('newPassword', value)}
              onBlur={() => validate('newPassword')}
              invalid={errors.newPassword !== undefined}
              autoComplete="new-password"
              placeholder={t('auth.newPasswordPlaceholder')}
              testId="register-password"
            />
          </FieldRow>
        )}

        <div className="ls-auth-row">
          <label className="ls-checkbox">
            <input
              type="checkbox"
              checked={values.remember}
              disabled={submitting}
              onChange={(event) => setValues((v) => ({ ...v, remember: event.target.checked }))}
              data-testid="login-remember"
            />
            <span>{t('auth.remember')}</span>
          </label>
          {mode === 'login' && (
            <button
              type="button"
              className="ls-btn ls-btn-link ls-btn-small ls-auth-switch"
              onClick={() => setMethod(method === 'sms' ? 'password' : 'sms')}
              disabled={submitting}
              data-testid="login-method-toggle"
            >
              {method === 'sms' ? <LockOutlined /> : <MessageOutlined />}
              {method === 'sms' ? t('auth.usePassword') : t('auth.useSms')}
            </button>
          )}
        </div>

        <button
          type="submit"
          className="ls-btn ls-btn-primary ls-btn-block ls-btn-large ls-auth-submit"
          disabled={!canSubmit || submitting}
          data-testid="login-submit"
        >
          {submitting && <span className="ls-btn-spinner" aria-hidden="true" />}
          {mode === 'register' ? t('auth.submitRegister') : t('auth.submitLogin')}
        </button>
      </form>

      <div className="ls-auth-footer">
        <button
          type="button"
          className="ls-btn ls-btn-link ls-btn-small"
          onClick={() => onModeChange(mode === 'register' ? 'login' : 'register')}
          data-testid="login-mode-toggle"
        >
          {mode === 'register' ? t('auth.toLogin') : t('auth.toRegister')}
        </button>
        <p className="ls-small ls-muted ls-auth-agreement">
          <Trans
            i18nKey="auth.agreement"
            components={{
              privacy: (
                <button
                  type="button"
                  className="ls-auth-legal-link"
                  onClick={() => openLegal('privacy')}
                  data-testid="open-privacy"
                />
              ),
              terms: (
                <button
                  type="button"
                  className="ls-auth-legal-link"
                  onClick={() => openLegal('terms')}
                  data-testid="open-terms"
                />
              ),
            }}
          />
        </p>
      </div>
      {legalWanted && <LegalDialog doc={legal} onClose={() => setLegal(null)} />}
    </div>
  );
}
