import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Skeleton } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { CoinIcon } from '../../../components/money.tsx';
import { formatCoins } from '../../../lib/money/money.ts';
import { useCoinBalance } from '../api/get-coin-balance.ts';
import './wallet.css';

/**
 * The study-coin balance with the coin icon (SPEC.md §1), large; `action` sits beside it (the
 * "Buy study coins" link of the coins page). Its own loading and error states.
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
          <Skeleton.Input active size="large" aria-label={t('list.loading')} />
        ) : balance.isError ? (
          <p className="ls-w-balance-error" role="alert">
            {t('wallet.balanceError')}{' '}
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void balance.refetch()}>
              {t('list.retry')}
            </Button>
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
