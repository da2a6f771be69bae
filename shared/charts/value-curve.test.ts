import { describe, expect, it } from 'vitest';
import { valueCurveGeometry } from './value-curve';

describe('value curve geometry', () => {
  it('marks each measurement on the curve at its value, the axis covering the function and the marks', () => {
    const g = valueCurveGeometry({
      fn: { kind: 'threshold', threshold: 100, direction: 'atLeast', pass: 1, fail: 0.2 },
      marks: [
        { id: 'a', measured: 60 },
        { id: 'b', measured: 120 },
      ],
      width: 300,
      height: 160,
    });
    expect(g.domain[0]).toBe(0);
    expect(g.domain[1]).toBeCloseTo(132, 9);
    expect(g.marks.map((m) => m.value)).toEqual([0.2, 1]);
    const bottom = g.plot.y + g.plot.height;
    expect(g.marks[0].y).toBeCloseTo(bottom - 0.2 * g.plot.height, 9);
    expect(g.marks[1].y).toBeCloseTo(g.plot.y, 9);
    expect(g.marks[0].x).toBeCloseTo(g.plot.x + (60 / 132) * g.plot.width, 9);
    // The step at the threshold is drawn as a (near) vertical segment.
    expect(g.path).toMatch(/^M/);
    expect(g.yTicks.map((t) => t.label)).toEqual(['0%', '50%', '100%']);
  });
});
