import { describe, expect, it } from 'vitest';
import { barsGeometry, intervalsGeometry, stackedGeometry } from './bars';
import { linesGeometry, thin } from './lines';
import { fitRadar, radarGeometry, radarLabelBox } from './radar';

describe('radarGeometry', () => {
  const g = radarGeometry({ axes: ['a', 'b', 'c', 'd'], series: [{ id: 's', values: [1, 0.5, null, 0] }], size: 400, labelMargin: 100 });

  it('puts one axis per label, clockwise from 12 o’clock, ending on the outer ring', () => {
    expect(g.radius).toBe(100);
    expect(g.axes.map((a) => [Math.round(a.x), Math.round(a.y)])).toEqual([
      [200, 100],
      [300, 200],
      [200, 300],
      [100, 200],
    ]);
    expect(g.axes.map((a) => a.anchor)).toEqual(['middle', 'start', 'middle', 'end']);
  });

  it('places each value at its fraction of the radius; unscored (null) and 0 at the centre', () => {
    const [top, right, bottom, left] = g.polygons[0].points;
    expect(top).toEqual([200, 100]);
    expect(right[0]).toBeCloseTo(250);
    expect(bottom[0]).toBeCloseTo(200);
    expect(bottom[1]).toBeCloseTo(200);
    expect(left[0]).toBeCloseTo(200);
    expect(g.polygons[0].path.startsWith('M200,100')).toBe(true);
    expect(g.polygons[0].path.endsWith('Z')).toBe(true);
  });

  it('draws the requested rings, and clamps values outside 0…1', () => {
    expect(g.rings.map((r) => r.level)).toEqual([0.2, 0.4, 0.6, 0.8, 1]);
    const clamped = radarGeometry({ axes: ['a', 'b', 'c'], series: [{ id: 's', values: [2, -1, 0.5] }], size: 200, labelMargin: 50 });
    expect(clamped.polygons[0].points[0]).toEqual([100, 50]);
    expect(clamped.polygons[0].points[1][0]).toBeCloseTo(100);
  });
});

describe('bar geometry', () => {
  it('makes bar lengths proportional to values on the domain', () => {
    const g = barsGeometry({
      items: [
        { label: 'a', value: 1 },
        { label: 'b', value: 0.25 },
      ],
      width: 500,
      domain: [0, 1],
      labelWidth: 100,
    });
    expect(g.bars[0].barWidth).toBeCloseTo(g.plotWidth);
    expect(g.bars[1].barWidth).toBeCloseTo(g.plotWidth / 4);
    expect(g.bars[1].y).toBeGreaterThan(g.bars[0].y);
    expect(g.ticks[0]).toMatchObject({ value: 0, x: 100 });
  });

  it('maps intervals and markers on 0…1', () => {
    const g = intervalsGeometry({ items: [{ label: 'w', from: 0.1, to: 0.6, marker: 0.3 }], width: 300, labelWidth: 100 });
    const x = (v: number) => g.plotX + v * g.plotWidth;
    expect(g.intervals[0].fromX).toBeCloseTo(x(0.1));
    expect(g.intervals[0].toX).toBeCloseTo(x(0.6));
    expect(g.intervals[0].markerX).toBeCloseTo(x(0.3));
  });

  it('stacks shares end to end', () => {
    const g = stackedGeometry({ items: [{ label: 'a', parts: [0.5, 0.3, 0.2] }], width: 300, labelWidth: 100 });
    const [s0, s1, s2] = g.rows[0].segments;
    expect(s1.x).toBeCloseTo(s0.x + s0.width);
    expect(s2.x + s2.width).toBeCloseTo(g.plotX + g.plotWidth);
  });
});

describe('line geometry', () => {
  it('thins long series to at most max points and keeps the first, last, highest and lowest', () => {
    const points = Array.from({ length: 10_000 }, (_, i) => [i, Math.sin(i / 50)] as [number, number]);
    points[4321] = [4321, 50];
    points[777] = [777, -50];
    const out = thin(points, 200);
    expect(out.length).toBeLessThanOrEqual(200);
    expect(out[0]).toEqual([0, 0]);
    expect(out.at(-1)).toEqual(points.at(-1));
    expect(out).toContainEqual([4321, 50]);
    expect(out).toContainEqual([777, -50]);
    expect(out.map((p) => p[0])).toEqual([...out.map((p) => p[0])].sort((a, b) => a - b));
  });

  it('keeps short series as they are', () => {
    expect(
      thin(
        [
          [0, 1],
          [1, 2],
        ],
        400,
      ),
    ).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });

  it('maps series into the plot area with shared axes', () => {
    const g = linesGeometry({
      series: [
        {
          id: 'a',
          points: [
            [0, 0],
            [10, 1],
          ],
        },
        { id: 'b', points: [[0, 0.5]] },
      ],
      width: 300,
      height: 200,
    });
    expect(g.paths).toHaveLength(2);
    expect(g.paths[0].last![0]).toBeCloseTo(g.plot.x + g.plot.width);
    expect(g.paths[0].last![1]).toBeCloseTo(g.plot.y);
    expect(g.xTicks.length).toBeGreaterThan(1);
    const empty = linesGeometry({ series: [{ id: 'x', points: [] }], width: 100, height: 100 });
    expect(empty.paths[0]).toEqual({ id: 'x', path: '', last: null });
  });
});

describe('fitRadar', () => {
  const n = 9;
  const labels = Array.from({ length: n }, (_, i) => ({ w: 80 + 10 * (i % 3), h: i % 2 ? 46 : 23 }));

  it('keeps every axis label inside the drawing, and is as large as that allows', () => {
    const width = 600;
    const height = 420;
    const labelGap = 10;
    const pad = 4;
    const fit = fitRadar({ labels, width, height, labelGap, pad });
    const inside = (radius: number) =>
      labels.every(({ w, h }, i) => {
        const b = radarLabelBox(fit.cx, fit.cy, (2 * Math.PI * i) / n, radius + labelGap, w, h);
        return b.left >= pad && b.right <= width - pad && b.top >= pad && b.bottom <= height - pad;
      });
    expect(inside(fit.radius)).toBe(true);
    // 2 px larger would push a label out: the fit is tight.
    expect(inside(fit.radius + 2)).toBe(false);
    expect(fit.radius).toBeGreaterThan(100);
  });

  it('places a label above the top axis and below the bottom one, beside the side ones', () => {
    const top = radarLabelBox(100, 100, 0, 50, 40, 20);
    expect(top.bottom).toBeCloseTo(50, 6);
    expect((top.left + top.right) / 2).toBeCloseTo(100, 6);
    const right = radarLabelBox(100, 100, Math.PI / 2, 50, 40, 20);
    expect(right.left).toBeCloseTo(150, 6);
    const bottom = radarLabelBox(100, 100, Math.PI, 50, 40, 20);
    expect(bottom.top).toBeCloseTo(150, 6);
  });
});
