import { App, Button, Form, Input, Radio, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@app/contract/i18n';
import { message as contractMessage } from '@app/contract/messages';
import {
  BIRTHDAY_MIN,
  ENG_NAME_MAX,
  engNameSchema,
  NICK_MAX,
  PROFILE_KEYS,
  isBirthday,
  nickSchema,
  type SetUserInfoBody,
  type UserProfile,
} from '@app/contract/users';
import { ListError } from '../../../components/list-states.tsx';
import { useContractForm } from '../../../lib/forms/use-contract-form.ts';
import { schemaRule } from '../../../lib/forms/zod-rule.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useUserHome } from '../api/get-user-home.ts';
import { useSetUserInfo } from '../api/set-user-info.ts';
import { AvatarUpload } from '../components/avatar-upload.tsx';
import '../components/users.css';

type Values = { student_nick: string; student_eng_name: string; sex: 0 | 1 | 2; birthday: string };

/** Today as YYYY-MM-DD in the browser's calendar (a birthday cannot be later). */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function ProfileForm({ profile, lang }: { profile: UserProfile; lang: Lang }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { form, onFinishFailed } = useContractForm<Values>(lang);
  const save = useSetUserInfo();
  const reminder = useSetUserInfo();

  const onFinish = (values: Values) => {
    const body: SetUserInfoBody = {
      student_nick: values.student_nick.trim(),
      sex: values.sex,
      birthday: values.birthday === '' ? null : values.birthday,
    };
    // An English name is optional until the student has one; then it can be changed, not blanked.
    const eng = values.student_eng_name.trim();
    if (eng !== '' || profile.student_eng_name !== '') body.student_eng_name = eng;
    save.mutate(body, {
      onSuccess: () => void message.success(contractMessage('user.profileSaved', lang)),
    });
  };

  return (
    <>
      <AvatarUpload src={profile.student_pic} />
      <Form<Values>
        form={form}
        layout="vertical"
        className="ls-u-form"
        requiredMark
        initialValues={{
          student_nick: profile.student_nick,
          student_eng_name: profile.student_eng_name,
          sex: profile.sex,
          birthday: profile.birthday ?? '',
        }}
        onFinish={onFinish}
        onFinishFailed={onFinishFailed}
        data-testid="profile-form"
      >
        <Form.Item
          name="student_nick"
          label={t('users.nick')}
          required
          rules={[schemaRule(nickSchema, lang)]}
        >
          <Input maxLength={NICK_MAX} autoComplete="nickname" data-testid="profile-nick" />
        </Form.Item>
        <Form.Item
          name="student_eng_name"
          label={t('users.engName')}
          extra={t('users.engNameHint')}
          rules={[schemaRule(engNameSchema, lang, { optional: profile.student_eng_name === '' })]}
        >
          <Input maxLength={ENG_NAME_MAX} autoComplete="off" lang="en" data-testid="profile-eng-name" />
        </Form.Item>
        <Form.Item name="sex" label={t('users.sex')}>
          <Radio.Group data-testid="profile-sex">
            <Radio value={1}>{t('users.male')}</Radio>
            <Radio value={2}>{t('users.female')}</Radio>
            <Radio value={0}>{t('users.sexUnset')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="birthday"
          label={t('users.birthday')}
          rules={[
            {
              validator: async (_: unknown, value: string) => {
                if (!value) return;
                if (!isBirthday(value) || value > today()) {
                  throw new Error(contractMessage(PROFILE_KEYS.birthdayInvalid, lang));
                }
              },
            },
          ]}
        >
          <Input type="date" min={BIRTHDAY_MIN} max={today()} data-testid="profile-birthday" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
          {t('users.save')}
        </Button>
      </Form>

      <section className="ls-u-tile ls-u-form" style={{ marginTop: 24 }} aria-labelledby="reminder-title">
        <h2 id="reminder-title" style={{ fontSize: 15, marginTop: 0 }}>
          {t('users.reminderTitle')}
        </h2>
        {/* The whole row is the switch's target (44 px tall on a phone): a click on the hint toggles it. */}
        <label className="ls-u-switch-row">
          <Switch
            checked={reminder.isPending ? reminder.variables.class_reminder : profile.class_reminder}
            loading={reminder.isPending}
            onChange={(checked) =>
              reminder.mutate(
                { class_reminder: checked },
                { onSuccess: () => void message.success(contractMessage('user.profileSaved', lang)) },
              )
            }
            aria-labelledby="reminder-title"
            aria-describedby="reminder-hint"
            data-testid="profile-reminder"
          />
          <span id="reminder-hint" className="ls-muted ls-small">
            {t('users.reminderHint')}
          </span>
        </label>
      </section>
    </>
  );
}

/** /user/info: the profile (SPEC.md §3 fields), the avatar and the class-reminder setting. */
export default function UserInfoRoute() {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const home = useUserHome();
  return (
    <div data-testid="user-info">
      <h1>{t('titles.userInfo')}</h1>
      {home.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      ) : home.isError ? (
        <ListError testIdPrefix="user-info" onRetry={() => void home.refetch()} />
      ) : (
        <ProfileForm key={home.data.user.student_id} profile={home.data.user} lang={lang} />
      )}
    </div>
  );
}
