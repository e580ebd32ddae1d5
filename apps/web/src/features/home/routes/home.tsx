import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AudioOutlined, CalendarOutlined, GlobalOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useBrandTitle } from '../../../shell/use-brand-title.ts';
import { otherLanguage } from '../../../lib/i18n/language.ts';
import { useLoginDialog } from '../../../lib/session/login-dialog-store.ts';
import { useIsLoggedIn } from '../../../lib/session/session-store.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';

const FEATURES = [
  { icon: <GlobalOutlined />, title: 'home.feature1Title', body: 'home.feature1Body' },
  { icon: <CalendarOutlined />, title: 'home.feature2Title', body: 'home.feature2Body' },
  { icon: <PlayCircleOutlined />, title: 'home.feature3Title', body: 'home.feature3Body' },
  { icon: <AudioOutlined />, title: 'home.feature4Title', body: 'home.feature4Body' },
] as const;

/** Home: hero and highlights. Teacher discovery replaces the lower part in the teachers issue. */
export default function HomeRoute() {
  const { t, i18n } = useTranslation();
  const brand = useBrandTitle();
  const language = useSettings((s) => s.language);
  const loggedIn = useIsLoggedIn();
  const openLogin = useLoginDialog((s) => s.open);
  const other = otherLanguage(language);
  const otherTagline = i18n.getFixedT(other)('brand.tagline');

  return (
    <div className="ls-home">
      <section className="ls-hero" aria-labelledby="hero-title">
        <div className="ls-hero-text">
          <span className="ls-pill">{t('home.eyebrow')}</span>
          <h1 id="hero-title" className="ls-hero-title">
            {brand}
          </h1>
          <p className="ls-hero-tagline">{t('brand.tagline')}</p>
          <p className="ls-hero-tagline-other" lang={other}>
            {otherTagline}
          </p>
          <div className="ls-actions">
            {!loggedIn && (
              <button type="button" className="ls-link-btn" onClick={() => openLogin('register')}>
                {t('home.ctaTeachers')}
              </button>
            )}
            {language === 'zh-Hans' && (
              <Link to="/ielts" className="ls-link-btn ls-link-btn-ghost">
                {t('home.ctaIelts')}
              </Link>
            )}
          </div>
        </div>
        <div className="ls-hero-art" aria-hidden="true">
          <div className="ls-bubble ls-bubble-1">Hello!</div>
          <div className="ls-bubble ls-bubble-2">你好！</div>
          <div className="ls-bubble ls-bubble-3">How are you today?</div>
        </div>
      </section>
      <section aria-labelledby="features-title" className="ls-features-section">
        <h2 id="features-title" className="ls-section-title">
          {t('home.featuresLabel')}
        </h2>
        <ul className="ls-features">
          {FEATURES.map((f) => (
            <li key={f.title} className="ls-feature">
              <span className="ls-feature-icon" aria-hidden="true">
                {f.icon}
              </span>
              <h3>{t(f.title)}</h3>
              <p className="ls-muted">{t(f.body)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
