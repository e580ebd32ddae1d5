import { useTranslation } from 'react-i18next';
import { CARD_TYPES } from '@app/contract/enums';
import type { TeacherInfo } from '@app/contract/teachers';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { LevelBadge, NationalityBadge, Price } from './teacher-badges.tsx';
import '../../../locales/courses/index.ts';

/**
 * The booking page's head: who the lesson is with, what it costs in coins and which lesson cards pay
 * for it (`accepted_card_types`: an exclusive card only when bound to this teacher).
 */
export function BookingTeacherHeader({ teacher }: { teacher: TeacherInfo }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const cardLabel = (type: number) => {
    const label = CARD_TYPES.find((c) => c.value === type)?.label[lang] ?? String(type);
    return type === 100 ? t('courses.booking.card100Bound', { type: label }) : label;
  };
  return (
    <header className="ls-t-booking-head" data-testid="booking-teacher">
      <img className="ls-t-avatar" src={teacher.avatar} alt="" width={64} height={64} />
      <div className="ls-t-booking-who">
        <h1 className="ls-t-name">{teacher.name}</h1>
        <div className="ls-t-booking-badges">
          <NationalityBadge value={teacher.nationality} />
          <LevelBadge level={teacher.level} />
          <Price coins={teacher.price_coins} />
        </div>
        <p className="ls-muted ls-small ls-t-booking-cards" data-testid="booking-accepted-cards">
          {t('courses.booking.acceptedCards')}: {teacher.accepted_card_types.map(cardLabel).join(' · ')}
        </p>
      </div>
    </header>
  );
}
