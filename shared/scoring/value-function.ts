/**
 * Value functions: a measurement (iterations per hour, success rate, projected cost…) → a
 * value in [0, 1], the fraction of the workshop's score scale it earns (0 = the scale's
 * minimum, 1 = its maximum). Multi-attribute value theory's single-attribute value function
 * (Keeney & Raiffa 1976; Belton & Stewart 2002, ch. 5): the team states how much each level
 * of a measured criterion is worth, instead of the app ranking candidates against the best one.
 * One model of "measurement → score" serves the pilot metrics (step 4) and the simulator's
 * cost suggestion (projected cost against the budget).
 *
 * - `linear`: value 0 at `worst`, 1 at `best`, straight between, clamped outside. `best` may be
 *   below `worst` (less is better, e.g. cost).
 * - `piecewise`: breakpoints `[measurement, value]`, measurements strictly increasing, values
 *   in [0, 1]; straight between neighbours, flat beyond the first and last.
 * - `threshold`: `pass` when the measurement meets the threshold (≥ it for `atLeast`, ≤ it for
 *   `atMost`), else `fail` (both in [0, 1]); a hard requirement stated as a score.
 */
export type ValueFunction =
  | { kind: 'linear'; worst: number; best: number }
  | { kind: 'piecewise'; points: [number, number][] }
  | { kind: 'threshold'; threshold: number; direction: 'atLeast' | 'atMost'; pass: number; fail: number };

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** Why a value function cannot be used, or null when it is well formed. */
export function valueFunctionProblem(fn: ValueFunction): string | null {
  const finite = (...xs: number[]) => xs.every(Number.isFinite);
  switch (fn.kind) {
    case 'linear':
      if (!finite(fn.worst, fn.best)) return 'worst and best must be finite numbers';
      return fn.worst === fn.best ? 'worst and best must differ' : null;
    case 'piecewise':
      if (fn.points.length < 2) return 'needs at least two breakpoints';
      for (let i = 0; i < fn.points.length; i++) {
        const [x, v] = fn.points[i];
        if (!finite(x, v)) return `breakpoint ${i + 1} must be finite numbers`;
        if (v < 0 || v > 1) return `breakpoint ${i + 1}: value must be within 0..1`;
        if (i > 0 && x <= fn.points[i - 1][0]) return `breakpoint ${i + 1}: measurements must increase`;
      }
      return null;
    case 'threshold':
      if (!finite(fn.threshold, fn.pass, fn.fail)) return 'threshold, pass and fail must be finite numbers';
      return fn.pass < 0 || fn.pass > 1 || fn.fail < 0 || fn.fail > 1 ? 'pass and fail must be within 0..1' : null;
  }
}

/** The value in [0, 1] of `measured` under `fn` (assumed well formed: see `valueFunctionProblem`). */
export function valueOf(fn: ValueFunction, measured: number): number {
  switch (fn.kind) {
    case 'linear':
      return clamp01((measured - fn.worst) / (fn.best - fn.worst));
    case 'piecewise': {
      const pts = fn.points;
      if (measured <= pts[0][0]) return pts[0][1];
      for (let i = 1; i < pts.length; i++) {
        const [x1, v1] = pts[i];
        if (measured <= x1) {
          const [x0, v0] = pts[i - 1];
          return v0 + ((v1 - v0) * (measured - x0)) / (x1 - x0);
        }
      }
      return pts[pts.length - 1][1];
    }
    case 'threshold': {
      const meets = fn.direction === 'atLeast' ? measured >= fn.threshold : measured <= fn.threshold;
      return meets ? fn.pass : fn.fail;
    }
  }
}

/** A value in [0, 1] on the workshop's score scale, rounded to 0.1 like typed scores. */
export function valueToScore(value: number, scale: { min: number; max: number }): number {
  return Math.round((scale.min + (scale.max - scale.min) * clamp01(value)) * 10) / 10;
}
