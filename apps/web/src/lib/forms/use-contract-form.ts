import { App, Form } from 'antd';
import { useEffect } from 'react';
import type { Lang } from '@app/contract/i18n';
import { message as contractMessage } from '@app/contract/messages';
import { VALIDATION_KEYS } from '@app/contract/validation';
// The fields' scroll margin below the sticky header (the rule is in the form primitives' styles).
import '../../components/fields.css';

/** What antd's `onFinishFailed` is given that is used here: the fields in error, in form order. */
type InvalidFields = { errorFields: { name: (string | number)[] }[] };

type ContractFormOptions = {
  /**
   * Whether a refused submit also says "check your input" in a toast (default). A short form whose
   * only error shows beside its one field (a review's rating, a cancellation's reason) goes without.
   */
  toastOnInvalid?: boolean;
};

/**
 * An antd form whose fields are checked with the contract's schemas (`schemaRule`): the form; its
 * fields already in error checked again when the language switches, so their messages follow it;
 * and `onFinishFailed`, which moves the focus to the first invalid field (a screen reader then reads
 * its label and its error) and says "check your input" in that language.
 */
export function useContractForm<Values>(lang: Lang, { toastOnInvalid = true }: ContractFormOptions = {}) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();

  useEffect(() => {
    const touched = form
      .getFieldsError()
      .filter((f) => f.errors.length > 0)
      .map((f) => f.name);
    if (touched.length > 0) void form.validateFields(touched).catch(() => undefined);
  }, [lang, form]);

  const onFinishFailed = ({ errorFields }: InvalidFields) => {
    const first = errorFields[0];
    // 'always': antd's default 'if-needed' takes a field under the sticky header for visible; with
    // 'nearest' a visible field still does not move, and one above or under the header comes to
    // rest below it (its scroll-margin-top, components/fields.css).
    if (first) form.scrollToField(first.name, { focus: true, scrollMode: 'always' });
    if (toastOnInvalid) void message.error(contractMessage(VALIDATION_KEYS.checkInput, lang));
  };
  return { form, onFinishFailed };
}
