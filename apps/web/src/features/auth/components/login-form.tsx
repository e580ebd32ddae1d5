import { useState } from 'react';
import { LockOutlined, MessageOutlined } from '@ant-design/icons';
import { Trans, useTranslation } from 'react-i18next';
import type { UserInfo } from '@app/contract/auth';
import { FieldRow, PasswordField, TextField, type TextFieldProps } from '../../../components/fields.tsx';
import { wantAppUi } from '../../../lib/antd/app-ui.ts';
import { lazyWithAntd } from '../../../lib/antd/lazy-with-antd.tsx';
import type { LoginDialogMode } from '../../../lib/session/login-dialog-store.ts';
import { DemoHint, type DemoInfo } from './demo-hint.tsx';
import type { LegalDoc } from './legal-dialog.tsx';
import { CHECKS, useLoginForm, type Field } from './use-login-form.ts';
import './auth.css';
import '../../../locales/auth/index.ts';

/** The legal texts are an antd dialog, loaded with antd when the student first opens one. */
const LegalDialog = lazyWithAntd(() =>
  import('./legal-dialog.tsx').then((module) => ({ default: module.LegalDialog })),
);

/** How long the "Login successful" notification shows before the page reloads (SPEC.md §2). */
export const RELOAD_AFTER_LOGIN_MS = 1_000;

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
 * `withAppUi`, and the legal texts load antd when opened. Its state and actions are
 * `useLoginForm`'s (use-login-form.ts).
 * - SMS mode: phone + 6-digit code with a get-code button and a 60 s countdown (disabled while
 *   counting or sending). Unknown phones are registered by the server on SMS login. The countdown
 *   and the send's challenge_id are kept per phone for the browser session (sms-send-store.ts): a
 *   reopened dialog shows the phone of the last send still counting down, and login and
 *   registration send the challenge back with the code (DESIGN.md §7 "Code binding").
 * - Password mode: phone + password, sent as the client hash (DESIGN.md §6), never in clear.
 * - Register mode: SMS mode under a register title, with an optional password (then POST /user/reg).
 * - Fields are checked with the contract's checks when they lose focus and on submit; the message
 *   is the server's text for the same refusal, in the page's language.
 * The submit button is disabled while the phone or the code/password is empty (SPEC.md §5).
 */
export function LoginForm({ mode, onModeChange, onLoggedIn, demo, idPrefix }: LoginFormProps) {
  const { t } = useTranslation();
  const {
    lang,
    values,
    errors,
    method,
    setMethod,
    effectiveMethod,
    canSubmit,
    sending,
    submitting,
    remaining,
    inputs,
    setValue,
    setRemember,
    validate,
    onGetCode,
    onSubmit,
    fillDemo,
  } = useLoginForm({ mode, onModeChange, onLoggedIn });
  const [legal, setLegal] = useState<LegalDoc | null>(null);
  const [legalWanted, setLegalWanted] = useState(false);
  const id = (field: string) => `${idPrefix}-login_${field}`;

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
              onChange={(event) => setRemember(event.target.checked)}
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
