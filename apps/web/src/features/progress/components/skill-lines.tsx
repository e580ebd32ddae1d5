import { useTranslation } from 'react-i18next';
import type { ProgressSkill } from '@app/contract/progress';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { dayLabel } from './day-label.ts';
import { useWidth } from './use-width.ts';
import '../../../locales/learning/index.ts';

const HEIGHT = 200;
const LEFT = 28;
const RIGHT = 16;
const TOP = 12;
const BOTTOM = 28;
const MIN_WIDTH = 300;
const DAY_MS = 86_400_000;
/** Longer periods (half a year) start at their first report and label their days with the year. */
const LONG_DAYS = 183;
const KNOWN = ['pronunciation', 'vocabulary', 'grammar', 'fluency', 'comprehension'];

/** A marker per series besides its colour, so the lines differ without colour too. */
function Marker({ shape, x, y }: { shape: number; x: number; y: number }) {
  switch (shape % 5) {
    case 0:
      return <circle cx={x} cy={y} r={4} />;
    case 1:
      return <rect x={x - 4} y={y - 4} width={8} height={8} />;
    case 2:
      return <path d={`M${x} ${y - 5}L${x + 5} ${y + 4}L${x - 5} ${y + 4}Z`} />;
    case 3:
      return <path d={`M${x} ${y - 5}L${x + 5} ${y}L${x} ${y + 5}L${x - 5} ${y}Z`} />;
    default:
      return <path d={`M${x - 4} ${y - 4}L${x + 4} ${y + 4}M${x + 4} ${y - 4}L${x - 4} ${y + 4}`} />;
  }
}

export function useSkillName() {
  const { t } = useTranslation();
  return (skill: string) => (KNOWN.includes(skill) ? t(`learning.skills.${skill}`) : skill);
}

/**
 * The teachers' per-skill scores (1-5) over the period, one line per skill (inline SVG in the
 * theme's tokens, at the box's width); the table beside it says the same to screen readers.
 */
export function SkillLines({ skills, from, to }: { skills: ProgressSkill[]; from: string; to: string }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const skillName = useSkillName();
  const [ref, boxWidth] = useWidth<HTMLDivElement>(600);
  const width = Math.max(MIN_WIDTH, boxWidth);
  const dates = [...new Set(skills.flatMap((s) => s.points.map((p) => p.date)))].sort();
  // A long period starts at its first report, so the lines are not squeezed into its last weeks.
  const long = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`) > LONG_DAYS * DAY_MS;
  const first = long && dates[0] ? dates[0] : from;
  const start = Date.parse(`${first}T00:00:00Z`);
  const span = Math.max(DAY_MS, Date.parse(`${to}T00:00:00Z`) - start);
  const plotW = width - LEFT - RIGHT;
  const plotH = HEIGHT - TOP - BOTTOM;
  const x = (date: string) => LEFT + ((Date.parse(`${date}T00:00:00Z`) - start) / span) * plotW;
  const y = (score: number) => TOP + plotH - ((score - 1) / 4) * plotH;
  const xTicks = [
    first,
    ...(span > 20 * DAY_MS ? [new Date(start + span / 2).toISOString().slice(0, 10)] : []),
    to,
  ];

  return (
    <>
      <div ref={ref} className="ls-pg-chart-box" data-testid="progress-skill-lines">
        <svg width={width} height={HEIGHT} aria-hidden="true" focusable="false" className="ls-pg-chart">
          {[1, 2, 3, 4, 5].map((v) => (
            <g key={v}>
              <line className="ls-pg-grid" x1={LEFT} x2={width - RIGHT} y1={y(v)} y2={y(v)} />
              <text className="ls-pg-axis ls-pg-y-label" x={LEFT - 8} y={y(v) + 4} textAnchor="end">
                {v}
              </text>
            </g>
          ))}
          {xTicks.map((d, i) => (
            <text
              key={d}
              className="ls-pg-axis"
              x={x(d)}
              y={HEIGHT - 8}
              textAnchor={i === 0 ? 'start' : i === xTicks.length - 1 ? 'end' : 'middle'}
            >
              {dayLabel(d, lang, long)}
            </text>
          ))}
          {skills.map((s, i) => (
            <g key={s.skill} className={`ls-pg-series ls-pg-series-${i % 5}`}>
              <polyline fill="none" points={s.points.map((p) => `${x(p.date)},${y(p.score)}`).join(' ')} />
              {s.points.map((p) => (
                <Marker key={`${p.course_id}`} shape={i} x={x(p.date)} y={y(p.score)} />
              ))}
            </g>
          ))}
        </svg>
      </div>
      <ul className="ls-pg-legend" aria-hidden="true">
        {skills.map((s, i) => (
          <li key={s.skill} className={`ls-pg-series ls-pg-series-${i % 5}`}>
            <svg width={14} height={14} viewBox="-7 -7 14 14">
              <Marker shape={i} x={0} y={0} />
            </svg>
            {skillName(s.skill)}
          </li>
        ))}
      </ul>
      <div className="ls-sr-only">
        <table data-testid="progress-skills-table">
          <caption>{t('learning.skillsTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('learning.date')}</th>
              {skills.map((s) => (
                <th scope="col" key={s.skill}>
                  {skillName(s.skill)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dates.map((d) => (
              <tr key={d}>
                <th scope="row">{dayLabel(d, lang, true)}</th>
                {skills.map((s) => (
                  <td key={s.skill}>
                    {s.points
                      .filter((p) => p.date === d)
                      .map((p) => p.score)
                      .join(', ') || '—'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
