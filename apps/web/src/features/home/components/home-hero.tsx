import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrandTitle } from '../../../lib/app-config/use-brand-title.ts';
import { otherLanguage } from '../../../lib/i18n/language.ts';
import { useLoginDialog } from '../../../lib/session/login-dialog-store.ts';
import { useIsLoggedIn } from '../../../lib/session/session-store.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';

/** The home page's compact hero: brand, tagline in both languages, and the first actions. */
export function HomeHero() {
  const { t, i18n } = useTranslation();
  const brand = useBrandTitle();
  const language = useSettings((s) => s.language);
  const loggedIn = useIsLoggedIn();
  const openLogin = useLoginDialog((s) => s.open);
  const other = otherLanguage(language);
  const otherTagline = i18n.getFixedT(other)('brand.tagline');

  return (
    <section className="ls-hero is-compact" aria-labelledby="hero-title">
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
          <a href="#teachers-title" className="ls-link-btn">
            {t('home.ctaFindTeacher')}
          </a>
          {!loggedIn && (
            <button
              type="button"
              className="ls-link-btn ls-link-btn-ghost"
              onClick={() => openLogin('register')}
            >
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
  );
}
