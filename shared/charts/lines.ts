import { extent, line, scaleLinear } from 'd3';

/**
 * Line chart geometry for metric series (x = step, y = value), several series on shared
 * axes. Long series are thinned first (`thin`), so a 200 000-point curve draws as a few
 * hundred points without losing its peaks.
 */
export interface LineSeriesInput {
  id: string;
  points: ReadonlyArray<readonly [number, number]>;
}

export interface LinesGeometry {
  width: number;
  height: number;
  plot: { x: number; y: number; width: number; height: number };
  xTicks: Array<{ value: number; x: number; label: string }>;
  yTicks: Array<{ value: number; y: number; label: string }>;
  paths: Array<{ id: string; path: string; last: [number, number] | null }>;
}

export interface LinesInput {
  series: readonly LineSeriesInput[];
  width: number;
  height: number;
  /** Points kept per series at most (default 400). */
  maxPoints?: number;
  tickFormat?: (v: number) => string;
  /** Room around the plot for the tick labels, px (where the screen measures its text, it passes them in). */
  margin?: { top: number; right: number; bottom: number; left: number };
}

/**
 * Keeps at most `max` points: the first and last, and per bucket of the rest the lowest
 * and the highest point (in x order), so spikes survive thinning.
 */
export function thin(points: ReadonlyArray<readonly [number, number]>, max: number): Array<[number, number]> {
  const n = points.length;
  if (n <= max || max < 4) return points.map(([x, y]) => [x, y]);
  const out: Array<[number, number]> = [[points[0][0], points[0][1]]];
  const buckets = Math.floor((max - 2) / 2);
  const size = (n - 2) / buckets;
  for (let b = 0; b < buckets; b++) {
    const start = 1 + Math.floor(b * size);
    const end = Math.min(n - 1, 1 + Math.floor((b + 1) * size));
    let lo = start;
    let hi = start;
    for (let i = start; i < end; i++) {
      if (points[i][1] < points[lo][1]) lo = i;
      if (points[i][1] > points[hi][1]) hi = i;
    }
    const [a, c] = lo <= hi ? [lo, hi] : [hi, lo];
    out.push([points[a][0], points[a][1]]);
    if (c !== a) out.push([points[c][0], points[c][1]]);
  }
  out.push([points[n - 1][0], points[n - 1][1]]);
  return out;
}

export function linesGeometry({
  series,
  width,
  height,
  maxPoints = 400,
  tickFormat = (v) => String(v),
  margin = { top: 10, right: 16, bottom: 26, left: 52 },
}: LinesInput): LinesGeometry {
  const plot = {
    x: margin.left,
    y: margin.top,
    width: Math.max(10, width - margin.left - margin.right),
    height: Math.max(10, height - margin.top - margin.bottom),
  };
  const thinned = series.map((s) => ({ id: s.id, points: thin(s.points, maxPoints) }));
  const all = thinned.flatMap((s) => s.points);
  const [x0, x1] = extent(all, (p) => p[0]);
  const [y0, y1] = extent(all, (p) => p[1]);
  const pad = (lo: number | undefined, hi: number | undefined): [number, number] => {
    if (lo === undefined || hi === undefined) return [0, 1];
    return lo === hi ? [lo - 1, hi + 1] : [lo, hi];
  };
  const x = scaleLinear()
    .domain(pad(x0, x1))
    .range([plot.x, plot.x + plot.width]);
  const y = scaleLinear()
    .domain(pad(y0, y1))
    .nice()
    .range([plot.y + plot.height, plot.y]);
  // Tenths of a pixel are finer than any screen or printer shows.
  const path = line<[number, number]>()
    .x((p) => x(p[0]))
    .y((p) => y(p[1]))
    .digits(1);
  return {
    width,
    height,
    plot,
    xTicks: x.ticks(5).map((value) => ({ value, x: x(value), label: tickFormat(value) })),
    yTicks: y.ticks(4).map((value) => ({ value, y: y(value), label: tickFormat(value) })),
    paths: thinned.map((s) => {
      const lastPoint = s.points[s.points.length - 1];
      return { id: s.id, path: s.points.length ? (path(s.points) ?? '') : '', last: lastPoint ? [x(lastPoint[0]), y(lastPoint[1])] : null };
    }),
  };
}
