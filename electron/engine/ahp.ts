import { EngineInputError } from '../../shared/scoring/errors';
import { normaliseWeights } from '../../shared/scoring/weights';

/**
 * Analytic Hierarchy Process: priorities from a positive reciprocal pairwise-comparison
 * matrix A (a_ij = how many times more important i is than j, a_ji = 1/a_ij), by the
 * principal right eigenvector (Saaty) — not the column-average shortcut, which drifts
 * from it as judgments become inconsistent.
 */

/** Saaty's random index RI(n) for n = 0…15 (n ≤ 2 is always consistent). */
export const RANDOM_INDEX: readonly number[] = [0, 0, 0, 0.58, 0.9, 1.12, 1.24, 1.32, 1.41, 1.45, 1.49, 1.51, 1.54, 1.56, 1.57, 1.59];

export interface Judgment {
  /** Row and column of the judgment (i < j): A[i][j] = current. */
  i: number;
  j: number;
  current: number;
  /** The value of A[i][j] most consistent with all other judgments (the one minimising λmax). */
  suggested: number;
  /** CR once A[i][j] = suggested (and A[j][i] = 1/suggested); `null` for n ≤ 2. */
  crAfter: number | null;
}

export interface AhpResult {
  /** Principal right eigenvector, normalised to sum 1. */
  weights: number[];
  /** Principal eigenvalue, ≥ n (= n exactly when consistent). */
  lambdaMax: number;
  /** Consistency index (λmax − n)/(n − 1), ≥ 0. */
  ci: number;
  /** Consistency ratio CI/RI(n); `null` for n ≤ 2, where RI = 0 and every matrix is consistent. */
  cr: number | null;
  /** The judgment whose revision lowers CR most; `null` when the matrix is already consistent (CI < 1e-12). */
  mostInconsistent: Judgment | null;
}

/** Power iteration stops when no component of the (sum-1) vector moves by more than this. */
const EIGEN_TOLERANCE = 1e-15;
const EIGEN_MAX_ITERATIONS = 20_000;
/**
 * Judgments (largest ε first) screened when looking for the most inconsistent one; one
 * eigen-solve each. The brute-force test over every judgment and value agrees with it.
 */
const SCREENED_JUDGMENTS = 10;

/** Row-major copy of a square matrix. */
export function toDense(matrix: readonly (readonly number[])[]): Float64Array {
  const n = matrix.length;
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) a[i * n + j] = matrix[i][j];
  return a;
}

/**
 * Principal eigenpair of a positive n×n matrix (row-major) by power iteration, which
 * converges for positive matrices by Perron–Frobenius. `transpose` iterates on Aᵀ (the
 * left eigenvector). `x` is the starting vector and receives the result (sum 1) — pass the
 * previous solution to warm-start.
 * @returns the eigenvalue
 */
export function principalEigen(
  a: Float64Array,
  n: number,
  x: Float64Array,
  transpose = false,
  tolerance = EIGEN_TOLERANCE,
  y: Float64Array = new Float64Array(n),
): number {
  let lambda = 0;
  for (let iter = 0; iter < EIGEN_MAX_ITERATIONS; iter++) {
    multiply(a, n, x, y, transpose);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += y[i];
    // x sums to 1, so Σ(Ax) is the Rayleigh-type estimate of λ.
    lambda = sum;
    let change = 0;
    for (let i = 0; i < n; i++) {
      const next = y[i] / sum;
      const d = Math.abs(next - x[i]);
      if (d > change) change = d;
      x[i] = next;
    }
    if (change <= tolerance) break;
  }
  return lambda;
}

function multiply(a: Float64Array, n: number, x: Float64Array, y: Float64Array, transpose: boolean): void {
  if (transpose) {
    y.fill(0);
    for (let i = 0; i < n; i++) {
      const xi = x[i];
      const row = i * n;
      for (let j = 0; j < n; j++) y[j] += a[row + j] * xi;
    }
  } else {
    for (let i = 0; i < n; i++) {
      let s = 0;
      const row = i * n;
      for (let j = 0; j < n; j++) s += a[row + j] * x[j];
      y[i] = s;
    }
  }
}

/** Starting vector: normalised row geometric means (the LLSM solution, already close to the eigenvector). */
function geometricStart(a: Float64Array, n: number): Float64Array {
  const x = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    let acc = 0;
    for (let j = 0; j < n; j++) acc += Math.log(a[i * n + j]);
    x[i] = Math.exp(acc / n);
    sum += x[i];
  }
  for (let i = 0; i < n; i++) x[i] /= sum;
  return x;
}

function consistency(lambda: number, n: number): { lambdaMax: number; ci: number; cr: number | null } {
  // λmax ≥ n holds exactly for positive reciprocal matrices; clamp the last-bit rounding
  // so a consistent matrix reports λmax = n and CI = 0 rather than −1e-16.
  const lambdaMax = Math.max(lambda, n);
  const ci = n > 1 ? (lambdaMax - n) / (n - 1) : 0;
  return { lambdaMax, ci, cr: n >= 3 ? ci / RANDOM_INDEX[n] : null };
}

/**
 * Priorities and consistency of one pairwise-comparison matrix (2 ≤ n ≤ 15, positive,
 * reciprocal — the contract checks those).
 */
export function ahp(matrix: readonly (readonly number[])[]): AhpResult {
  const n = matrix.length;
  const a = toDense(matrix);
  const w = geometricStart(a, n);
  const lambda = principalEigen(a, n, w);
  const { lambdaMax, ci, cr } = consistency(lambda, n);
  const mostInconsistent = n >= 3 && ci >= 1e-12 ? findMostInconsistent(a, n, w, lambdaMax) : null;
  return { weights: Array.from(w), lambdaMax, ci, cr, mostInconsistent };
}

/**
 * The judgment whose revision lowers λmax (hence CR) most, and its best value.
 *
 * Saaty's inconsistency of judgment (i, j) is ε_ij = a_ij w_j / w_i; since
 * n(λmax − n) = Σ_{i<j} (ε_ij + 1/ε_ij − 2), the judgments with the largest ε + 1/ε carry
 * most of the inconsistency (Saaty 2003, "Decision-making with the AHP: why is the principal
 * eigenvector necessary", EJOR 145). λmax is a convex function of t = ln a_ij (Aupetit &
 * Genest 1993) with derivative dλ/dt = a v_i w_j − v_j w_i / a (v the left eigenvector,
 * vᵀw = 1), so each judgment's best value is where that derivative vanishes. The leading
 * candidates are screened with one step towards it — a_ij² = v_j w_i / (v_i w_j) at the
 * current vectors, one eigen-solve each — and the best is then optimised exactly.
 */
function findMostInconsistent(a: Float64Array, n: number, w: Float64Array, lambda: number): Judgment | null {
  const pairs: Array<{ i: number; j: number; excess: number }> = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const e = (a[i * n + j] * w[j]) / w[i];
      pairs.push({ i, j, excess: e + 1 / e - 2 });
    }
  }
  pairs.sort((p, q) => q.excess - p.excess || p.i - q.i || p.j - q.j);
  const v = leftStart(w);
  principalEigen(a, n, v, true);
  const scratch = new Float64Array(a);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  let best = -1;
  let bestLambda = Infinity;
  const candidates = pairs.slice(0, SCREENED_JUDGMENTS);
  candidates.forEach(({ i, j }, c) => {
    const guess = Math.sqrt((v[j] * w[i]) / (v[i] * w[j]));
    scratch[i * n + j] = guess;
    scratch[j * n + i] = 1 / guess;
    x.set(w);
    const screened = principalEigen(scratch, n, x, false, SEARCH_EIGEN_TOLERANCE, y);
    scratch[i * n + j] = a[i * n + j];
    scratch[j * n + i] = a[j * n + i];
    // Strictly lower (by more than rounding), so ties keep the judgment with the larger ε.
    if (screened < bestLambda - 1e-13 * n) {
      bestLambda = screened;
      best = c;
    }
  });
  if (best < 0) return null;
  const { i, j } = candidates[best];
  const { value, lambda: revised } = optimiseJudgment(scratch, n, i, j, w, v);
  // Cannot happen for an inconsistent matrix (some revision always helps), but never
  // suggest a change that does not improve anything.
  if (revised >= lambda - 1e-13 * n) return null;
  return { i, j, current: a[i * n + j], suggested: value, crAfter: consistency(revised, n).cr };
}

/** The left eigenvector of a consistent matrix is ∝ 1/w: a good warm start. */
function leftStart(w: Float64Array): Float64Array {
  const v = new Float64Array(w.length);
  let sum = 0;
  for (let k = 0; k < w.length; k++) sum += 1 / w[k];
  for (let k = 0; k < w.length; k++) v[k] = 1 / w[k] / sum;
  return v;
}

/**
 * Inner eigen-solves of the judgment search stop at this change: λ is stationary at the
 * optimum, so 1e-13 in the vector is far below what moves the suggested value's digits.
 */
const SEARCH_EIGEN_TOLERANCE = 1e-13;

/** Minimises λmax over entry (i, j) of `a` (mutated; its reciprocal follows). */
function optimiseJudgment(a: Float64Array, n: number, i: number, j: number, w0: Float64Array, v0: Float64Array): { value: number; lambda: number } {
  const w = new Float64Array(w0);
  const v = new Float64Array(v0);
  const y = new Float64Array(n);
  let lambda = 0;
  /** dλ/dt at t = ln a_ij, with λ(t) left in `lambda`. */
  const slope = (t: number): number => {
    const x = Math.exp(t);
    a[i * n + j] = x;
    a[j * n + i] = 1 / x;
    lambda = principalEigen(a, n, w, false, SEARCH_EIGEN_TOLERANCE, y);
    principalEigen(a, n, v, true, SEARCH_EIGEN_TOLERANCE, y);
    let vw = 0;
    for (let k = 0; k < n; k++) vw += v[k] * w[k];
    return (x * v[i] * w[j] - (v[j] * w[i]) / x) / vw;
  };
  // Bracket the root of the increasing function dλ/dt, starting from the current value.
  let t0 = Math.log(a[i * n + j]);
  let g0 = slope(t0);
  let l0 = lambda;
  if (g0 === 0) return { value: Math.exp(t0), lambda: l0 };
  // First guess: the stationarity condition a² = v_j w_i / (v_i w_j) at the current vectors.
  let t1 = 0.5 * Math.log((v[j] * w[i]) / (v[i] * w[j]));
  if (!Number.isFinite(t1) || t1 === t0) t1 = t0 - Math.sign(g0) * 0.1;
  let g1 = slope(t1);
  let l1 = lambda;
  for (let step = 0; Math.sign(g1) === Math.sign(g0) && step < 60; step++) {
    const next = t1 + (t1 - t0) * 2;
    t0 = t1;
    g0 = g1;
    l0 = l1;
    t1 = next;
    g1 = slope(t1);
    l1 = lambda;
  }
  // Illinois variant of regula falsi: superlinear, never leaves the bracket. 1e-10 in
  // ln a_ij is a relative precision of 1e-10 in the suggested judgment.
  let side = 0;
  for (let iter = 0; iter < 100 && Math.abs(t1 - t0) > 1e-10 && g1 !== 0; iter++) {
    const t = t1 - (g1 * (t1 - t0)) / (g1 - g0);
    const g = slope(t);
    if (Math.sign(g) === Math.sign(g1)) {
      if (side === -1) g0 /= 2;
      side = -1;
    } else {
      t0 = t1;
      g0 = g1;
      l0 = l1;
      if (side === 1) g1 /= 2;
      side = 1;
    }
    t1 = t;
    g1 = g;
    l1 = lambda;
  }
  // λ is flat at the optimum, so the endpoint with the lower λ is the better answer.
  return l0 < l1 ? { value: Math.exp(t0), lambda: l0 } : { value: Math.exp(t1), lambda: l1 };
}

/**
 * Aggregation of individual judgments (AIJ): the element-wise weighted geometric mean,
 * the only aggregation that keeps the group matrix reciprocal (Aczél & Saaty 1983).
 * @param participantWeights non-negative, one per matrix (default equal)
 */
export function aggregateJudgments(matrices: readonly (readonly (readonly number[])[])[], participantWeights?: readonly number[]): number[][] {
  const k = matrices.length;
  const n = matrices[0].length;
  const p = normaliseWeights(participantWeights ?? new Array<number>(k).fill(1), 'participantWeights');
  const out: number[][] = [];
  for (let i = 0; i < n; i++) {
    const row = new Array<number>(n);
    for (let j = 0; j < n; j++) {
      if (i === j) {
        row[j] = 1;
        continue;
      }
      let acc = 0;
      for (let m = 0; m < k; m++) if (p[m] > 0) acc += p[m] * Math.log(matrices[m][i][j]);
      row[j] = Math.exp(acc);
    }
    out.push(row);
  }
  // Make reciprocity exact rather than exact-up-to-rounding.
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) out[j][i] = 1 / out[i][j];
  return out;
}

export interface AhpGroupResult extends AhpResult {
  /** The aggregated (AIJ) matrix the group result was computed from. */
  matrix: number[][];
  /** Each participant's own result, in input order. */
  individual: AhpResult[];
}

export function ahpGroup(matrices: readonly (readonly (readonly number[])[])[], participantWeights?: readonly number[]): AhpGroupResult {
  if (matrices.length === 0) throw new EngineInputError('matrices', 'at least one matrix is needed');
  const matrix = aggregateJudgments(matrices, participantWeights);
  return { ...ahp(matrix), matrix, individual: matrices.map((m) => ahp(m)) };
}
