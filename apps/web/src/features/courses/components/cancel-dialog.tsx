import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Form, Input, Modal, Radio } from 'antd';
import { CANCEL_REMARK_MAX } from '@app/contract/booking';
import { cancelCourseBodySchema, type CancelCourseResult, type CourseInfo } from '@app/contract/courses';
import { CANCEL_REASONS, type CancelReason } from '@app/contract/enums';
import { useContractForm } from '../../../lib/forms/use-contract-form.ts';
import { schemaRule } from '../../../lib/forms/zod-rule.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useCancelCourse } from '../api/cancel-course.ts';
import { cancelOutcome } from '../lib/course-page.ts';
import '../../../locales/courses/index.ts';

type Values = { reason?: CancelReason; remark?: string };

/** The device clock, ticking while the dialog is open: the 24-hour line may pass meanwhile. */
function useNow(active: boolean, everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [active, everyMs]);
  return now;
}

/**
 * The cancel dialog (DESIGN.md §7 "Cancelling"): a reason (required), an optional remark of at most
 * 200 characters, and before the confirm button either the late-cancellation warning (less than
 * 24 h before the start: nothing refunded, counted as late) or what will come back. Its accessible
 * names are stable for browser tests: dialog "取消课程"/"Cancel class", buttons "确认取消"/"Confirm
 * cancellation" and "暂不取消"/"Keep the class".
 */
export function CancelDialog({
  course,
  open,
  onClose,
  onCancelled,
}: {
  course: CourseInfo;
  open: boolean;
  onClose: () => void;
  onCancelled?: (result: CancelCourseResult) => void;
}) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const { message } = App.useApp();
  // The one required field (the reason) shows its error beside it: no toast besides.
  const { form, onFinishFailed } = useContractForm<Values>(lang, { toastOnInvalid: false });
  const cancel = useCancelCourse();
  const now = useNow(open);
  const outcome = cancelOutcome(course, now);

  const submit = async (values: Values) => {
    if (!values.reason) return;
    const remark = values.remark?.trim();
    const result = await cancel.mutateAsync({
      id: course.id,
      reason: values.reason,
      ...(remark ? { remark } : {}),
    });
    if (result.late_cancel) void message.warning(t('courses.cancel.doneLate'));
    else if (result.refunded_coins > 0)
      void message.success(t('courses.cancel.doneCoins', { coins: result.refunded_coins }));
    else if (result.refunded_card_lessons > 0) void message.success(t('courses.cancel.doneCard'));
    else void message.success(t('courses.cancel.done'));
    form.resetFields();
    onCancelled?.(result);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('courses.cancel.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('courses.cancel.confirm')}
      cancelText={t('courses.cancel.keep')}
      okButtonProps={{ danger: true, loading: cancel.isPending }}
      rootClassName="ls-c-modal"
      destroyOnHidden
    >
      <div data-testid="cancel-dialog">
        <Form
          form={form}
          layout="vertical"
          requiredMark
          onFinish={(values: Values) => {
            // A refusal is toasted by the HTTP client.
            submit(values).catch(() => undefined);
          }}
          onFinishFailed={onFinishFailed}
        >
          <Form.Item
            name="reason"
            label={t('courses.cancel.reason')}
            rules={[{ required: true, message: t('courses.cancel.reasonRequired') }]}
          >
            <Radio.Group className="ls-c-reasons" data-testid="cancel-reason">
              {CANCEL_REASONS.map((r) => (
                <Radio key={r.value} value={r.value}>
                  {r.label[lang]}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item
            name="remark"
            label={t('courses.cancel.remark')}
            rules={[schemaRule(cancelCourseBodySchema.shape.remark, lang, { optional: true })]}
          >
            <Input.TextArea
              rows={3}
              maxLength={CANCEL_REMARK_MAX}
              showCount
              placeholder={t('courses.cancel.remarkPlaceholder')}
              data-testid="cancel-remark"
            />
          </Form.Item>
        </Form>
        {outcome.kind === 'late' ? (
          <Alert
            type="warning"
            showIcon
            title={t('courses.cancel.lateTitle')}
            description={t('courses.cancel.lateBody')}
            data-testid="cancel-late-warning"
          />
        ) : (
          <Alert
            type="info"
            showIcon
            title={
              outcome.kind === 'coins'
                ? t('courses.cancel.refundCoins', { coins: outcome.coins })
                : t('courses.cancel.refundCard')
            }
            data-testid="cancel-refund"
          />
        )}
      </div>
    </Modal>
  );
}
