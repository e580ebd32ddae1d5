import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withAppUi } from '../lib/antd/app-ui.ts';
import { lazyWithAntd } from '../lib/antd/lazy-with-antd.tsx';
import { useAppConfig } from '../lib/app-config/get-app-config.ts';
import { useBrandTitle } from '../lib/app-config/use-brand-title.ts';
import { useLoginDialog } from '../lib/session/login-dialog-store.ts';
import { useIsLoggedIn } from '../lib/session/session-store.ts';
import { useSettings } from '../lib/settings/settings-store.ts';
import { Logo } from './logo.tsx';
import { ShellLink } from './shell-link.tsx';

const FeedbackDialog = lazyWithAntd(() =>
  import('../features/feedback/components/feedback-dialog.tsx').then((m) => ({ default: m.FeedbackDialog })),
);

const ICP_LOOKUP_URL = 'https://beian.miit.gov.cn/';

/**
 * Footer of SPEC.md §2: cooperation, FAQ, manual, feedback, join-us, copyright and filings (each
 * filing only when configured).
 */
export function AppFooter() {
  const { t } = useTranslation();
  const config = useAppConfig().data;
  const brand = useBrandTitle();
  const language = useSettings((s) => s.language);
  const loggedIn = useIsLoggedIn();
  const openLogin = useLoginDialog((s) => s.open);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [feedbackUsed, setFeedbackUsed] = useState(false);

  const onFeedback = () => {
    if (loggedIn) {
      setFeedbackUsed(true);
      setFeedbackOpen(true);
      return;
    }
    withAppUi(({ modal }) =>
      modal.warning({
        title: t('feedback.loginRequiredTitle'),
        content: t('feedback.loginRequiredBody'),
        okText: t('feedback.goLogin'),
        closable: true,
        onOk: () => openLogin('login'),
      }),
    );
  };

  const newTab = <span className="ls-sr-only">{t('footer.newTab')}</span>;
  const copyright = config?.filing.copyright[language] || `© ${new Date().getFullYear()} ${brand}`;

  return (
    <footer className="ls-footer">
      <div className="ls-footer-inner">
        <div className="ls-footer-brand">
          <Logo size={28} />
          <div>
            <div className="ls-footer-brand-name">{brand}</div>
            <div className="ls-muted ls-small">{t('footer.slogan')}</div>
          </div>
        </div>
        <nav aria-label={t('footer.label')}>
          <ul className="ls-footer-links">
            {config?.mails.business && (
              <li>
                <a href={`mailto:${config.mails.business}`}>{t('footer.business')}</a>
              </li>
            )}
            {config?.faq_url && (
              <li>
                <ShellLink href={config.faq_url}>{t('footer.faq')}</ShellLink>
              </li>
            )}
            {config?.manual_url && (
              <li>
                <ShellLink href={config.manual_url}>{t('footer.manual')}</ShellLink>
              </li>
            )}
            <li>
              <button
                type="button"
                className="ls-link-button"
                onClick={onFeedback}
                data-testid="footer-feedback"
              >
                {t('footer.feedback')}
              </button>
            </li>
            {config?.mails.join_us && (
              <li>
                <a href={`mailto:${config.mails.join_us}`}>{t('footer.joinUs')}</a>
              </li>
            )}
          </ul>
        </nav>
        <div className="ls-footer-legal ls-small">
          <span>{copyright}</span>
          {config?.filing.icp && (
            <a href={ICP_LOOKUP_URL} target="_blank" rel="noopener noreferrer">
              {config.filing.icp}
              {newTab}
            </a>
          )}
          {config?.filing.police && <span>{config.filing.police}</span>}
        </div>
      </div>
      {feedbackUsed && (
        <Suspense fallback={null}>
          <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
        </Suspense>
      )}
    </footer>
  );
}
