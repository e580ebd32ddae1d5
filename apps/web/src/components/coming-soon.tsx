import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { RocketOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

type ComingSoonProps = {
  /** i18n key naming the screen, usually its page title key. */
  screen: string;
  icon?: ReactNode;
};

/**
 * Honest placeholder for a screen a later issue builds. Shows the route's parameters so deep links
 * can already be checked.
 */
export function ComingSoon({ screen, icon }: ComingSoonProps) {
  const { t } = useTranslation();
  const params = Object.entries(useParams()).filter(([key]) => key !== '*');
  const name = t(screen);
  return (
    <section className="ls-coming-soon" aria-labelledby="coming-soon-title">
      <div className="ls-coming-soon-icon" aria-hidden="true">
        {icon ?? <RocketOutlined />}
      </div>
      <span className="ls-pill">{t('comingSoon.badge')}</span>
      <h1 id="coming-soon-title" className="ls-coming-soon-title">
        {t('comingSoon.title', { screen: name })}
      </h1>
      <p className="ls-muted">{t('comingSoon.body')}</p>
      {params.length > 0 && (
        <dl className="ls-params" aria-label={t('comingSoon.params')}>
          {params.map(([key, value]) => (
            <div key={key} className="ls-param">
              <dt>{key}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <Link to="/" className="ls-link-btn">
        {t('comingSoon.backHome')}
      </Link>
    </section>
  );
}
