import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AndroidOutlined, AppleOutlined, GlobalOutlined, WechatOutlined } from '@ant-design/icons';
import { HelpLayout, useHelpContent } from '../components/help-layout.tsx';
import '../../../locales/help/index.ts';

/**
 * /help/app, the default target of the header's app link: says plainly that this web app is the
 * app today, and how to add it to a phone's home screen: Safari, Chrome, the browsers of Huawei,
 * Xiaomi, vivo and OPPO phones, and the way out of WeChat's built-in browser.
 */
export default function AppDownloadRoute() {
  const { t } = useTranslation();
  const { app } = useHelpContent();
  const platforms = [
    { key: 'ios', icon: <AppleOutlined aria-hidden="true" />, ...app.ios },
    { key: 'android', icon: <AndroidOutlined aria-hidden="true" />, ...app.android },
    // The browsers Chinese phones ship, and WeChat's (issue 33 §4).
    ...app.browsers.map(({ id, ...browser }) => ({
      key: id,
      icon: id === 'wechat' ? <WechatOutlined aria-hidden="true" /> : <GlobalOutlined aria-hidden="true" />,
      ...browser,
    })),
  ];
  return (
    <HelpLayout
      title={t('titles.helpApp')}
      intro={app.intro.map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    >
      <p className="ls-help-address">
        {t('help.app.address')} <strong translate="no">{window.location.origin}</strong>
      </p>
      <div className="ls-help-platforms">
        {platforms.map((platform) => (
          <section
            key={platform.key}
            id={platform.key}
            className="ls-help-section ls-help-platform"
            aria-labelledby={`${platform.key}-title`}
          >
            <h2 id={`${platform.key}-title`}>
              {platform.icon} {platform.title}
            </h2>
            <ol className="ls-help-steps">
              {platform.steps.map((step, i) => (
                <li key={i}>{step}</li>
              ))}
            </ol>
          </section>
        ))}
      </div>
      <section className="ls-help-section" aria-labelledby="app-notes-title">
        <h2 id="app-notes-title">{t('help.app.notesTitle')}</h2>
        <ul>
          {app.notes.map((note, i) => (
            <li key={i}>{note}</li>
          ))}
        </ul>
      </section>
      <div className="ls-actions">
        <Link to="/" className="ls-link-btn">
          {t('help.app.start')}
        </Link>
      </div>
    </HelpLayout>
  );
}
