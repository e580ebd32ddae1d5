import { NATIONALITIES, TEACHER_LANGUAGES, TEACHER_LEVELS } from '@app/contract/enums';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../components/money.tsx';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { FLAG_URLS } from '../lib/flags.ts';
import { TAG_LABELS } from '../lib/tag-labels.ts';

/**
 * A flag as an image, the same on every system (Windows and many Linux desktops draw flag emoji as
 * two letters); a nationality without an image shows its ISO code in a small chip.
 */
export function Flag({ alpha2 }: { alpha2: string }) {
  const url = FLAG_URLS[alpha2.toUpperCase()];
  return url ? (
    <img className="ls-t-flag" src={url} alt="" width={20} height={15} loading="lazy" decoding="async" />
  ) : (
    <span className="ls-t-flag is-code" aria-hidden="true">
      {alpha2}
    </span>
  );
}

/** Flag and country name (SPEC.md §1 icons; labels from the contract). */
export function NationalityBadge({ value, compact = false }: { value: string; compact?: boolean }) {
  const language = useSettings((s) => s.language);
  const item = NATIONALITIES.find((n) => n.value === value);
  const label = item ? item.label[language] : value;
  return (
    <span className="ls-t-nat" data-testid="teacher-nationality" data-value={value} title={label}>
      {item && <Flag alpha2={item.flag} />}
      <span className={compact ? 'ls-sr-only' : undefined}>{label}</span>
    </span>
  );
}

/** Stars and colour of the known levels; any other level gets a numbered badge in the neutral tone. */
const LEVEL_LOOKS: Record<number, { stars: number; tone: string }> = {
  100: { stars: 1, tone: 'is-blue' },
  200: { stars: 2, tone: 'is-purple' },
  300: { stars: 3, tone: 'is-gold' },
};

/** Level icon + label: 1-3 stars for 100/200/300, a numbered generic badge for any other level. */
export function LevelBadge({ level }: { level: number }) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const item = TEACHER_LEVELS.find((l) => l.value === level);
  const look = LEVEL_LOOKS[level];
  const stars = look?.stars;
  const tone = look?.tone ?? '';
  const label = item ? item.label[language] : t('teachers.levelN', { level });
  return (
    <span className={`ls-t-level ls-tone ${tone}`} data-testid="teacher-level" data-value={level}>
      <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true" focusable="false">
        <path d="M10 1.5 17 4v5.5c0 4.2-3 7.6-7 9-4-1.4-7-4.8-7-9V4z" fill="currentColor" opacity="0.22" />
        <path d="M10 1.5 17 4v5.5c0 4.2-3 7.6-7 9-4-1.4-7-4.8-7-9V4z" fill="none" stroke="currentColor" />
        {stars ? (
          <text x="10" y="13" textAnchor="middle" fontSize="8" fontWeight="700" fill="currentColor">
            {'★'.repeat(stars).slice(0, 3)}
          </text>
        ) : (
          <text x="10" y="13" textAnchor="middle" fontSize="7" fontWeight="700" fill="currentColor">
            {level}
          </text>
        )}
      </svg>
      {label}
    </span>
  );
}

export function LanguageChips({ values }: { values: readonly string[] }) {
  const language = useSettings((s) => s.language);
  return (
    <span className="ls-t-chips" data-testid="teacher-languages">
      {values.map((v) => (
        <span key={v} className="ls-t-chip is-lang">
          {TEACHER_LANGUAGES.find((l) => l.value === v)?.label[language] ?? v}
        </span>
      ))}
    </span>
  );
}

export function TeacherTags({ values, max }: { values: readonly string[]; max?: number }) {
  const language = useSettings((s) => s.language);
  const shown = max ? values.slice(0, max) : values;
  return (
    <span className="ls-t-chips">
      {shown.map((v) => (
        <span key={v} className="ls-t-chip is-tag">
          {TAG_LABELS.teacher.get(v)?.label[language] ?? v}
        </span>
      ))}
    </span>
  );
}

export function Price({ coins }: { coins: number }) {
  const { t } = useTranslation();
  return (
    <span className="ls-t-price" data-testid="teacher-price" data-value={coins}>
      <CoinIcon />
      <strong>{coins}</strong>
      <span className="ls-muted ls-small">{t('teachers.perLesson')}</span>
    </span>
  );
}
