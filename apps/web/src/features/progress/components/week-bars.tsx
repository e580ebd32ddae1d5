import { useTranslation } from 'react-i18next';
import type { ProgressWeek } from '@app/contract/progress';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { dayLabel } from './day-label.ts';
import { useWidth } from './use-width.ts';
import '../../../locales/learning/index.ts';

const HEIGHT = 180;
const LEFT = 32;
const RIGHT = 8;
const TOP = 12;
const BOTTOM = 28;
/** Below this a bar is too thin to read: the chart grows wider than its box and scrolls. */
const MIN_SLOT = 18;
const MAX_SLOT = 64;

/**
 * Classes attended per week as bars (inline SVG in the theme's tokens), drawn at the box's width;
 * with many weeks on a phone it scrolls sideways while the figures stay the same size. The SVG is
 * hidden from screen readers: the table beside it says the same.
 */
export function WeekBars({ weeks }: { weeks: ProgressWeek[] }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const [ref, boxWidth] = useWidth<HTMLDivElement>(600);
  const n = Math.max(weeks.length, 1);
  const slot = Math.min(MAX_SLOT, Math.max(MIN_SLOT, (boxWidth - LEFT - RIGHT) / n));
  const width = LEFT + RIGHT + slot * n;
  const max = Math.max(1, ...weeks.map((w) => w.attended));
  const step = Math.max(1, Math.ceil(max / 4));
  const top = Math.ceil(max / step) * step;
  const plot = HEIGHT - TOP - BOTTOM;
  const y = (v: number) => TOP + plot - (v / top) * plot;
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += step) ticks.push(v);
  // A label every few bars so they never overlap (about 44 px each).
  const every = Math.max(1, Math.ceil(44 / slot));
  const bar = Math.max(6, Math.min(28, slot * 0.6));

  return (
    <>
      <div
        ref={ref}
        className="ls-pg-chart-box"
        role="region"
        aria-label={`${t('learning.weeksTitle')} (${t('learning.scrollHint')})`}
        tabIndex={width > boxWidth ? 0 : undefined}
        data-testid="progress-week-bars"
      >
        <svg width={width} height={HEIGHT} aria-hidden="true" focusable="false" className="ls-pg-chart">
          {ticks.map((v) => (
            <g key={v}>
              <line className="ls-pg-grid" x1={LEFT} x2={width - RIGHT} y1={y(v)} y2={y(v)} />
              <text className="ls-pg-axis" x={LEFT - 6} y={y(v) + 4} textAnchor="end">
                {v}
              </text>
            </g>
          ))}
          {weeks.map((w, i) => {
            const x = LEFT + i * slot + slot / 2;
            return (
              <g key={w.week_start}>
                {w.attended > 0 && (
                  <rect
                    className="ls-pg-bar"
                    x={x - bar / 2}
                    y={y(w.attended)}
                    width={bar}
                    height={y(0) - y(w.attended)}
                    rx={3}
                  />
                )}
                {i % every === 0 && (
                  <text className="ls-pg-axis" x={x} y={HEIGHT - 8} textAnchor="middle">
                    {dayLabel(w.week_start, lang)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <table className="ls-sr-only" data-testid="progress-weeks-table">
        <caption>{t('learning.weeksTable')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('learning.weekOf')}</th>
            <th scope="col">{t('learning.classes')}</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.week_start}>
              <th scope="row">{dayLabel(w.week_start, lang, true)}</th>
              <td>{w.attended}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
