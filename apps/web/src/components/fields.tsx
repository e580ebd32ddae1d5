import { useState, type ReactNode } from 'react';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH } from '@app/contract/constants';
import type { Lang } from '@app/contract/i18n';
import { issueText } from '../lib/forms/zod-rule.ts';
import './fields.css';

/**
 * Plain form fields for screens that render without antd (issue 16): a labelled field with its
 * error, a text input in the app's frame, and a password input that can show what was typed.
 * Styles in fields.css.
 */

/** The id of a field's error text, which its input names in aria-describedby. */
const errorId = (inputId: string) => `${inputId}_error`;

type FieldRowProps = {
  label: string;
  /** The input's id; the error's is derived from it. */
  id: string;
  /** The shown error's message key. */
  error?: string | undefined;
  lang: Lang;
  children: ReactNode;
};

/** A labelled field with its error below it (announced when it appears). */
export function FieldRow({ label, id, error, lang, children }: FieldRowProps) {
  return (
    <div className={error ? 'ls-field ls-field-invalid' : 'ls-field'}>
      <label className="ls-field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      <div className="ls-field-error" id={errorId(id)} role="alert">
        {error ? issueText(error, lang) : null}
      </div>
    </div>
  );
}

export type TextFieldProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (() => void) | undefined;
  /** Marks the input invalid; its FieldRow shows the error. */
  invalid?: boolean;
  disabled?: boolean;
  type?: 'text' | 'tel' | 'password';
  inputMode?: 'numeric' | 'text';
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
  prefix?: ReactNode;
  suffix?: ReactNode;
  testId: string;
  inputRef?: (element: HTMLInputElement | null) => void;
};

/** An input in the app's field frame, with an optional prefix and suffix inside the frame. */
export function TextField({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  prefix,
  suffix,
  testId,
  inputRef,
  ...rest
}: TextFieldProps) {
  return (
    <span className="ls-input">
      {prefix}
      <input
        {...rest}
        ref={inputRef}
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={errorId(id)}
        data-testid={testId}
      />
      {suffix}
    </span>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'suffix' | 'maxLength'>;

/** A password input with a button that shows or hides what was typed. */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      maxLength={PASSWORD_MAX_LENGTH}
      suffix={
        <button
          type="button"
          className="ls-input-affix-button"
          onClick={() => setShown(!shown)}
          aria-pressed={shown}
          aria-label={t('field.showPassword')}
          disabled={props.disabled}
        >
          {shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </button>
      }
    />
  );
}
