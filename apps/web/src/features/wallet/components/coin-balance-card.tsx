import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ReloadOutlined } from '@ant-design/icons';
import { ListSkeleton } from '../../../components/list-states.tsx';
import { CoinIcon } from '../../../components/money.tsx';
import { formatCoins } from '../../../lib/money/money.ts';
import { useCoinBalance } from '../api/get-coin-balance.ts';
import './wallet.css';
import '../../../locales/wallet/index.ts';

/**
 * The study-coin balance with the coin icon (SPEC.md §1), large; `action` sits beside it (the
 * "Buy study coins" link of the coins page). Its own loading and error states. Plain markup: the
 * recharge page shows it before antd (issue 18).
 */
export function CoinBalanceCard({ title, action }: { title?: ReactNode; action?: ReactNode }) {
  const { t } = useTranslation();
  const balance = useCoinBalance();
  return (
    <section className="ls-w-balance" aria-labelledby="coin-balance-title" data-testid="coin-balance-card">
      <div className="ls-w-balance-main">
        <h2 id="coin-balance-title" className="ls-w-balance-title">
          {title ?? t('wallet.balanceTitle')}
        </h2>
        {balance.isPending ? (
          <ListSkeleton count={1} rows={1} className="ls-w-balance-skeleton" testIdPrefix="coin-balance" />
        ) : balance.isError ? (
          <p className="ls-w-balance-error" role="alert">
            {t('wallet.balanceError')}{' '}
            <button type="button" className="ls-btn ls-btn-small" onClick={() => void balance.refetch()}>
              <ReloadOutlined aria-hidden="true" />
              {t('list.retry')}
            </button>
          </p>
        ) : (
          <p className="ls-w-balance-value" data-testid="coin-balance" data-value={balance.data.coins}>
            <CoinIcon size={32} />
            <span>{formatCoins(balance.data.coins)}</span>
          </p>
        )}
      </div>
      {action && <div className="ls-w-balance-action">{action}</div>}
    </section>
  );
}
