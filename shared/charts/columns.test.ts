import { describe, expect, it } from 'vitest';
import { stackedColumnsGeometry } from './columns';

describe('stacked columns', () => {
  const g = stackedColumnsGeometry({
    columns: [
      { label: 'a', parts: [10, 30] },
      { label: 'b', parts: [20, 0, 60] },
      { label: 'c', parts: [-5, 5] },
    ],
    width: 400,
    height: 300,
  });

  it('puts the columns side by side, left to right, inside the plot', () => {
    const xs = g.columns.map((c) => c.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    for (const c of g.columns) {
      expect(c.x).toBeGreaterThanOrEqual(g.plot.x);
      expect(c.x + c.width).toBeLessThanOrEqual(g.plot.x + g.plot.width + 1e-9);
      expect(c.centreX).toBeCloseTo(c.x + c.width / 2);
    }
  });

  it('stacks parts bottom-up with heights proportional to their values on a shared axis', () => {
    const base = g.plot.y + g.plot.height;
    const [a, b] = g.columns;
    expect(a.segments[0].y + a.segments[0].height).toBeCloseTo(base);
    expect(a.segments[1].y + a.segments[1].height).toBeCloseTo(a.segments[0].y);
    expect(a.segments[1].height / a.segments[0].height).toBeCloseTo(3);
    // b's total (80) is twice a's (40), on the same axis.
    expect(base - b.topY).toBeCloseTo(2 * (base - a.topY));
    expect(b.segments[1].height).toBe(0);
    expect(b.total).toBe(80);
  });

  it('treats negative parts as zero and keeps a usable axis when everything is zero', () => {
    expect(g.columns[2].total).toBe(5);
    expect(g.columns[2].segments[0].height).toBe(0);
    const empty = stackedColumnsGeometry({ columns: [{ label: 'x', parts: [0] }], width: 200, height: 100 });
    expect(empty.yTicks.length).toBeGreaterThan(1);
    expect(empty.columns[0].segments[0].height).toBe(0);
  });

  it('labels ticks with the given format, from 0 up to at least the largest total', () => {
    const h = stackedColumnsGeometry({ columns: [{ label: 'x', parts: [950] }], width: 200, height: 200, tickFormat: (v) => `$${v}` });
    expect(h.yTicks[0]).toMatchObject({ value: 0, label: '$0' });
    expect(h.yTicks.at(-1)!.value).toBeGreaterThanOrEqual(950);
  });
});

describe('stackedColumnsGeometry: a reference line (the budget)', () => {
  it('reaches a reference above every column and places it on the value axis', () => {
    const cols = [{ label: 'a', parts: [100, 50] }];
    const g = stackedColumnsGeometry({ columns: cols, width: 400, height: 200, reference: 400 });
    const top = g.yTicks[g.yTicks.length - 1].value;
    expect(top).toBeGreaterThanOrEqual(400);
    // Linear axis: the reference sits at 400/150 of the column's height above the baseline.
    const base = g.plot.y + g.plot.height;
    expect((base - g.referenceY!) / (base - g.columns[0].topY)).toBeCloseTo(400 / 150, 6);
    expect(stackedColumnsGeometry({ columns: cols, width: 400, height: 200 }).referenceY).toBeNull();
  });
});
