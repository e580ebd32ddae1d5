import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Select } from 'antd';
import { CARD_TYPES } from '@app/contract/enums';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-states.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { usePageParam } from '../../../lib/paging/use-page-param.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useCardList } from '../api/get-card-list.ts';
import { useCardLogs } from '../api/get-card-logs.ts';
import { CardLogRow } from '../components/card-log-row.tsx';
import { LessonCardItem } from '../components/lesson-card-item.tsx';
import { readNumberParam } from '../lib/filter-param.ts';
import '../components/wallet.css';
import '../../../locales/wallet/index.ts';

const PAGE_SIZE = 10;

/**
 * /user/cards: the student's lesson cards (usable first, then expired or used up) and the card
 * ledger of one card (`?card_id=`) or of all, paged. Buying cards is on /user/recharge?kind=card.
 */
export default function CardsRoute() {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const [search, setSearch] = useSearchParams();
  const [page, setPage] = usePageParam();
  // The clock the cards' states are read against: the render's time, not a ticking one.
  const [now] = useState(() => Date.now());
  const cardId = readNumberParam(search.get('card_id'));
  const cards = useCardList();
  const logs = useCardLogs({
    current: page,
    size: PAGE_SIZE,
    ...(cardId === undefined ? {} : { card_id: cardId }),
  });

  const setCard = (next: number | undefined) => {
    const params = new URLSearchParams(search);
    if (next === undefined) params.delete('card_id');
    else params.set('card_id', String(next));
    params.delete('page');
    setSearch(params);
  };
  const typeLabel = (type: number) =>
    CARD_TYPES.find((c) => c.value === type)?.label[language] ?? String(type);

  return (
    <div className="ls-w-page">
      <div className="ls-w-section-head">
        <h1>{t('titles.userCards')}</h1>
        <Link to="/user/recharge?kind=card" className="ls-link-btn" data-testid="buy-cards">
          {t('wallet.buyCards')}
        </Link>
      </div>
      <section className="ls-w-section" aria-label={t('wallet.cardsTitle')}>
        {cards.isPending ? (
          <ListSkeleton testIdPrefix="cards" className="ls-w-cards" count={2} rows={3} />
        ) : cards.isError ? (
          <ListError
            testIdPrefix="cards"
            title={t('wallet.cardsError')}
            onRetry={() => void cards.refetch()}
          />
        ) : cards.data.length === 0 ? (
          <ListEmpty testIdPrefix="cards" description={t('wallet.noCards')}>
            <Link to="/user/recharge?kind=card" className="ls-link-btn">
              {t('wallet.buyCards')}
            </Link>
          </ListEmpty>
        ) : (
          <div className="ls-w-cards" data-testid="lesson-cards">
            {cards.data.map((card) => (
              <LessonCardItem
                key={card.id}
                card={card}
                now={now}
                selected={card.id === cardId}
                onShowRecords={(id) => setCard(id === cardId ? undefined : id)}
              />
            ))}
          </div>
        )}
      </section>
      <section className="ls-w-section" aria-labelledby="card-records-title">
        <div className="ls-w-section-head">
          <h2 id="card-records-title">{t('wallet.cardRecords')}</h2>
          <div className="ls-w-filter">
            <Select<number>
              value={cardId ?? 0}
              onChange={(v) => setCard(v === 0 ? undefined : v)}
              aria-label={t('wallet.cardFilter')}
              data-testid="card-filter"
              options={[
                { value: 0, label: t('wallet.allCards') },
                // A card asked for by the URL but not (yet) in the list still shows as its number.
                ...(cards.data ?? []).map((card) => ({
                  value: card.id,
                  label: t('wallet.cardOption', { type: typeLabel(card.type), id: card.id }),
                })),
                ...(cardId !== undefined && !cards.data?.some((c) => c.id === cardId)
                  ? [{ value: cardId, label: t('wallet.cardNo', { id: cardId }) }]
                  : []),
              ]}
            />
          </div>
        </div>
        <PagedList
          query={logs}
          page={page}
          onPageChange={setPage}
          testId="card-records"
          testIdPrefix="card-records"
          skeleton={<ListSkeleton testIdPrefix="card-records" count={3} rows={1} />}
          errorTitle={t('wallet.cardRecordsErrorTitle')}
          empty={<ListEmpty testIdPrefix="card-records" description={t('wallet.noCardRecords')} />}
          summary={(data) => (
            <p className="ls-muted ls-small" aria-live="polite" style={{ margin: 0 }}>
              {t('wallet.recordCount', { count: data.total })}
            </p>
          )}
          renderItem={(log) => <CardLogRow key={log.id} log={log} />}
        />
      </section>
    </div>
  );
}
