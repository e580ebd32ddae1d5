import { useTranslation } from 'react-i18next';
import { Avatar, Button, Progress } from 'antd';
import { CARD_TYPES } from '@app/contract/enums';
import type { LessonCard } from '@app/contract/wallet';
import { DateTime } from '../../../components/date-time.tsx';
import { EnumTag } from '../../../components/enum-tag.tsx';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { cardLastDay, type LastDay } from '../../../lib/time/card-validity.ts';
import { cardStateOf } from '../lib/card-state.ts';
import '../../../locales/wallet/index.ts';

const STATE_TONES = { usable: 'is-green', expired: 'is-volcano', usedUp: '' } as const;

/**
 * The last day a card can be used, in the student's zone and, when Beijing's clock differs, in
 * Beijing time; with the time it stops that day unless it runs to midnight.
 */
export function CardLastDay({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const { local, beijing } = cardLastDay(expiresAt, lang);
  const text = (d: LastDay) => (d.until ? t('wallet.lastDayUntil', { day: d.day, time: d.until }) : d.day);
  return (
    <span className="ls-date-time" data-testid="card-last-day">
      <time dateTime={expiresAt}>{text(local)}</time>
      {beijing && (
        <span className="ls-muted ls-small" data-testid="beijing-time">
          {' '}
          {t('time.beijing', { time: text(beijing) })}
        </span>
      )}
    </span>
  );
}

/**
 * One lesson card: its type, the bound teacher of an exclusive card, lessons left of the total, and
 * its expiry. An expired or used-up card says so in words and is dimmed.
 */
export function LessonCardItem({
  card,
  now,
  onShowRecords,
  selected,
}: {
  card: LessonCard;
  now: number;
  onShowRecords: (cardId: number) => void;
  selected: boolean;
}) {
  const { t } = useTranslation();
  const state = cardStateOf(card, now);
  return (
    <article
      className={`ls-w-card${state === 'usable' ? '' : ' is-spent'}`}
      data-testid="lesson-card"
      data-card-id={card.id}
      data-state={state}
      aria-labelledby={`lesson-card-${card.id}`}
    >
      <div className="ls-w-card-head">
        <span id={`lesson-card-${card.id}`}>
          <EnumTag items={CARD_TYPES} value={card.type} />{' '}
          <span className="ls-muted ls-small">{t('wallet.cardNo', { id: card.id })}</span>
        </span>
        <span className={`ls-enum-tag ls-tone ${STATE_TONES[state]}`} data-testid="card-state">
          {t(`wallet.${state}`)}
        </span>
      </div>
      {card.teacher ? (
        <div className="ls-w-card-teacher">
          <Avatar src={card.teacher.avatar} size={32} alt="" />
          <span>
            <span className="ls-muted ls-small">{t('wallet.boundTeacher')}</span>{' '}
            <strong data-testid="card-teacher">{card.teacher.name}</strong>
          </span>
        </div>
      ) : (
        <p className="ls-muted ls-small">{t('wallet.anyFilipinoTeacher')}</p>
      )}
      <p className="ls-w-card-lessons" data-testid="card-lessons">
        {t('wallet.lessonsLeft', { left: card.lessons_left, total: card.lessons_total })}
      </p>
      <Progress
        percent={card.lessons_total > 0 ? Math.round((card.lessons_left / card.lessons_total) * 100) : 0}
        showInfo={false}
        size="small"
        status={state === 'usable' ? 'normal' : 'exception'}
        aria-label={t('wallet.lessonsLeft', { left: card.lessons_left, total: card.lessons_total })}
      />
      <p className="ls-small">
        <span className="ls-muted">{state === 'expired' ? t('wallet.expiredOn') : t('wallet.lastDay')}</span>{' '}
        {/* A date with its year: cards run for months, and a year can pass. */}
        {state === 'expired' ? (
          <DateTime value={card.expires_at} style="date" />
        ) : (
          <CardLastDay expiresAt={card.expires_at} />
        )}
      </p>
      <div>
        <Button
          size="small"
          type={selected ? 'primary' : 'default'}
          aria-pressed={selected}
          onClick={() => onShowRecords(card.id)}
          data-testid="card-show-records"
        >
          {t('wallet.showCardRecords')}
        </Button>
      </div>
    </article>
  );
}
