import { describe, expect, it } from 'vitest';
import { lttb } from './lttb';

describe('lttb', () => {
  it('returns short series unchanged', () => {
    const pts: [number, number][] = [
      [0, 1],
      [1, 2],
      [2, 3],
    ];
    expect(lttb(pts, 10)).toEqual(pts);
  });
  it('keeps the first and last point and exactly `threshold` points, in x order', () => {
    const pts = Array.from({ length: 1000 }, (_, i) => [i, Math.sin(i / 50)] as [number, number]);
    const out = lttb(pts, 100);
    expect(out).toHaveLength(100);
    expect(out[0]).toEqual([0, 0]);
    expect(out[99]).toEqual(pts[999]);
    for (let i = 1; i < out.length; i++) expect(out[i][0]).toBeGreaterThan(out[i - 1][0]);
  });
  it('keeps a lone spike that averaging would flatten', () => {
    const pts = Array.from({ length: 500 }, (_, i) => [i, i === 250 ? 100 : 0] as [number, number]);
    expect(lttb(pts, 20).some((p) => p[1] === 100)).toBe(true);
  });
});
