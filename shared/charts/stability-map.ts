import { scaleLinear } from 'd3';

/**
 * Geometry of the two-dimension stability map (`engine.stabilityMap`): the weight of one
 * criterion across, of another up, each grid point coloured by the candidate that wins there
 * (the other weights rescaled in proportion); points with both weights summing over 1 are
 * outside the plane and left empty. Pure numbers, no DOM.
 */
export interface StabilityMapInput {
  /** `winners[i][j]`: the winner with weight i/resolution on the x criterion and j/resolution on the y one; null outside. */
  winners: ReadonlyArray<ReadonlyArray<number | null>>;
  resolution: number;
  /** Current weights (x, y), 0…1. */
  current: readonly [number, number];
  width: number;
  /** Room around the plot for the tick labels: the right and top hold half of "100%". */
  margin?: { left: number; bottom: number; top: number; right: number };
}

export interface StabilityMapGeometry {
  width: number;
  height: number;
  plot: { x: number; y: number; size: number };
  cells: Array<{ i: number; j: number; x: number; y: number; width: number; height: number; winner: number }>;
  xTicks: Array<{ value: number; x: number; label: string }>;
  yTicks: Array<{ value: number; y: number; label: string }>;
  current: { x: number; y: number };
}

export function stabilityMapGeometry({
  winners,
  resolution,
  current,
  width,
  margin = { left: 52, bottom: 40, top: 12, right: 24 },
}: StabilityMapInput): StabilityMapGeometry {
  const size = Math.max(40, Math.min(width - margin.left - margin.right, 420));
  const x = scaleLinear()
    .domain([0, 1])
    .range([margin.left, margin.left + size]);
  const y = scaleLinear()
    .domain([0, 1])
    .range([margin.top + size, margin.top]);
  // Each grid point owns the square around it (half a step either side, clipped to the plot).
  const step = 1 / resolution;
  const cells: StabilityMapGeometry['cells'] = [];
  winners.forEach((row, i) =>
    row.forEach((winner, j) => {
      if (winner === null) return;
      const x0 = Math.max(0, (i - 0.5) * step);
      const x1 = Math.min(1, (i + 0.5) * step);
      const y0 = Math.max(0, (j - 0.5) * step);
      const y1 = Math.min(1, (j + 0.5) * step);
      cells.push({ i, j, x: x(x0), y: y(y1), width: x(x1) - x(x0), height: y(y0) - y(y1), winner });
    }),
  );
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  return {
    width,
    height: margin.top + size + margin.bottom,
    plot: { x: margin.left, y: margin.top, size },
    cells,
    xTicks: ticks.map((v) => ({ value: v, x: x(v), label: `${Math.round(v * 100)}%` })),
    // The origin is labelled once, by the x axis (a second "0%" beside it would collide with it).
    yTicks: ticks.filter((v) => v > 0).map((v) => ({ value: v, y: y(v), label: `${Math.round(v * 100)}%` })),
    current: { x: x(current[0]), y: y(current[1]) },
  };
}
