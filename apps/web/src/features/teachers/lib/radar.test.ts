import { describe, expect, it } from 'vitest';
import { clampScore, labelPlacement, radarPoint, radarPolygon, radarRings } from './radar.ts';

const c = { x: 100, y: 100 };

describe('radar geometry', () => {
  it('puts axis 0 straight up and scales by value', () => {
    expect(radarPoint(0, 5, 100, 80, c)).toEqual({ x: 100, y: 20 });
    expect(radarPoint(0, 5, 50, 80, c)).toEqual({ x: 100, y: 60 });
    expect(radarPoint(3, 5, 0, 80, c)).toEqual({ x: 100, y: 100 });
  });

  it('goes clockwise: axis 1 of 5 is up and to the right', () => {
    const p = radarPoint(1, 5, 100, 80, c);
    expect(p.x).toBeCloseTo(100 + 80 * Math.cos(-Math.PI / 2 + (2 * Math.PI) / 5), 1);
    expect(p.x).toBeGreaterThan(100);
    expect(p.y).toBeLessThan(100);
  });

  it('clamps scores outside 0-100', () => {
    expect(clampScore(140)).toBe(100);
    expect(clampScore(-3)).toBe(0);
    expect(clampScore(Number.NaN)).toBe(0);
    expect(radarPoint(0, 5, 250, 80, c)).toEqual({ x: 100, y: 20 });
  });

  it('builds a polygon with one point per value, all within the radius', () => {
    const points = radarPolygon([90, 80, 70, 60, 50], 80, c).split(' ');
    expect(points).toHaveLength(5);
    for (const pair of points) {
      const [x, y] = pair.split(',').map(Number) as [number, number];
      expect(Math.hypot(x - 100, y - 100)).toBeLessThanOrEqual(80.01);
    }
  });

  it('draws 4 rings, the last one at full radius', () => {
    const rings = radarRings(5, 80, c);
    expect(rings).toHaveLength(4);
    expect(rings[3]!.split(' ')[0]).toBe('100,20');
  });

  it('anchors labels away from the centre', () => {
    expect(labelPlacement(0, 5, 80, c).anchor).toBe('middle');
    expect(labelPlacement(1, 5, 80, c).anchor).toBe('start');
    expect(labelPlacement(4, 5, 80, c).anchor).toBe('end');
  });
});
