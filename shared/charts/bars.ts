import { scaleBand, scaleLinear } from 'd3';

/**
 * Horizontal bar geometry: ranked totals, stability intervals and stacked shares.
 * Rows run top to bottom; the value axis runs left to right over `[plotX, plotX + plotWidth]`.
 */
export interface BarLayout {
  width: number;
  height: number;
  /** Left edge and width of the value axis (the row labels sit left of `plotX`). */
  plotX: number;
  plotWidth: number;
  /** Height of the tick labels' strip at the bottom. */
  axisHeight: number;
  ticks: Array<{ value: number; x: number; label: string }>;
}

export interface BarRowGeometry {
  label: string;
  /** Vertical band of the row. */
  y: number;
  height: number;
  /** Baseline of the row label text (vertically centred). */
  labelY: number;
}

/** Sizes of a bar chart's parts, px: where the screen measures its text, it passes them in. */
export interface BarSizing {
  labelWidth?: number;
  /** Height of one row (grows with wrapped labels and the font). */
  rowHeight?: number;
  /** Height of the tick labels' strip under the plot. */
  axisHeight?: number;
  /** Room right of the plot for the value written after each bar. */
  valueWidth?: number;
  /** About how many ticks the value axis gets (d3's `ticks(count)`; 5 by default): fewer where the labels would not fit. */
  tickCount?: number;
}

interface LayoutInput extends BarSizing {
  labels: readonly string[];
  width: number;
  domain: [number, number];
  tickCount?: number;
  tickFormat?: (v: number) => string;
}

function layout({
  labels,
  width,
  domain,
  labelWidth = 180,
  rowHeight = 26,
  axisHeight = 22,
  valueWidth = 56,
  tickCount = 5,
  tickFormat = (v) => String(v),
}: LayoutInput) {
  const top = 8;
  const plotX = labelWidth;
  const plotWidth = Math.max(20, width - labelWidth - valueWidth);
  const x = scaleLinear()
    .domain(domain)
    .range([plotX, plotX + plotWidth])
    .clamp(true);
  const y = scaleBand<number>()
    .domain(labels.map((_, i) => i))
    .range([top, top + labels.length * rowHeight])
    .paddingInner(0.25)
    .paddingOuter(0.1);
  const rows: BarRowGeometry[] = labels.map((label, i) => ({ label, y: y(i)!, height: y.bandwidth(), labelY: y(i)! + y.bandwidth() / 2 }));
  const height = top + labels.length * rowHeight + axisHeight;
  const ticks = x.ticks(tickCount).map((value) => ({ value, x: x(value), label: tickFormat(value) }));
  return { x, rows, layout: { width, height, plotX, plotWidth, axisHeight, ticks } satisfies BarLayout };
}

export interface BarsGeometry extends BarLayout {
  bars: Array<BarRowGeometry & { x: number; barWidth: number; value: number; valueX: number }>;
}

/** One bar per row, from the domain's start to the value (e.g. weighted totals in 0…1). */
export function barsGeometry(
  input: {
    items: ReadonlyArray<{ label: string; value: number }>;
    width: number;
    domain?: [number, number];
    tickFormat?: (v: number) => string;
  } & BarSizing,
): BarsGeometry {
  const max = Math.max(0, ...input.items.map((i) => i.value));
  const domain = input.domain ?? [0, max > 0 ? max : 1];
  const { x, rows, layout: l } = layout({ ...input, labels: input.items.map((i) => i.label), domain });
  const bars = rows.map((row, i) => {
    const value = input.items[i].value;
    const x0 = x(domain[0]);
    const x1 = x(value);
    return { ...row, x: Math.min(x0, x1), barWidth: Math.abs(x1 - x0), value, valueX: Math.max(x0, x1) + 4 };
  });
  return { ...l, bars };
}

export interface IntervalsGeometry extends BarLayout {
  intervals: Array<BarRowGeometry & { fromX: number; toX: number; markerX: number }>;
}

/** A range and a marker per row (e.g. a weight's stability interval and its current value), on 0…1. */
export function intervalsGeometry(
  input: {
    items: ReadonlyArray<{ label: string; from: number; to: number; marker: number }>;
    width: number;
    tickFormat?: (v: number) => string;
  } & BarSizing,
): IntervalsGeometry {
  const { x, rows, layout: l } = layout({ ...input, labels: input.items.map((i) => i.label), domain: [0, 1] });
  return { ...l, intervals: rows.map((row, i) => ({ ...row, fromX: x(input.items[i].from), toX: x(input.items[i].to), markerX: x(input.items[i].marker) })) };
}

export interface StackedGeometry extends BarLayout {
  rows: Array<BarRowGeometry & { segments: Array<{ index: number; x: number; width: number; value: number }> }>;
}

/** Shares that add up to (at most) 1 per row, stacked left to right (e.g. rank acceptabilities). */
export function stackedGeometry(
  input: {
    items: ReadonlyArray<{ label: string; parts: readonly number[] }>;
    width: number;
    tickFormat?: (v: number) => string;
  } & BarSizing,
): StackedGeometry {
  const { x, rows, layout: l } = layout({ ...input, labels: input.items.map((i) => i.label), domain: [0, 1] });
  return {
    ...l,
    rows: rows.map((row, i) => {
      let acc = 0;
      const segments = input.items[i].parts.map((value, index) => {
        const x0 = x(acc);
        acc += Math.max(0, value);
        return { index, x: x0, width: Math.max(0, x(acc) - x0), value };
      });
      return { ...row, segments };
    }),
  };
}
