import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProgressWeek } from '@app/contract/progress';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { dayLabel, dayLabelRoom } from './day-label.ts';
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
/** More weeks than this (half a year): trimmed to the first class, labelled with years. */
const LONG_WEEKS = 26;

/**
 * Classes attended per week as bars (inline SVG in the theme's tokens), drawn at the box's width;
 * with many weeks on a phone it scrolls sideways while the figures stay the same size. The SVG is
 * hidden from screen readers: the table beside it says the same.
 */
export function WeekBars({ weeks: all }: { weeks: ProgressWeek[] }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const [ref, boxWidth] = useWidth<HTMLDivElement>(600);
  // A long period starts its bars at the first week with a class (the table keeps every week).
  const first = all.findIndex((w) => w.attended > 0);
  const weeks = all.length > LONG_WEEKS && first > 0 ? all.slice(first) : all;
  const withYear = weeks.length > LONG_WEEKS;
  // Scrolled to the latest weeks: the recent ones are what a student looks for first.
  useLayoutEffect(() => {
    const el = ref.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, [ref, weeks.length, boxWidth]);
  const n = Math.max(weeks.length, 1);
  const slot = Math.min(MAX_SLOT, Math.max(MIN_SLOT, (boxWidth - RIGHT) / n));
  const width = RIGHT + slot * n;
  const max = Math.max(1, ...weeks.map((w) => w.attended));
  const step = Math.max(1, Math.ceil(max / 4));
  const top = Math.ceil(max / step) * step;
  const plot = HEIGHT - TOP - BOTTOM;
  const y = (v: number) => TOP + plot - (v / top) * plot;
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += step) ticks.push(v);
  // A label every few bars so they never overlap (day-label.ts: the room a label needs).
  const room = dayLabelRoom(lang, withYear);
  const every = Math.max(1, Math.ceil(room / slot));
  // Labels centred under their bars, every few bars from the first whose label fits inside the
  // chart ("10 Aug" is wider than the first bar's half slot), none past the right end.
  const firstLabelled = Math.max(0, Math.ceil((room / 2 - slot / 2) / slot));
  const labelled = (i: number, x: number) =>
    i >= firstLabelled && (i - firstLabelled) % every === 0 && x + room / 2 <= width;
  const bar = Math.max(6, Math.min(28, slot * 0.6));

  return (
    <>
      <div className="ls-pg-bars">
        {/* The y axis stays put while the bars scroll beside it. */}
        <svg width={LEFT} height={HEIGHT} aria-hidden="true" focusable="false" className="ls-pg-chart">
          {ticks.map((v) => (
            <text key={v} className="ls-pg-axis ls-pg-y-label" x={LEFT - 6} y={y(v) + 4} textAnchor="end">
              {v}
            </text>
          ))}
        </svg>
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
              <line key={v} className="ls-pg-grid" x1={0} x2={width} y1={y(v)} y2={y(v)} />
            ))}
            {weeks.map((w, i) => {
              const x = i * slot + slot / 2;
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
                  {labelled(i, x) && (
                    <text className="ls-pg-axis" x={x} y={HEIGHT - 8} textAnchor="middle">
                      {dayLabel(w.week_start, lang, withYear)}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
        </div>
      </div>
      <div className="ls-sr-only">
        <table data-testid="progress-weeks-table">
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
      </div>
    </>
  );
}
