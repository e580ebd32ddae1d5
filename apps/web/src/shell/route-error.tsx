import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WarningOutlined } from '@ant-design/icons';
import { useDocumentTitle } from './use-document-title.ts';
import { NotFoundPage } from './not-found-page.tsx';

/**
 * Error boundary of the routes. A failed lazy chunk (new deploy, flaky network) is the usual cause,
 * so "retry" reloads the page rather than re-rendering the broken tree.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useDocumentTitle(notFound ? 'titles.notFound' : 'titles.error');
  useEffect(() => {
    if (error) console.error(error);
  }, [error]);
  if (notFound) return <NotFoundPage />;
  return (
    <section className="ls-coming-soon" role="alert" aria-labelledby="route-error-title">
      <div className="ls-coming-soon-icon ls-coming-soon-icon-warn" aria-hidden="true">
        <WarningOutlined />
      </div>
      <h1 id="route-error-title" className="ls-coming-soon-title">
        {t('error.title')}
      </h1>
      <p className="ls-muted">{t('error.body')}</p>
      <div className="ls-actions">
        <button type="button" className="ls-link-btn" onClick={() => window.location.reload()}>
          {t('error.retry')}
        </button>
        <Link to="/" className="ls-link-btn ls-link-btn-ghost">
          {t('error.backHome')}
        </Link>
      </div>
    </section>
  );
}
