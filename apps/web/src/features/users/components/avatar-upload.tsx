import { Avatar, Button, Progress, Typography } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useRef, useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { message as contractMessage } from '@app/contract/messages';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import { AVATAR_MIME_TYPES, avatarProblem } from '../lib/avatar-check.ts';

/**
 * The avatar with its upload button: the file is checked in the browser (type, 2 MB) with the
 * server's words, sent with its progress shown, and the header's avatar follows once stored.
 */
export function AvatarUpload({ src }: { src: string }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onChosen = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    const key = avatarProblem(file);
    if (key || !file) {
      setProblem(contractMessage(key ?? 'user.avatarRequired', lang));
      return;
    }
    setProblem(null);
    setPercent(0);
    upload.mutate(
      { file, onProgress: setPercent },
      {
        onSuccess: () => {
          setPercent(100);
          void message.success(t('users.avatarUpdated'));
        },
        onError: () => setPercent(null),
      },
    );
  };

  return (
    <div className="ls-u-avatar-row" data-testid="avatar-upload">
      <Avatar size={72} src={src || undefined} icon={<UserOutlined />} alt={t('users.avatarAlt')} />
      <div className="ls-u-avatar-side">
        <input
          ref={input}
          type="file"
          hidden
          accept={AVATAR_MIME_TYPES.join(',')}
          data-testid="avatar-input"
          onChange={(e) => onChosen(e.target.files?.[0])}
        />
        <Button
          icon={<UploadOutlined />}
          loading={upload.isPending}
          onClick={() => input.current?.click()}
          data-testid="avatar-button"
        >
          {t('users.changeAvatar')}
        </Button>
        <p className="ls-muted ls-small" style={{ margin: '6px 0 0' }}>
          {t('users.avatarHint')}
        </p>
        {percent !== null && (
          <Progress
            percent={percent}
            size="small"
            status={upload.isError ? 'exception' : percent === 100 && upload.isSuccess ? 'success' : 'active'}
            aria-label={t('users.avatarProgress')}
            data-testid="avatar-progress"
          />
        )}
        {problem && (
          <p role="alert" className="ls-u-error" data-testid="avatar-error">
            <Typography.Text type="danger">{problem}</Typography.Text>
          </p>
        )}
      </div>
    </div>
  );
}
