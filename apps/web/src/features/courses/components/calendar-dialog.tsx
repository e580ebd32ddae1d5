import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Input, Modal, Skeleton, Space } from 'antd';
import { CalendarOutlined, CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { ListError } from '../../../components/list-states.tsx';
import { useCalendarFeedUrls } from '../api/get-calendar-token.ts';
import { useResetCalendarFeed } from '../api/reset-calendar-token.ts';
import '../../../locales/courses/index.ts';

/** Copies text; false when the browser refuses (no clipboard permission, insecure origin). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * "Add to calendar": the student's .ics feed (POST /course/getCalendarToken) to subscribe to, with a
 * copy button, a webcal link that opens the phone's calendar app, short instructions for iPhone,
 * Android/Google Calendar and Outlook, and a reset of the link (after a confirmation) for a link
 * that went where it should not.
 */
export function CalendarDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const feed = useCalendarFeedUrls(open);
  const reset = useResetCalendarFeed();
  const [copied, setCopied] = useState(false);
  const inputId = useId();

  const copy = async (url: string) => {
    if (await copyText(url)) {
      setCopied(true);
      void message.success(t('courses.calendar.copied'));
    } else {
      document.getElementById(inputId)?.focus();
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      void message.warning(t('courses.calendar.copyFailed'));
    }
  };

  const confirmReset = () => {
    void modal.confirm({
      title: t('courses.calendar.resetTitle'),
      content: t('courses.calendar.resetBody'),
      okText: t('courses.calendar.resetConfirm'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await reset.mutateAsync();
        setCopied(false);
        void message.success(t('courses.calendar.resetDone'));
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('courses.calendar.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      rootClassName="ls-c-modal"
      destroyOnHidden
    >
      <div className="ls-c-calendar" data-testid="calendar-dialog">
        <p>{t('courses.calendar.intro')}</p>
        {feed.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : feed.isError || !feed.data ? (
          <ListError
            testIdPrefix="calendar"
            title={t('courses.calendar.error')}
            onRetry={() => void feed.refetch()}
          />
        ) : (
          <>
            <label htmlFor={inputId} className="ls-c-label">
              {t('courses.calendar.url')}
            </label>
            <Space.Compact className="ls-c-calendar-url">
              <Input id={inputId} readOnly value={feed.data.url} data-testid="calendar-url" />
              <Button
                type="primary"
                icon={<CopyOutlined />}
                onClick={() => void copy(feed.data.url)}
                data-testid="calendar-copy"
              >
                {t('courses.calendar.copy')}
              </Button>
            </Space.Compact>
            {copied && (
              <span className="ls-sr-only" aria-live="polite">
                {t('courses.calendar.copied')}
              </span>
            )}
            <p className="ls-muted ls-small">{t('courses.calendar.private')}</p>
            <a className="ls-link-btn ls-link-btn-ghost ls-c-webcal" href={feed.data.webcal_url}>
              <CalendarOutlined aria-hidden="true" /> {t('courses.calendar.openApp')}
            </a>
            <dl className="ls-c-steps">
              <dt>{t('courses.calendar.iphone')}</dt>
              <dd>{t('courses.calendar.iphoneSteps')}</dd>
              <dt>{t('courses.calendar.android')}</dt>
              <dd>{t('courses.calendar.androidSteps')}</dd>
              <dt>{t('courses.calendar.outlook')}</dt>
              <dd>{t('courses.calendar.outlookSteps')}</dd>
            </dl>
            <Button
              icon={<ReloadOutlined />}
              onClick={confirmReset}
              loading={reset.isPending}
              data-testid="calendar-reset"
            >
              {t('courses.calendar.reset')}
            </Button>
          </>
        )}
      </div>
    </Modal>
  );
}
