import { App, Form } from 'antd';
import { useEffect } from 'react';
import type { Lang } from '@app/contract/i18n';
import { message as contractMessage } from '@app/contract/messages';
import { VALIDATION_KEYS } from '@app/contract/validation';

/**
 * An antd form whose fields are checked with the contract's schemas (`schemaRule`): the form; its
 * fields already in error checked again when the language switches, so their messages follow it;
 * and `onFinishFailed`, which says "check your input" in that language.
 */
export function useContractForm<Values>(lang: Lang) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();

  useEffect(() => {
    const touched = form
      .getFieldsError()
      .filter((f) => f.errors.length > 0)
      .map((f) => f.name);
    if (touched.length > 0) void form.validateFields(touched).catch(() => undefined);
  }, [lang, form]);

  const onFinishFailed = () => void message.error(contractMessage(VALIDATION_KEYS.checkInput, lang));
  return { form, onFinishFailed };
}
