import { describe, expect, it } from 'vitest';
import { stabilityMapGeometry } from './stability-map';

describe('stability map geometry', () => {
  // resolution 2: points (i, j) with i + j ≤ 2.
  const winners = [
    [0, 0, 1],
    [0, 1, null],
    [1, null, null],
  ];
  const g = stabilityMapGeometry({ winners, resolution: 2, current: [0.25, 0.5], width: 300, margin: { left: 50, right: 10, top: 10, bottom: 40 } });

  it('draws one cell per point inside the weight triangle, tiling the plot without overlap', () => {
    expect(g.cells).toHaveLength(6);
    expect(g.plot).toEqual({ x: 50, y: 10, size: 240 });
    const corner = g.cells.find((c) => c.i === 0 && c.j === 0)!;
    // The corner point owns a quarter step each way: 0…25 % of the axis.
    expect(corner).toMatchObject({ x: 50, width: 60, height: 60, winner: 0 });
    expect(corner.y + corner.height).toBeCloseTo(250, 9);
    const middle = g.cells.find((c) => c.i === 1 && c.j === 1)!;
    expect(middle).toMatchObject({ x: 110, y: 70, width: 120, height: 120, winner: 1 });
    expect(g.cells.some((c) => c.i === 2 && c.j === 1)).toBe(false);
  });

  it('places the current weights and labels the axes in percent', () => {
    expect(g.current).toEqual({ x: 110, y: 130 });
    expect(g.xTicks.map((t) => t.label)).toEqual(['0%', '25%', '50%', '75%', '100%']);
    // The origin's "0%" is the x axis's alone; up the y axis from 25 %.
    expect(g.yTicks.map((t) => t.label)).toEqual(['25%', '50%', '75%', '100%']);
    expect(g.yTicks[0].y).toBe(190);
    expect(g.height).toBe(290);
  });
});
