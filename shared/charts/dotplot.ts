import { scaleLinear } from 'd3';

/**
 * Dot-plot geometry for one cell's scores: one dot per score on the scale's axis, equal scores
 * stacked upward from the axis, so the room sees the distribution and nobody's place in it.
 */
export interface Dot {
  value: number;
  x: number;
  /** Centre of the dot (SVG y grows downward; the first of a stack sits just above the axis). */
  y: number;
}

export interface DotPlotLayout {
  width: number;
  height: number;
  r: number;
  plotX: number;
  plotWidth: number;
  axisHeight: number;
  /** y of the axis line (the dots stand on it). */
  axisY: number;
  dots: Dot[];
  ticks: { value: number; x: number; label: string }[];
  /** Where the median marker goes, or null (no median given). */
  medianX: number | null;
}

export function dotPlot(
  values: readonly number[],
  scale: { min: number; max: number },
  {
    width,
    r,
    axisHeight,
    median = null,
    tickLabel = String,
  }: { width: number; r: number; axisHeight: number; median?: number | null; tickLabel?: (value: number) => string },
): DotPlotLayout {
  const pad = r + 2;
  const plotX = pad;
  const plotWidth = Math.max(1, width - 2 * pad);
  const x = scaleLinear()
    .domain([scale.min, scale.max])
    .range([plotX, plotX + plotWidth]);
  const sorted = [...values].sort((a, b) => a - b);
  const stack = new Map<number, number>();
  const placed = sorted.map((value) => {
    const level = stack.get(value) ?? 0;
    stack.set(value, level + 1);
    return { value, level };
  });
  const tallest = Math.max(1, ...stack.values());
  const axisY = pad + tallest * 2 * r;
  const height = axisY + axisHeight;
  const dots = placed.map(({ value, level }) => ({ value, x: x(value), y: axisY - r - level * 2 * r }));
  const ticks = x.ticks(Math.min(10, Math.max(2, Math.round(scale.max - scale.min)))).map((value) => ({ value, x: x(value), label: tickLabel(value) }));
  return { width, height, r, plotX, plotWidth, axisHeight, axisY, dots, ticks, medianX: median === null ? null : x(median) };
}
