import { useSettings } from '../lib/settings/settings-store.ts';

/** Short weekday names by JavaScript day number (0 = Sunday), as the icons print them. */
const GLYPHS = {
  'zh-Hans': ['日', '一', '二', '三', '四', '五', '六'],
  en: ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'],
} as const;

/**
 * The weekday icons 0-6 (SPEC.md §1, 0 = Sunday): a small calendar leaf with the day's short name.
 * Decorative: the weekday is always written beside it, so screen readers skip the icon.
 */
export function WeekdayIcon({ day, size = 22 }: { day: number; size?: number }) {
  const lang = useSettings((s) => s.language);
  const glyph = GLYPHS[lang][((day % 7) + 7) % 7] ?? '';
  const weekend = day === 0 || day === 6;
  return (
    <svg
      className={`ls-weekday-icon${weekend ? ' is-weekend' : ''}`}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      data-day={day}
    >
      <rect
        x="2"
        y="3.5"
        width="20"
        height="18.5"
        rx="4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
      <path d="M2 9h20" stroke="currentColor" strokeWidth="1.5" />
      <path d="M7.5 1.5v4M16.5 1.5v4" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      <text
        x="12"
        y="18.6"
        textAnchor="middle"
        fontSize={glyph.length > 1 ? 8 : 9}
        fontWeight="700"
        fill="currentColor"
      >
        {glyph}
      </text>
    </svg>
  );
}
