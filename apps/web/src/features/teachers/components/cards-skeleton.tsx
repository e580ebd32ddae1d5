import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-states.tsx';

/** Loading placeholders shaped like teacher cards, in the cards' grid. */
export function CardsSkeleton({ count = 6 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <ListSkeleton
      count={count}
      label={t('teachers.loading')}
      className="ls-t-grid"
      itemClassName="ls-t-card"
      avatar={{ size: 64 }}
      rows={3}
      testIdPrefix="teachers"
    />
  );
}
