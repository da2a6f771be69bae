import { describe, expect, it } from 'vitest';
import { heatBand, heatmapGeometry } from './heatmap';

describe('heatmapGeometry', () => {
  it('lays out rows × columns inside the width, clamps intensities and bands them', () => {
    const g = heatmapGeometry({
      rows: ['a', 'b'],
      cols: ['x', 'y', 'z'],
      intensity: [
        [0, 0.5, 1.4],
        [null, -1, 0.99],
      ],
      width: 500,
    });
    expect(g.cells).toHaveLength(6);
    expect(g.cells.map((c) => c.intensity)).toEqual([0, 0.5, 1, null, 0, 0.99]);
    expect(g.cells.map((c) => c.band)).toEqual([0, 2, 4, null, 0, 4]);
    for (const c of g.cells) {
      expect(c.x).toBeGreaterThanOrEqual(170);
      expect(c.x + c.width).toBeLessThanOrEqual(500);
    }
    expect(g.cells[1].x).toBeGreaterThan(g.cells[0].x);
    expect(g.cells[3].y).toBeGreaterThan(g.cells[0].y);
    expect(g.rowLabels[1].y).toBeCloseTo(g.cells[3].y + g.cells[3].height / 2, 9);
    expect(g.height).toBeGreaterThan(g.cells[5].y + g.cells[5].height);
  });

  it('bands split [0, 1] into five equal parts', () => {
    expect([0, 0.19, 0.2, 0.59, 0.8, 1].map(heatBand)).toEqual([0, 0, 1, 2, 4, 4]);
  });
});
