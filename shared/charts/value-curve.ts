import { line, scaleLinear } from 'd3';
import { valueOf, type ValueFunction } from '../scoring/value-function';

/**
 * Geometry of a value function's curve (measurement across, value 0…1 up) with the
 * candidates' measurements marked on it. Pure numbers, no DOM.
 */
export interface ValueCurveInput {
  fn: ValueFunction;
  /** Measurements to mark (e.g. one per candidate). */
  marks: ReadonlyArray<{ id: string; measured: number }>;
  width: number;
  height: number;
  /** Samples along the axis (default 200). */
  samples?: number;
  tickFormat?: (v: number) => string;
}

export interface ValueCurveGeometry {
  plot: { x: number; y: number; width: number; height: number };
  domain: [number, number];
  path: string;
  marks: Array<{ id: string; x: number; y: number; value: number }>;
  xTicks: Array<{ value: number; x: number; label: string }>;
  yTicks: Array<{ value: number; y: number; label: string }>;
}

/** The measurements the function itself names (ends, breakpoints, threshold). */
function knots(fn: ValueFunction): number[] {
  switch (fn.kind) {
    case 'linear':
      return [fn.worst, fn.best];
    case 'piecewise':
      return fn.points.map((p) => p[0]);
    case 'threshold':
      return [fn.threshold];
  }
}

export function valueCurveGeometry({
  fn,
  marks,
  width,
  height,
  samples = 200,
  tickFormat = (v) => String(+v.toPrecision(3)),
}: ValueCurveInput): ValueCurveGeometry {
  const plot = { x: 44, y: 8, width: Math.max(40, width - 56), height: Math.max(40, height - 36) };
  const xs = [0, ...knots(fn), ...marks.map((m) => m.measured)].filter(Number.isFinite);
  let lo = Math.min(...xs);
  let hi = Math.max(...xs);
  if (hi === lo) hi = lo + 1;
  const pad = (hi - lo) * 0.1;
  lo = lo === 0 ? 0 : lo - pad;
  hi += pad;
  const x = scaleLinear()
    .domain([lo, hi])
    .range([plot.x, plot.x + plot.width]);
  const y = scaleLinear()
    .domain([0, 1])
    .range([plot.y + plot.height, plot.y]);
  // Sample evenly, plus both sides of every knot, so corners and a threshold's step are exact.
  const at = new Set<number>();
  for (let k = 0; k <= samples; k++) at.add(lo + ((hi - lo) * k) / samples);
  for (const k of knots(fn)) if (k >= lo && k <= hi) [k, k - (hi - lo) * 1e-6, k + (hi - lo) * 1e-6].forEach((v) => at.add(v));
  const pts = [...at].sort((a, b) => a - b).map((m) => [x(m), y(valueOf(fn, m))] as [number, number]);
  return {
    plot,
    domain: [lo, hi],
    path: line()(pts) ?? '',
    marks: marks.map((m) => ({ id: m.id, x: x(m.measured), y: y(valueOf(fn, m.measured)), value: valueOf(fn, m.measured) })),
    xTicks: x.ticks(5).map((v) => ({ value: v, x: x(v), label: tickFormat(v) })),
    yTicks: [0, 0.5, 1].map((v) => ({ value: v, y: y(v), label: `${v * 100}%` })),
  };
}
