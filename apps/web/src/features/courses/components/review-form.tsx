import type { ComponentRef, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Checkbox, Form, Input, Rate } from 'antd';
import { REVIEW_CONTENT_MAX } from '@app/contract/booking';
import type { CourseInfo } from '@app/contract/courses';
import { REVIEW_TAGS, type ReviewTag } from '@app/contract/enums';
import { useContractForm } from '../../../lib/forms/use-contract-form.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useAddCourseReview } from '../api/add-course-review.ts';
import { useFormatTime } from '../hooks/use-format-time.ts';
import '../../../locales/courses/index.ts';

type Values = { rating?: number; tags?: ReviewTag[]; content?: string };

type RatingInputProps = {
  label: string;
  /** Form.Item's ref: the stars, so a refused submit can focus them. */
  ref?: Ref<ComponentRef<typeof Rate>>;
  id?: string;
  value?: number;
  onChange?: (value: number) => void;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
};

/**
 * antd's Rate as a form control: Form.Item's id and aria-invalid/-describedby go on a radiogroup
 * around the stars (on Rate's own list they are attributes its role does not allow); its ref is the
 * stars', which take the focus.
 */
function RatingInput({ label, ref, id, value, onChange, ...aria }: RatingInputProps) {
  return (
    <div
      id={id}
      role="radiogroup"
      aria-label={label}
      aria-required="true"
      aria-invalid={aria['aria-invalid']}
      aria-describedby={aria['aria-describedby']}
      data-testid="review-rating"
    >
      <Rate ref={ref} value={value ?? 0} onChange={onChange} />
    </div>
  );
}

/** The review form: rating 1-5 (required), tags, an optional comment; once per class. */
export function ReviewForm({ course }: { course: CourseInfo }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const { message } = App.useApp();
  // The one error (no rating) shows beside the stars, which take the focus: no toast besides.
  const { form, onFinishFailed } = useContractForm<Values>(lang, { toastOnInvalid: false });
  const add = useAddCourseReview();
  const format = useFormatTime();

  const submit = async (values: Values) => {
    if (!values.rating) return;
    const content = values.content?.trim();
    await add.mutateAsync({
      teacherId: course.teacher.id,
      review: {
        id: course.id,
        rating: values.rating,
        tags: values.tags ?? [],
        ...(content ? { content } : {}),
      },
    });
    void message.success(t('courses.review.done'));
  };

  return (
    <Form
      form={form}
      layout="vertical"
      className="ls-c-review-form"
      data-testid="review-form"
      onFinish={(values) => {
        // A refusal (window closed, already reviewed) is toasted by the HTTP client.
        submit(values).catch(() => undefined);
      }}
      onFinishFailed={onFinishFailed}
    >
      {course.review_until && (
        <p className="ls-muted ls-small">
          {t('courses.review.intro', { date: format(course.review_until) })}
        </p>
      )}
      <Form.Item
        name="rating"
        label={t('courses.review.rating')}
        rules={[{ required: true, message: t('courses.review.ratingRequired') }]}
      >
        <RatingInput label={t('courses.review.rating')} />
      </Form.Item>
      <Form.Item name="tags" label={t('courses.review.tags')}>
        <Checkbox.Group
          className="ls-c-review-tags"
          options={REVIEW_TAGS.map((tag) => ({ value: tag.value, label: tag.label[lang] }))}
        />
      </Form.Item>
      <Form.Item name="content" label={t('courses.review.content')}>
        <Input.TextArea
          rows={3}
          maxLength={REVIEW_CONTENT_MAX}
          showCount
          placeholder={t('courses.review.contentPlaceholder')}
          data-testid="review-content"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={add.isPending}>
        {t('courses.review.submit')}
      </Button>
    </Form>
  );
}
