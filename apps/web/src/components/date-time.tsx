import { useTranslation } from 'react-i18next';
import { useSettings } from '../lib/settings/settings-store.ts';
import { zonedTimes, type TimeStyle } from '../lib/time/zoned-time.ts';

/**
 * An instant from the API in the student's time zone, with Beijing time beside it when the two
 * clocks differ (a lesson at 10:30 in Berlin is 17:30 for the teacher and customer service).
 */
export function DateTime({ value, style = 'datetime' }: { value: string; style?: TimeStyle }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const { local, beijing } = zonedTimes(value, lang, style);
  return (
    <span className="ls-date-time">
      <time dateTime={value}>{local}</time>
      {beijing && (
        <span className="ls-muted ls-small" data-testid="beijing-time">
          {' '}
          {t('time.beijing', { time: beijing })}
        </span>
      )}
    </span>
  );
}
