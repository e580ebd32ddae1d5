import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@app/contract/auth';
import { LOGIN_CLIENT_LABEL, LOGIN_TABS } from '@app/contract/constants';
import { checkMobile, checkPassword, checkSmsCode } from '@app/contract/field-checks';
import { message as contractMessage } from '@app/contract/messages';
import { withAppUi } from '../../../lib/antd/app-ui.ts';
import { clientPasswordHash } from '../../../lib/auth-crypto/client-password-hash.ts';
import { isApiError } from '../../../lib/http/api-error.ts';
import { EmptyUserInfoError } from '../../../lib/session/create-session.ts';
import type { LoginDialogMode } from '../../../lib/session/login-dialog-store.ts';
import { session } from '../../../lib/session/session-store.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useCountdown } from '../../../lib/time/use-countdown.ts';
import { getUserInfo } from '../api/get-user-info.ts';
import { login, register } from '../api/login.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';
import { smsSends } from '../lib/sms-send-store.ts';
import { displayName } from '../lib/user-display.ts';
import '../../../locales/auth/index.ts';

/** How long a login waits at most for antd's toasts to load before it reloads without the welcome. */
const WELCOME_WAIT_MS = 5_000;

export type Method = 'sms' | 'password';
export type Field = 'mobile' | 'code' | 'password' | 'newPassword';
type Values = Record<Field, string> & { remember: boolean };
/** A shown error is kept as the contract's message key, so its text follows a language switch. */
type Errors = Partial<Record<Field, string | undefined>>;

/**
 * The checks of SPEC.md §2: the server's own, without zod (contract/field-checks.ts), each giving
 * the message key of the refusal; an empty new password passes (it is optional).
 */
export const CHECKS: Partial<Record<Field, (value: string) => string | undefined>> = {
  mobile: checkMobile,
  code: checkSmsCode,
  newPassword: (value) => (value === '' ? undefined : checkPassword(value)),
};

type LoginFormOptions = {
  mode: LoginDialogMode;
  onModeChange: (mode: LoginDialogMode) => void;
  /** After the session is established and the welcome shown. */
  onLoggedIn: (info: UserInfo) => void;
};

/**
 * The state and actions of the login / registration form (login-form.tsx draws it): the values and
 * their shown errors, the method (SMS code or password), the code's send and its countdown (kept
 * per phone in sms-send-store.ts), and the submit, which logs in or registers, establishes the
 * session and shows the welcome before handing over to `onLoggedIn`.
 */
export function useLoginForm({ mode, onModeChange, onLoggedIn }: LoginFormOptions) {
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
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  // Re-reads the send store after a send or a refusal was recorded in it.
  const [, sendsChanged] = useReducer((n: number) => n + 1, 0);

  const effectiveMethod: Method = mode === 'register' ? 'sms' : method;
  const secret = effectiveMethod === 'password' ? values.password : values.code;
  const canSubmit = values.mobile.trim() !== '' && secret.trim() !== '';
  const remaining = useCountdown(smsSends.resendAt(values.mobile));

  // A field that is no longer shown has no error to show.
  useEffect(() => {
    setErrors((shown) => ({
      mobile: shown.mobile,
      ...(effectiveMethod === 'sms' ? { code: shown.code } : {}),
      ...(mode === 'register' ? { newPassword: shown.newPassword } : {}),
    }));
  }, [effectiveMethod, mode]);

  const setValue = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const setRemember = (remember: boolean) => setValues((v) => ({ ...v, remember }));
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

  /** The demo hint's account: password login with its phone and password filled in. */
  const fillDemo = (account: { mobile: string; password: string }) => {
    onModeChange('login');
    setMethod('password');
    setValues((v) => ({ ...v, mobile: account.mobile, password: account.password }));
    validate('mobile', account.mobile);
  };

  return {
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
  };
}
