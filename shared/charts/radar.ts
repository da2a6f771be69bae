import { curveLinearClosed, line, scaleLinear } from 'd3';

/**
 * Radar (spider) chart geometry: one axis per criterion, one closed polygon per series.
 * Pure numbers and SVG path strings — no DOM — so the Node-side report and the renderer's
 * React charts draw the very same picture.
 */
export interface RadarInput {
  /** Axis labels, clockwise from 12 o'clock. */
  axes: readonly string[];
  /** Values in [0, 1] per axis (clamped); `null` draws at the centre (not scored). */
  series: ReadonlyArray<{ id: string; values: ReadonlyArray<number | null> }>;
  /** Width and height of the square drawing, px. */
  size: number;
  /** Space kept for axis labels around the plot, px. */
  labelMargin?: number;
  /** Concentric grid rings (default 5: 20 %, 40 %, …). */
  rings?: number;
  /** A measured layout instead of the square one: the centre, the radius and the labels' distance from the outer ring, px. */
  fit?: { cx: number; cy: number; radius: number; labelGap: number };
}

export interface RadarAxis {
  label: string;
  angle: number;
  /** End of the axis line (outer ring). */
  x: number;
  y: number;
  /** Where its label goes, and how it is anchored horizontally. */
  labelX: number;
  labelY: number;
  anchor: 'start' | 'middle' | 'end';
}

export interface RadarGeometry {
  size: number;
  cx: number;
  cy: number;
  radius: number;
  axes: RadarAxis[];
  /** Grid rings as closed paths, innermost first; `level` in (0, 1]. */
  rings: Array<{ level: number; path: string }>;
  polygons: Array<{ id: string; path: string; points: Array<[number, number]> }>;
}

export function radarGeometry({ axes, series, size, labelMargin = 90, rings = 5, fit }: RadarInput): RadarGeometry {
  const cx = fit?.cx ?? size / 2;
  const cy = fit?.cy ?? size / 2;
  const radius = fit?.radius ?? Math.max(10, size / 2 - labelMargin);
  const labelGap = fit?.labelGap ?? 14;
  const r = scaleLinear().domain([0, 1]).range([0, radius]).clamp(true);
  const n = axes.length;
  const angleOf = (i: number) => (n === 0 ? 0 : (2 * Math.PI * i) / n);
  // d3's radial angle is clockwise from 12 o'clock, in radians.
  const toXY = (angle: number, dist: number): [number, number] => [cx + dist * Math.sin(angle), cy - dist * Math.cos(angle)];
  const closed = line<[number, number]>().curve(curveLinearClosed).digits(1);
  const polygon = (values: readonly number[]) => {
    const points = values.map((v, i) => toXY(angleOf(i), r(v)));
    return { points, path: n >= 3 ? (closed(points) ?? '') : '' };
  };
  const axisList: RadarAxis[] = axes.map((label, i) => {
    const angle = angleOf(i);
    const [x, y] = toXY(angle, radius);
    const [labelX, labelY] = toXY(angle, radius + labelGap);
    const anchor = anchorOf(angle);
    return { label, angle, x, y, labelX, labelY, anchor };
  });
  const ringList = Array.from({ length: rings }, (_, k) => {
    const level = (k + 1) / rings;
    return { level, path: polygon(new Array<number>(n).fill(level)).path };
  });
  const polygons = series.map((s) => {
    const values = axes.map((_, i) => Math.max(0, Math.min(1, s.values[i] ?? 0)));
    return { id: s.id, ...polygon(values) };
  });
  return { size, cx, cy, radius, axes: axisList, rings: ringList, polygons };
}

/** Horizontal anchor of the label of an axis at `angle` (radians clockwise from 12 o'clock). */
function anchorOf(angle: number): RadarAxis['anchor'] {
  const sin = Math.sin(angle);
  return Math.abs(sin) < 0.2 ? 'middle' : sin > 0 ? 'start' : 'end';
}

/**
 * The box a (multi-line) axis label of `w` × `h` px covers when its anchor point is `dist` from
 * the centre: sideways labels start or end there, the top and bottom ones sit beyond it, so the
 * block never lies over the plot.
 */
export function radarLabelBox(cx: number, cy: number, angle: number, dist: number, w: number, h: number) {
  const ax = cx + dist * Math.sin(angle);
  const ay = cy - dist * Math.cos(angle);
  const anchor = anchorOf(angle);
  const left = anchor === 'start' ? ax : anchor === 'end' ? ax - w : ax - w / 2;
  const middle = ay - (Math.cos(angle) * h) / 2;
  return { left, right: left + w, top: middle - h / 2, bottom: middle + h / 2, middle };
}

/**
 * The largest radar that fits `width` × `height` with every axis label (`labels[i]`: its
 * measured width and height, px) inside, `pad` from the edges: the centre and the radius.
 */
export function fitRadar({
  labels,
  width,
  height,
  labelGap,
  pad = 4,
}: {
  labels: ReadonlyArray<{ w: number; h: number }>;
  width: number;
  height: number;
  labelGap: number;
  pad?: number;
}): { cx: number; cy: number; radius: number } {
  const cx = width / 2;
  const cy = height / 2;
  const n = labels.length;
  const fits = (radius: number) =>
    labels.every(({ w, h }, i) => {
      const b = radarLabelBox(cx, cy, n === 0 ? 0 : (2 * Math.PI * i) / n, radius + labelGap, w, h);
      return b.left >= pad && b.right <= width - pad && b.top >= pad && b.bottom <= height - pad;
    });
  let lo = 10;
  let hi = Math.max(lo, Math.min(width, height) / 2 - pad);
  if (fits(hi)) return { cx, cy, radius: hi };
  for (let k = 0; k < 24; k++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return { cx, cy, radius: lo };
}
