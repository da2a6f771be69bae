import { describe, expect, it } from 'vitest';
import { dotPlot } from './dotplot';

describe('dotPlot', () => {
  const scale = { min: 0, max: 10 };
  it('puts each score at its place on the axis, in order, whatever order they came in', () => {
    const layout = dotPlot([7, 2, 9], scale, { width: 220, r: 10, axisHeight: 20 });
    expect(layout.dots.map((d) => d.value)).toEqual([2, 7, 9]);
    const span = layout.plotWidth;
    for (const d of layout.dots) expect(d.x).toBeCloseTo(layout.plotX + (d.value / 10) * span, 6);
    // the whole axis fits inside the width, dots included
    expect(layout.plotX - layout.r).toBeGreaterThanOrEqual(0);
    expect(layout.plotX + layout.plotWidth + layout.r).toBeLessThanOrEqual(220);
  });

  it('stacks equal scores upward without overlap, and grows as tall as the highest stack', () => {
    const one = dotPlot([5], scale, { width: 200, r: 6, axisHeight: 20 });
    const three = dotPlot([5, 5, 5, 1], scale, { width: 200, r: 6, axisHeight: 20 });
    const fives = three.dots.filter((d) => d.value === 5);
    expect(new Set(fives.map((d) => d.x)).size).toBe(1);
    const ys = fives.map((d) => d.y).sort((a, b) => b - a);
    for (let i = 1; i < ys.length; i++) expect(ys[i - 1] - ys[i]).toBeGreaterThanOrEqual(2 * three.r);
    // the lowest dot of every stack stands on the axis
    for (const d of three.dots.filter((d) => d.value === 1)) expect(d.y + three.r).toBeCloseTo(three.axisY, 6);
    expect(three.height - one.height).toBeCloseTo(2 * (2 * 6), 6);
    expect(Math.min(...three.dots.map((d) => d.y - three.r))).toBeGreaterThanOrEqual(0);
  });

  it('marks the median on the same axis and ticks the scale ends', () => {
    const layout = dotPlot([1, 4], { min: 1, max: 5 }, { width: 300, r: 8, axisHeight: 24, median: 3 });
    expect(layout.medianX).toBeCloseTo(layout.plotX + layout.plotWidth / 2, 6);
    expect(layout.ticks.map((t) => t.value)).toContain(1);
    expect(layout.ticks.map((t) => t.value)).toContain(5);
    expect(dotPlot([], scale, { width: 100, r: 5, axisHeight: 10 }).dots).toEqual([]);
  });
});
