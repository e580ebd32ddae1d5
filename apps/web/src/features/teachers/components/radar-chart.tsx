import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RADAR_DIMENSIONS } from '@app/contract/enums';
import type { TeacherRadar } from '@app/contract/teachers';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { clampScore, labelPlacement, radarPoint, radarPolygon, radarRings } from '../lib/radar.ts';

// Wide enough for the longest label beside the side corners at 375 px.
const WIDTH = 360;
const HEIGHT = 228;
const CENTER = { x: WIDTH / 2, y: 122 };
const RADIUS = 84;

/** The five radar dimensions (0-100) as an SVG chart, with the values as a table for screen readers. */
export function RadarChart({ radar }: { radar: TeacherRadar }) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const titleId = useId();
  const values = RADAR_DIMENSIONS.map((d) => clampScore(radar[d.value]));
  const count = values.length;
  const description = RADAR_DIMENSIONS.map((d, i) => `${d.label[language]} ${values[i]}`).join(', ');
  return (
    <figure className="ls-t-radar" data-testid="teacher-radar">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId}>
        <title id={titleId}>{`${t('teachers.radarTitle')}: ${description}`}</title>
        {radarRings(count, RADIUS, CENTER).map((points, i) => (
          <polygon key={i} points={points} className="ls-t-radar-ring" />
        ))}
        {values.map((_, i) => {
          const end = radarPoint(i, count, 100, RADIUS, CENTER);
          return (
            <line key={i} x1={CENTER.x} y1={CENTER.y} x2={end.x} y2={end.y} className="ls-t-radar-axis" />
          );
        })}
        <polygon points={radarPolygon(values, RADIUS, CENTER)} className="ls-t-radar-area" />
        {values.map((v, i) => {
          const p = radarPoint(i, count, v, RADIUS, CENTER);
          return <circle key={i} cx={p.x} cy={p.y} r={3.5} className="ls-t-radar-dot" />;
        })}
        {RADAR_DIMENSIONS.map((d, i) => {
          const l = labelPlacement(i, count, RADIUS, CENTER);
          return (
            <text
              key={d.value}
              x={l.x}
              y={l.y}
              textAnchor={l.anchor}
              dominantBaseline="middle"
              className="ls-t-radar-label"
            >
              {d.label[language]}
              <tspan className="ls-t-radar-value"> {values[i]}</tspan>
            </text>
          );
        })}
      </svg>
      <table className="ls-sr-only">
        <caption>{t('teachers.radarTitle')}</caption>
        <tbody>
          {RADAR_DIMENSIONS.map((d, i) => (
            <tr key={d.value}>
              <th scope="row">{d.label[language]}</th>
              <td>{values[i]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
