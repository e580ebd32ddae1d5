import { InfoCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import '../../../locales/auth/index.ts';

/** What /app/config says about the server (DESIGN.md §10: demo data on an empty embedded DB). */
export type DemoInfo = { demo: boolean; smsDriver: string };

/** The seeded demo student (DESIGN.md §10). */
const DEMO_ACCOUNT = { mobile: '13800138000', password: 'demo1234' } as const;

type DemoHintProps = { smsDriver: string; onFill: (account: typeof DEMO_ACCOUNT) => void };

/**
 * On a server with demo data: the demo account, and with the `log` SMS driver where the codes are
 * written, so someone trying the app can log in either way at once.
 */
export function DemoHint({ smsDriver, onFill }: DemoHintProps) {
  const { t } = useTranslation();
  return (
    <div className="ls-auth-demo" role="note" data-testid="demo-hint">
      <InfoCircleFilled className="ls-auth-demo-icon" aria-hidden />
      <div>
        <p className="ls-auth-demo-title">{t('auth.demoTitle')}</p>
        <p>{t('auth.demoAccount', DEMO_ACCOUNT)}</p>
        {smsDriver === 'log' && <p>{t('auth.demoSms')}</p>}
        <button
          type="button"
          className="ls-btn ls-btn-small"
          onClick={() => onFill(DEMO_ACCOUNT)}
          data-testid="demo-fill"
        >
          {t('auth.demoFill')}
        </button>
      </div>
    </div>
  );
}
