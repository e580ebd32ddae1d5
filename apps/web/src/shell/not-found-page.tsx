import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CompassOutlined } from '@ant-design/icons';

/** 404 content: unknown paths (SPEC.md §2) and 404 route errors. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="ls-coming-soon" aria-labelledby="not-found-title">
      <div className="ls-coming-soon-icon" aria-hidden="true">
        <CompassOutlined />
      </div>
      <span className="ls-pill">{t('notFound.code')}</span>
      <h1 id="not-found-title" className="ls-coming-soon-title">
        {t('notFound.title')}
      </h1>
      <p className="ls-muted">{t('notFound.body')}</p>
      <Link to="/" className="ls-link-btn">
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}
