import { scaleBand, scaleLinear } from 'd3';

/**
 * Heatmap geometry: rows × columns of cells, each with an intensity in [0, 1] (e.g. the
 * participants' disagreement on a cell, as a share of the largest possible on the scale).
 * Pure numbers, no DOM, so the room and the report draw the same grid.
 */
export interface HeatmapInput {
  rows: readonly string[];
  cols: readonly string[];
  /** `intensity[row][col]` in [0, 1] (clamped); `null` = no data (drawn hatched / empty). */
  intensity: ReadonlyArray<ReadonlyArray<number | null>>;
  width: number;
  /** Space for row labels on the left and column labels on top, px. */
  rowLabelWidth?: number;
  colLabelHeight?: number;
  cellHeight?: number;
}

export interface HeatmapCell {
  row: number;
  col: number;
  x: number;
  y: number;
  width: number;
  height: number;
  intensity: number | null;
  /** 0…4: which of five intensity bands (for colour and for a pattern-free legend). */
  band: number | null;
}

export interface HeatmapGeometry {
  width: number;
  height: number;
  rowLabels: Array<{ label: string; x: number; y: number }>;
  colLabels: Array<{ label: string; x: number; y: number }>;
  cells: HeatmapCell[];
}

export const HEATMAP_BANDS = 5;

/** Band 0…4 of an intensity in [0, 1]. */
export function heatBand(intensity: number): number {
  return Math.min(HEATMAP_BANDS - 1, Math.floor(Math.max(0, Math.min(1, intensity)) * HEATMAP_BANDS));
}

export function heatmapGeometry({ rows, cols, intensity, width, rowLabelWidth = 170, colLabelHeight = 34, cellHeight = 30 }: HeatmapInput): HeatmapGeometry {
  const x = scaleBand<number>()
    .domain(cols.map((_, i) => i))
    .range([rowLabelWidth, Math.max(rowLabelWidth + 20, width - 4)])
    .paddingInner(0.06);
  const y = scaleBand<number>()
    .domain(rows.map((_, i) => i))
    .range([colLabelHeight, colLabelHeight + rows.length * cellHeight])
    .paddingInner(0.08);
  const clamp = scaleLinear().domain([0, 1]).range([0, 1]).clamp(true);
  const cells: HeatmapCell[] = [];
  rows.forEach((_, r) =>
    cols.forEach((__, c) => {
      const v = intensity[r]?.[c] ?? null;
      const value = v === null || !Number.isFinite(v) ? null : clamp(v);
      cells.push({
        row: r,
        col: c,
        x: x(c)!,
        y: y(r)!,
        width: x.bandwidth(),
        height: y.bandwidth(),
        intensity: value,
        band: value === null ? null : heatBand(value),
      });
    }),
  );
  return {
    width,
    height: colLabelHeight + rows.length * cellHeight + 4,
    rowLabels: rows.map((label, r) => ({ label, x: rowLabelWidth - 8, y: y(r)! + y.bandwidth() / 2 })),
    colLabels: cols.map((label, c) => ({ label, x: x(c)! + x.bandwidth() / 2, y: colLabelHeight - 10 })),
    cells,
  };
}
