import { scaleBand, scaleLinear } from 'd3';

/**
 * Stacked vertical columns, side by side on one value axis (e.g. the cost of each archetype
 * split into its items, or a step's time split into rollout / train / sync / failures).
 * Parts stack bottom-up in input order; negative parts count as 0.
 */
export interface ColumnsGeometry {
  width: number;
  height: number;
  plot: { x: number; y: number; width: number; height: number };
  yTicks: Array<{ value: number; y: number; label: string }>;
  columns: Array<{
    label: string;
    x: number;
    width: number;
    /** Centre of the column (for its label below and its total above). */
    centreX: number;
    total: number;
    /** Top of the stack (the total label sits just above it). */
    topY: number;
    segments: Array<{ index: number; y: number; height: number; value: number }>;
  }>;
  /** Height of the reference line (e.g. a budget), when one is given. */
  referenceY: number | null;
}

export interface ColumnsInput {
  columns: ReadonlyArray<{ label: string; parts: readonly number[] }>;
  width: number;
  height: number;
  tickFormat?: (v: number) => string;
  /** Room left of the plot for the tick labels (default 56 px). */
  axisWidth?: number;
  /** A reference value drawn across the columns (e.g. the budget); the axis reaches it. */
  reference?: number | null;
  /** Room above the plot (the totals over the columns) and below it (the column labels), px; 18 and 24 by default. */
  top?: number;
  bottom?: number;
}

export function stackedColumnsGeometry({
  columns,
  width,
  height,
  tickFormat = (v) => String(v),
  axisWidth = 56,
  reference = null,
  top = 18,
  bottom = 24,
}: ColumnsInput): ColumnsGeometry {
  const margin = { top, right: 8, bottom, left: axisWidth };
  const plot = {
    x: margin.left,
    y: margin.top,
    width: Math.max(10, width - margin.left - margin.right),
    height: Math.max(10, height - margin.top - margin.bottom),
  };
  const totals = columns.map((c) => c.parts.reduce((s, v) => s + Math.max(0, v), 0));
  const max = Math.max(0, ...totals, reference !== null && Number.isFinite(reference) ? reference : 0);
  const y = scaleLinear()
    .domain([0, max > 0 ? max : 1])
    .nice()
    .range([plot.y + plot.height, plot.y]);
  const x = scaleBand<number>()
    .domain(columns.map((_, i) => i))
    .range([plot.x, plot.x + plot.width])
    .paddingInner(0.35)
    .paddingOuter(0.2);
  // Very wide bands look like slabs: cap the column width and centre it in its band.
  const barWidth = Math.min(x.bandwidth(), 90);
  return {
    width,
    height,
    plot,
    yTicks: y.ticks(4).map((value) => ({ value, y: y(value), label: tickFormat(value) })),
    columns: columns.map((c, i) => {
      const left = x(i)! + (x.bandwidth() - barWidth) / 2;
      let acc = 0;
      const segments = c.parts.map((value, index) => {
        const y0 = y(acc);
        acc += Math.max(0, value);
        const y1 = y(acc);
        return { index, y: y1, height: Math.max(0, y0 - y1), value };
      });
      return { label: c.label, x: left, width: barWidth, centreX: left + barWidth / 2, total: totals[i], topY: y(totals[i]), segments };
    }),
    referenceY: reference !== null && Number.isFinite(reference) ? y(reference) : null,
  };
}
