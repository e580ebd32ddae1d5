import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Select } from 'antd';
import { COIN_LOG_TYPES, type CoinLogType } from '@app/contract/enums';
import { CountedPagedList } from '../../../components/counted-paged-list.tsx';
import { usePageParam } from '../../../lib/paging/use-page-param.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useCoinLogs } from '../api/get-coin-logs.ts';
import { CoinBalanceCard } from '../components/coin-balance-card.tsx';
import { CoinLogRow } from '../components/coin-log-row.tsx';
import { readNumberParam } from '../lib/filter-param.ts';
import '../components/wallet.css';
import '../../../locales/wallet/index.ts';

const PAGE_SIZE = 10;
const TYPE_VALUES = COIN_LOG_TYPES.map((t) => t.value);

/**
 * /user/coins: the study-coin balance and the coin ledger, newest first, filtered by log type
 * (`?type=`, SPEC.md §3) and paged (`?page=`). The header's "Buy study coins" leads here (SPEC.md
 * §2); buying is on /user/recharge.
 */
export default function CoinsRoute() {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const [search, setSearch] = useSearchParams();
  const [page, setPage] = usePageParam();
  const type = readNumberParam(search.get('type'), TYPE_VALUES) as CoinLogType | undefined;
  const logs = useCoinLogs({ current: page, size: PAGE_SIZE, ...(type === undefined ? {} : { type }) });

  const setType = (next: CoinLogType | undefined) => {
    const params = new URLSearchParams(search);
    if (next === undefined) params.delete('type');
    else params.set('type', String(next));
    params.delete('page');
    setSearch(params);
  };

  return (
    <div className="ls-w-page">
      <h1>{t('titles.userCoins')}</h1>
      <CoinBalanceCard
        action={
          <Link to="/user/recharge" className="ls-link-btn" data-testid="coins-buy">
            {t('wallet.buyCoins')}
          </Link>
        }
      />
      <section className="ls-w-section" aria-labelledby="coin-records-title">
        <div className="ls-w-section-head">
          <h2 id="coin-records-title">{t('wallet.coinRecords')}</h2>
          <div className="ls-w-filter">
            <Select<CoinLogType | 0>
              value={type ?? 0}
              onChange={(v) => setType(v === 0 ? undefined : v)}
              aria-label={t('wallet.typeFilter')}
              data-testid="coin-type-filter"
              options={[
                { value: 0, label: t('wallet.allTypes') },
                ...COIN_LOG_TYPES.map((item) => ({ value: item.value, label: item.label[language] })),
              ]}
            />
          </div>
        </div>
        <CountedPagedList
          query={logs}
          page={page}
          onPageChange={setPage}
          testId="coin-records"
          testIdPrefix="coin-records"
          skeletonCount={4}
          errorTitle={t('wallet.coinsErrorTitle')}
          emptyText={type === undefined ? t('wallet.noCoinRecords') : t('wallet.noRecordsOfType')}
          emptyAction={
            type !== undefined && <Button onClick={() => setType(undefined)}>{t('wallet.showAll')}</Button>
          }
          countText={(count) => t('wallet.recordCount', { count })}
          renderItem={(log) => <CoinLogRow key={log.id} log={log} />}
        />
      </section>
    </div>
  );
}
