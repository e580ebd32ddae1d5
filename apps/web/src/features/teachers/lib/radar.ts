/**
 * Geometry of the profile's radar chart (drawn as plain SVG, no chart library). Axis 0 points up,
 * the others follow clockwise; values are 0-100 and clamped.
 */
export type Point = { x: number; y: number };

const round = (n: number): number => Math.round(n * 100) / 100;

export function clampScore(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/** The point of `value` (0-100) on axis `index` of `count` axes around `center`. */
export function radarPoint(
  index: number,
  count: number,
  value: number,
  radius: number,
  center: Point,
): Point {
  const angle = -Math.PI / 2 + (index * 2 * Math.PI) / count;
  const r = (clampScore(value) / 100) * radius;
  return { x: round(center.x + r * Math.cos(angle)), y: round(center.y + r * Math.sin(angle)) };
}

/** An SVG `points` attribute for the polygon of `values`. */
export function radarPolygon(values: readonly number[], radius: number, center: Point): string {
  return values
    .map((v, i) => radarPoint(i, values.length, v, radius, center))
    .map((p) => `${p.x},${p.y}`)
    .join(' ');
}

/** The grid rings (e.g. 25, 50, 75, 100) as polygons of `count` corners. */
export function radarRings(count: number, radius: number, center: Point, steps = 4): string[] {
  return Array.from({ length: steps }, (_, s) =>
    radarPolygon(
      Array.from({ length: count }, () => ((s + 1) * 100) / steps),
      radius,
      center,
    ),
  );
}

/** Where an axis label goes: a bit beyond the outer ring, anchored away from the centre. */
export function labelPlacement(
  index: number,
  count: number,
  radius: number,
  center: Point,
): Point & { anchor: 'start' | 'middle' | 'end' } {
  const p = radarPoint(index, count, 100, radius + 14, center);
  const dx = p.x - center.x;
  const anchor = Math.abs(dx) < 1 ? 'middle' : dx > 0 ? 'start' : 'end';
  return { ...p, anchor };
}
