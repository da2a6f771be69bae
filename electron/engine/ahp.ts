import { EngineInputError } from '../../shared/scoring/errors';
import { normaliseWeights } from '../../shared/scoring/weights';

/**
 * Analytic Hierarchy Process: priorities from a positive reciprocal pairwise-comparison
 * matrix A (a_ij = how many times more important i is than j, a_ji = 1/a_ij), by the
 * principal right eigenvector (Saaty) — not the column-average shortcut, which drifts
 * from it as judgments become inconsistent.
 */

/**
 * Saaty's random consistency index RI(n) for n = 0…15 (n ≤ 2 is always consistent): the
 * mean CI of random reciprocal matrices on the 1–9 scale, as tabulated in Saaty (The
 * Analytic Hierarchy Process, 1980, table 1.3), n = 12 included (1.48: his sample means are
 * not monotone there). Named in every response as RANDOM_INDEX_SOURCE.
 */
export const RANDOM_INDEX: readonly number[] = [0, 0, 0, 0.58, 0.9, 1.12, 1.24, 1.32, 1.41, 1.45, 1.49, 1.51, 1.48, 1.56, 1.57, 1.59];
export const RANDOM_INDEX_SOURCE = 'Saaty (1980), The Analytic Hierarchy Process: random index table, n = 3…15';

/** Saaty's fundamental scale and its reciprocals: the values a suggestion is snapped to. */
export const SAATY_SCALE: readonly number[] = [1 / 9, 1 / 8, 1 / 7, 1 / 6, 1 / 5, 1 / 4, 1 / 3, 1 / 2, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/** A pairwise-comparison matrix as judges give it: `null` where a pair was not judged (both a_ij and a_ji). */
export type PairwiseMatrix = readonly (readonly (number | null)[])[];

export interface Judgment {
  /** Row and column of the judgment (i < j): A[i][j] = current. */
  i: number;
  j: number;
  current: number;
  /** The value on Saaty's 1–9 scale (or a reciprocal) that lowers CR most for this judgment. */
  suggested: number;
  /** CR once A[i][j] = suggested (and A[j][i] = 1/suggested); `null` for n ≤ 2. */
  crAfter: number | null;
  /** The exact value of A[i][j] most consistent with all other judgments (the one minimising λmax). */
  optimum: number;
  /** CR at `optimum`. */
  crAtOptimum: number | null;
}

export interface AhpWarning {
  i: number;
  j: number;
  value: number;
  message: string;
}

export interface AhpResult {
  /** Principal right eigenvector (of Harker's auxiliary matrix when pairs are missing), normalised to sum 1. */
  weights: number[];
  /** Principal eigenvalue, ≥ n (= n exactly when consistent). */
  lambdaMax: number;
  /** Consistency index (λmax − n)/(n − 1), ≥ 0. */
  ci: number;
  /** Consistency ratio CI/RI(n); `null` for n ≤ 2, where RI = 0 and every matrix is consistent. */
  cr: number | null;
  /** Alonso & Lamata's consistency ratio (alonsoLamataCr), the alternative AHP-OS offers; `null` for n ≤ 2. */
  crAlonsoLamata: number | null;
  /** The first of `inconsistencies`; `null` when the matrix is already consistent (CI < 1e-12). */
  mostInconsistent: Judgment | null;
  /** Up to three judgments whose revision lowers CR most, best first. */
  inconsistencies: Judgment[];
  /** Pairs (i < j) nobody judged. */
  missingPairs: Array<[number, number]>;
  /** The missing pair to ask next (a variant of Harker's rule, see `nextPairToAsk`), `null` when none is missing. */
  nextPair: [number, number] | null;
  /** Judged pairs, and the fewest that connect all criteria (n − 1). */
  answeredPairs: number;
  minimumPairs: number;
  /** Judgments outside Saaty's 1/9…9 (allowed, but outside the scale CR was calibrated on). */
  warnings: AhpWarning[];
  /** Where the random index table comes from. */
  randomIndexSource: string;
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
  let previous = Infinity;
  let triedNewton = false;
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
    // Slow convergence (a small spectral gap, as in Harker's auxiliary matrices with their
    // heavy diagonals): finish with Newton's method, which converges quadratically from here.
    if (!triedNewton && iter >= 2 && change > SLOW_CONTRACTION * previous) {
      triedNewton = true;
      const refined = newtonEigen(a, n, x, lambda, transpose, tolerance);
      if (refined !== null) return refined;
    }
    previous = change;
  }
  return lambda;
}

/** Power iteration contracting slower than this per step hands over to Newton's method. */
const SLOW_CONTRACTION = 0.25;

const newtonBuffers = new Map<number, { jac: Float64Array; rhs: Float64Array; start: Float64Array }>();

/** Reused work arrays for one matrix size (the engine is single-threaded per process). */
function newtonScratch(n: number): { jac: Float64Array; rhs: Float64Array; start: Float64Array } {
  let b = newtonBuffers.get(n);
  if (!b) {
    b = { jac: new Float64Array((n + 1) * (n + 1)), rhs: new Float64Array(n + 1), start: new Float64Array(n) };
    newtonBuffers.set(n, b);
  }
  return b;
}

/**
 * Newton's method on F(x, λ) = ((A − λI)x, Σx − 1) = 0, whose Jacobian
 * [[A − λI, −x], [1ᵀ, 0]] is non-singular at a simple eigenvalue. `x` (sum 1) is refined in
 * place; returns λ, or `null` (x restored) if the iteration did not settle on a positive
 * vector — then power iteration carries on.
 */
function newtonEigen(a: Float64Array, n: number, x: Float64Array, lambda0: number, transpose: boolean, tolerance: number): number | null {
  const size = n + 1;
  const { jac, rhs, start } = newtonScratch(n);
  start.set(x);
  let lambda = lambda0;
  // The Jacobian is factored at the starting point and kept while the steps contract fast (the
  // chord variant of Newton's method: each such step costs O(n²)). A step that contracts less
  // than CHORD_CONTRACTION refactors it at the current point, which restores Newton's quadratic
  // convergence: a chord from a start whose λ is still far off (Harker's auxiliary matrices,
  // after the power iteration's first steps) can contract so slowly that it never reaches the
  // tolerance, and the power iteration then needed thousands of steps.
  let pivot = factorJacobian(a, n, x, lambda, transpose, jac);
  let previous = Infinity;
  for (let iter = 0; iter < 50; iter++) {
    let sum = -1;
    for (let i = 0; i < n; i++) {
      let ax = 0;
      for (let j = 0; j < n; j++) ax += (transpose ? a[j * n + i] : a[i * n + j]) * x[j];
      rhs[i] = lambda * x[i] - ax;
      sum += x[i];
    }
    rhs[n] = -sum;
    luSolve(jac, size, pivot, rhs);
    let change = 0;
    for (let i = 0; i < n; i++) {
      x[i] += rhs[i];
      change = Math.max(change, Math.abs(rhs[i]));
    }
    lambda += rhs[n];
    if (!(change > tolerance)) {
      if (change !== change || x.some((v) => !(v > 0))) break;
      return lambda;
    }
    if (change > CHORD_CONTRACTION * previous) pivot = factorJacobian(a, n, x, lambda, transpose, jac);
    previous = change;
  }
  x.set(start);
  return null;
}

/** Factors Newton's Jacobian [[A − λI, −x], [1ᵀ, 0]] (or with Aᵀ) into `jac`; returns the row permutation. */
function factorJacobian(a: Float64Array, n: number, x: Float64Array, lambda: number, transpose: boolean, jac: Float64Array): Int32Array {
  const size = n + 1;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) jac[i * size + j] = (transpose ? a[j * n + i] : a[i * n + j]) - (i === j ? lambda : 0);
    jac[i * size + n] = -x[i];
    jac[n * size + i] = 1;
  }
  jac[n * size + n] = 0;
  return luFactor(jac, size);
}

/** A chord step that shrinks the change by less than this refactors the Jacobian. */
const CHORD_CONTRACTION = 0.1;

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

/** Starting vector: normalised geometric means of each row's given entries (the LLSM solution of a complete matrix). */
function geometricStart(a: Float64Array, given: Uint8Array, n: number): Float64Array {
  const x = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    let acc = 0;
    let count = 0;
    for (let j = 0; j < n; j++) {
      if (!given[i * n + j]) continue;
      acc += Math.log(a[i * n + j]);
      count++;
    }
    x[i] = Math.exp(acc / count);
    sum += x[i];
  }
  for (let i = 0; i < n; i++) x[i] /= sum;
  return x;
}

/**
 * Alonso & Lamata's fit of the mean principal eigenvalue of random reciprocal matrices,
 * λ̄max(n) ≈ 2.7699·n − 4.3513 (J. A. Alonso, M. T. Lamata 2006, "Consistency in the analytic
 * hierarchy process: a new approach", Int. J. Uncertainty, Fuzziness and Knowledge-Based
 * Systems 14(4), 445–459), which AHP-OS offers beside Saaty's CR.
 */
export const ALONSO_LAMATA = { slope: 2.7699, intercept: -4.3513, source: 'Alonso & Lamata (2006), IJUFKS 14(4) 445–459' } as const;

/**
 * Alonso & Lamata's consistency ratio CR_AL = (λmax − n) / (λ̄max(n) − n) with
 * λ̄max(n) = 2.7699·n − 4.3513: the share of a random matrix's excess eigenvalue, read
 * against the same 0.1 threshold. `null` for n ≤ 2 (every such matrix is consistent).
 */
export function alonsoLamataCr(lambdaMax: number, n: number): number | null {
  if (n < 3) return null;
  return Math.max(0, lambdaMax - n) / (ALONSO_LAMATA.slope * n + ALONSO_LAMATA.intercept - n);
}

function consistency(lambda: number, n: number): { lambdaMax: number; ci: number; cr: number | null } {
  // λmax ≥ n holds exactly for positive reciprocal matrices (and for Harker's auxiliary
  // matrix, whose eigenpair is that of the matrix completed with w_i/w_j); clamp the
  // last-bit rounding so a consistent matrix reports λmax = n and CI = 0 rather than −1e-16.
  const lambdaMax = Math.max(lambda, n);
  const ci = n > 1 ? (lambdaMax - n) / (n - 1) : 0;
  return { lambdaMax, ci, cr: n >= 3 ? ci / RANDOM_INDEX[n] : null };
}

/** Judgments above this (or below its reciprocal) get a warning: outside Saaty's scale. */
const SCALE_MAX = 9;

/**
 * Harker's auxiliary matrix of a possibly incomplete pairwise matrix (Harker 1987,
 * "Incomplete pairwise comparisons in the analytic hierarchy process", Math. Modelling 9):
 * c_ij = a_ij where judged, 0 where not, and c_ii = 1 + the number of missing pairs in row
 * i. Its principal eigenvector is the eigenvector of the matrix completed with the
 * consistent values w_i/w_j, so a complete matrix is unchanged and the method reduces to
 * Saaty's eigenvector method — which is why it is used here rather than the logarithmic
 * least squares (which would change every complete-matrix answer the app has given).
 *
 * Each judged pair is taken from the entry ≥ 1 (what people type: 3, with 0.33 as its
 * rounded reciprocal), the other entry being made its exact reciprocal.
 */
function auxiliary(matrix: PairwiseMatrix): { a: Float64Array; given: Uint8Array; missing: Array<[number, number]>; warnings: AhpWarning[] } {
  const n = matrix.length;
  const a = new Float64Array(n * n);
  const given = new Uint8Array(n * n);
  const missing: Array<[number, number]> = [];
  const warnings: AhpWarning[] = [];
  for (let i = 0; i < n; i++) {
    a[i * n + i] = 1;
    given[i * n + i] = 1;
  }
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const x = matrix[i][j];
      const y = matrix[j][i];
      if (x === null || y === null) {
        missing.push([i, j]);
        a[i * n + i] += 1;
        a[j * n + j] += 1;
        continue;
      }
      const v = x >= y ? x : 1 / y;
      a[i * n + j] = v;
      a[j * n + i] = 1 / v;
      given[i * n + j] = 1;
      given[j * n + i] = 1;
      const strength = v >= 1 ? v : 1 / v;
      if (strength > SCALE_MAX * (1 + 1e-9)) {
        warnings.push({ i, j, value: v, message: `judgment ${formatJudgment(v)} is outside Saaty's 1/9…9 scale` });
      }
    }
  }
  return { a, given, missing, warnings };
}

function formatJudgment(v: number): string {
  return v >= 1 ? `${+v.toPrecision(4)}` : `1/${+(1 / v).toPrecision(4)}`;
}

/** Throws, naming a criterion, unless the judged pairs connect all criteria. */
function checkConnected(given: Uint8Array, n: number, labels?: readonly string[], items: AhpItems = 'criteria'): void {
  const seen = new Uint8Array(n);
  const stack = [0];
  seen[0] = 1;
  while (stack.length > 0) {
    const i = stack.pop()!;
    for (let j = 0; j < n; j++) {
      if (!seen[j] && given[i * n + j]) {
        seen[j] = 1;
        stack.push(j);
      }
    }
  }
  const lost = seen.indexOf(0);
  if (lost < 0) return;
  const noun = items === 'criteria' ? 'criterion' : 'candidate';
  const name = (k: number) => (labels?.[k] ? `"${labels[k]}"` : `${noun} ${k}`);
  throw new EngineInputError(
    'matrix',
    `the judged pairs do not connect all ${items}: ${name(lost)} is not linked to ${name(0)} by any chain of comparisons; compare it with at least one of the others`,
  );
}

/** What a matrix compares: criteria (weights) or candidates on one criterion (AHP ratings, ahp-ratings.ts). */
export type AhpItems = 'criteria' | 'candidates';

export interface AhpOptions {
  /** Names of the compared items, used in error messages. */
  labels?: readonly string[];
  /** What is compared, for error messages (default criteria). */
  items?: AhpItems;
}

/**
 * Priorities and consistency of one pairwise-comparison matrix (2 ≤ n ≤ 15, positive,
 * reciprocal, `null` for a pair nobody judged — the contract checks those).
 */
export function ahp(matrix: PairwiseMatrix, options: AhpOptions = {}): AhpResult {
  const n = matrix.length;
  const { a, given, missing, warnings } = auxiliary(matrix);
  checkConnected(given, n, options.labels, options.items);
  const w = geometricStart(a, given, n);
  const lambda = principalEigen(a, n, w);
  const { lambdaMax, ci, cr } = consistency(lambda, n);
  const inconsistencies = n >= 3 && ci >= 1e-12 ? findInconsistencies(a, given, n, w, lambdaMax) : [];
  return {
    weights: Array.from(w),
    lambdaMax,
    ci,
    cr,
    crAlonsoLamata: alonsoLamataCr(lambdaMax, n),
    mostInconsistent: inconsistencies[0] ?? null,
    inconsistencies,
    missingPairs: missing,
    nextPair: missing.length > 0 ? nextPairToAsk(a, given, n, w, lambda, missing) : null,
    answeredPairs: (n * (n - 1)) / 2 - missing.length,
    minimumPairs: n - 1,
    warnings,
    randomIndexSource: RANDOM_INDEX_SOURCE,
  };
}

/** How many judgments `inconsistencies` lists. */
const LISTED_JUDGMENTS = 3;

/**
 * The judgments whose revision lowers λmax (hence CR) most, and their best values.
 *
 * Saaty's inconsistency of judgment (i, j) is ε_ij = a_ij w_j / w_i; since
 * n(λmax − n) = Σ_{i<j} (ε_ij + 1/ε_ij − 2), the judgments with the largest ε + 1/ε carry
 * most of the inconsistency (Saaty 2003, "Decision-making with the AHP: why is the principal
 * eigenvector necessary", EJOR 145). λmax is a convex function of t = ln a_ij (Aupetit &
 * Genest 1993) with derivative dλ/dt = a v_i w_j − v_j w_i / a (v the left eigenvector,
 * vᵀw = 1), so each judgment's best value is where that derivative vanishes. The leading
 * candidates are screened with one step towards it — a_ij² = v_j w_i / (v_i w_j) at the
 * current vectors, one eigen-solve each — and the best three are then optimised exactly.
 * Each is also snapped to the 1–9 scale: of the two scale values either side of the
 * optimum (λ is convex in ln a_ij, so the best scale value is one of them), the lower CR.
 * On an incomplete matrix the same holds for Harker's auxiliary matrix, whose judged
 * entries enter exactly as in a complete one; only judged pairs are candidates.
 */
function findInconsistencies(a: Float64Array, given: Uint8Array, n: number, w: Float64Array, lambda: number): Judgment[] {
  const pairs: Array<{ i: number; j: number; excess: number }> = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (!given[i * n + j]) continue;
      const e = (a[i * n + j] * w[j]) / w[i];
      pairs.push({ i, j, excess: e + 1 / e - 2 });
    }
  }
  // Largest ε first; equal ε (within rounding: the judgments of a symmetric cycle) by the pair.
  pairs.sort((p, q) => (Math.abs(q.excess - p.excess) > 1e-12 ? q.excess - p.excess : p.i - q.i || p.j - q.j));
  const v = leftStart(w);
  principalEigen(a, n, v, true);
  const scratch = new Float64Array(a);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const screened = pairs.slice(0, SCREENED_JUDGMENTS).map(({ i, j }, order) => {
    const guess = Math.sqrt((v[j] * w[i]) / (v[i] * w[j]));
    scratch[i * n + j] = guess;
    scratch[j * n + i] = 1 / guess;
    x.set(w);
    const l = principalEigen(scratch, n, x, false, SEARCH_EIGEN_TOLERANCE, y);
    scratch[i * n + j] = a[i * n + j];
    scratch[j * n + i] = a[j * n + i];
    return { i, j, order, lambda: l };
  });
  // Lower λ first; within rounding, the judgment with the larger ε keeps its place.
  screened.sort((p, q) => (Math.abs(p.lambda - q.lambda) > 1e-13 * n ? p.lambda - q.lambda : p.order - q.order));
  const out: Array<Judgment & { lambda: number; order: number }> = [];
  for (const [order, { i, j }] of screened.entries()) {
    if (out.length >= LISTED_JUDGMENTS) break;
    const { value, lambda: revised } = optimiseJudgment(scratch, n, i, j, w, v);
    scratch[i * n + j] = a[i * n + j];
    scratch[j * n + i] = a[j * n + i];
    // Never suggest a change that does not improve anything (a judgment on a bridge of the
    // comparison graph, for instance, cannot).
    if (revised >= lambda - 1e-13 * n) continue;
    const snapped = snapToScale(scratch, n, i, j, value, w);
    scratch[i * n + j] = a[i * n + j];
    scratch[j * n + i] = a[j * n + i];
    // Nor one the scale cannot make: when the best value lies beyond 9 (or 1/9) and the judgment
    // is already there, the snapped suggestion would be the judgment itself; nor a scale
    // value that does not lower CR (the optimum can lie between two scale values neither of
    // which does better than the judgment given).
    if (Math.abs(Math.log(snapped.value / a[i * n + j])) < 1e-9) continue;
    if (!(snapped.lambda < lambda - 1e-13 * n)) continue;
    out.push({
      i,
      j,
      current: a[i * n + j],
      suggested: snapped.value,
      crAfter: consistency(snapped.lambda, n).cr,
      optimum: value,
      crAtOptimum: consistency(revised, n).cr,
      lambda: revised,
      order,
    });
  }
  // The exact optimum can reorder what the one-step screen ranked. Judgments whose optima tie
  // (the edges of one inconsistent cycle, often) keep the screen's order: rounding does not
  // decide it.
  return out
    .sort((p, q) => (Math.abs(p.lambda - q.lambda) > 1e-13 * n ? p.lambda - q.lambda : p.order - q.order))
    .map(({ lambda: _, order: __, ...judgment }) => judgment);
}

/** The scale values either side of `optimum` (in ln a_ij), whichever gives the lower λmax. */
function snapToScale(a: Float64Array, n: number, i: number, j: number, optimum: number, w0: Float64Array): { value: number; lambda: number } {
  const top = SAATY_SCALE.length - 1;
  let lo = 0;
  while (lo < top && SAATY_SCALE[lo + 1] <= optimum) lo++;
  const below = SAATY_SCALE[lo];
  const above = optimum > below && lo < top ? SAATY_SCALE[lo + 1] : below;
  const x = new Float64Array(n);
  const lambdaAt = (s: number) => {
    a[i * n + j] = s;
    a[j * n + i] = 1 / s;
    x.set(w0);
    return principalEigen(a, n, x, false, SEARCH_EIGEN_TOLERANCE);
  };
  const lb = lambdaAt(below);
  if (above === below) return { value: below, lambda: lb };
  const la = lambdaAt(above);
  return la < lb - 1e-13 * n ? { value: above, lambda: la } : { value: below, lambda: lb };
}

/**
 * The next comparison to ask: a documented variant of Harker's rule (Harker 1987,
 * "Alternative modes of questioning in the analytic hierarchy process", Math. Modelling 9).
 * Harker asks the missing pair with the largest Σ_k |∂w_k/∂a_ij|; this variant takes the
 * derivatives per unit of ln a_ij instead (Σ_k |∂w_k/∂ln a_ij| = a_ij · Harker's score), so
 * the choice does not depend on which of the two criteria is named first — Harker's own
 * score does, as ∂/∂a_ji = −a_ij² ∂/∂a_ij. Both are taken at the completed matrix B
 * (missing a_ij = w_i/w_j, which has the same eigenpair as Harker's auxiliary matrix).
 * With v the left eigenvector:
 *   dλ = vᵀ dB w / vᵀw,   (B − λI) dw = −(dB − dλ I) w,   Σ dw = 0,
 * solved for every missing pair with one LU factorisation of the bordered matrix
 * [[B − λI, w], [1ᵀ, 0]] (non-singular: λ is simple by Perron–Frobenius).
 */
function nextPairToAsk(c: Float64Array, given: Uint8Array, n: number, w: Float64Array, lambda: number, missing: Array<[number, number]>): [number, number] {
  const b = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) b[i * n + j] = i === j ? 1 : given[i * n + j] ? c[i * n + j] : w[i] / w[j];
  const v = leftStart(w);
  principalEigen(b, n, v, true);
  let vw = 0;
  for (let k = 0; k < n; k++) vw += v[k] * w[k];
  const size = n + 1;
  const m = new Float64Array(size * size);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) m[i * size + j] = b[i * n + j] - (i === j ? lambda : 0);
    m[i * size + n] = w[i];
    m[n * size + i] = 1;
  }
  const pivot = luFactor(m, size);
  const rhs = new Float64Array(size);
  let best: [number, number] = missing[0];
  let bestScore = -1;
  for (const [i, j] of missing) {
    // dB for d(ln a_ij) = 1: +a_ij at (i, j), −1/a_ij at (j, i).
    const aij = w[i] / w[j];
    const dLambda = (v[i] * aij * w[j] - (v[j] * w[i]) / aij) / vw;
    rhs.fill(0);
    for (let k = 0; k < n; k++) rhs[k] = dLambda * w[k];
    rhs[i] -= aij * w[j];
    rhs[j] += w[i] / aij;
    luSolve(m, size, pivot, rhs);
    let score = 0;
    for (let k = 0; k < n; k++) score += Math.abs(rhs[k]);
    if (score > bestScore * (1 + 1e-9)) {
      bestScore = score;
      best = [i, j];
    }
  }
  return best;
}

/** In-place LU factorisation with partial pivoting (row-major size × size); returns the row permutation. */
function luFactor(m: Float64Array, size: number): Int32Array {
  const pivot = new Int32Array(size);
  for (let k = 0; k < size; k++) {
    let p = k;
    for (let r = k + 1; r < size; r++) if (Math.abs(m[r * size + k]) > Math.abs(m[p * size + k])) p = r;
    pivot[k] = p;
    if (p !== k) {
      for (let c = 0; c < size; c++) {
        const t = m[k * size + c];
        m[k * size + c] = m[p * size + c];
        m[p * size + c] = t;
      }
    }
    const d = m[k * size + k];
    for (let r = k + 1; r < size; r++) {
      const f = (m[r * size + k] /= d);
      if (f === 0) continue;
      for (let c = k + 1; c < size; c++) m[r * size + c] -= f * m[k * size + c];
    }
  }
  return pivot;
}

function luSolve(m: Float64Array, size: number, pivot: Int32Array, x: Float64Array): void {
  // The factorisation swapped whole rows, so apply every swap first, then substitute.
  for (let k = 0; k < size; k++) {
    const p = pivot[k];
    if (p !== k) {
      const t = x[k];
      x[k] = x[p];
      x[p] = t;
    }
  }
  for (let k = 0; k < size; k++) for (let r = k + 1; r < size; r++) x[r] -= m[r * size + k] * x[k];
  for (let k = size - 1; k >= 0; k--) {
    let s = x[k];
    for (let c = k + 1; c < size; c++) s -= m[k * size + c] * x[c];
    x[k] = s / m[k * size + k];
  }
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
 * the only aggregation that keeps the group matrix reciprocal (Aczél & Saaty 1983). A pair
 * is averaged over the judges who judged it (their weights renormalised); it stays `null`
 * when nobody did.
 * @param participantWeights non-negative, one per matrix (default equal)
 */
export function aggregateJudgments(matrices: readonly PairwiseMatrix[], participantWeights?: readonly number[]): (number | null)[][] {
  const k = matrices.length;
  const n = matrices[0].length;
  const p = normaliseWeights(participantWeights ?? new Array<number>(k).fill(1), 'participantWeights');
  const out: (number | null)[][] = Array.from({ length: n }, () => new Array<number | null>(n).fill(1));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      let acc = 0;
      let weight = 0;
      for (let m = 0; m < k; m++) {
        const x = matrices[m][i][j];
        const y = matrices[m][j][i];
        if (!(p[m] > 0) || x === null || y === null) continue;
        acc += p[m] * Math.log(x >= y ? x : 1 / y);
        weight += p[m];
      }
      if (weight > 0) {
        const v = Math.exp(acc / weight);
        out[i][j] = v;
        // Exact reciprocity rather than exact-up-to-rounding.
        out[j][i] = 1 / v;
      } else {
        out[i][j] = null;
        out[j][i] = null;
      }
    }
  }
  return out;
}

/**
 * Aggregation of individual priorities (AIP, Forman & Peniwati 1998, "Aggregating
 * individual judgments and priorities with the AHP", EJOR 108): the weighted geometric
 * mean of the participants' priority vectors, normalised to sum 1.
 */
export function aggregatePriorities(priorities: readonly (readonly number[])[], participantWeights: readonly number[]): number[] {
  const n = priorities[0].length;
  const p = normaliseWeights(participantWeights, 'participantWeights');
  const out = new Array<number>(n).fill(0);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    let acc = 0;
    for (let m = 0; m < priorities.length; m++) if (p[m] > 0) acc += p[m] * Math.log(priorities[m][i]);
    out[i] = Math.exp(acc);
    sum += out[i];
  }
  return out.map((x) => x / sum);
}

/**
 * Saaty's compatibility index of a judge's matrix with a priority vector w:
 * S = (1/n²) Σ_ij a_ij w_j / w_i (Saaty 1994, Fundamentals of Decision Making, ch. 5;
 * Saaty & Peniwati 2008): 1 when the judge agrees exactly, ≤ 1.1 is called compatible.
 * Over an incomplete matrix the mean runs over the judged entries (and the diagonal).
 */
export function compatibilityIndex(matrix: PairwiseMatrix, w: readonly number[]): number {
  const n = matrix.length;
  let acc = n;
  let count = n;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const x = matrix[i][j];
      const y = matrix[j][i];
      if (x === null || y === null) continue;
      const v = x >= y ? x : 1 / y;
      acc += (v * w[j]) / w[i] + w[i] / v / w[j];
      count += 2;
    }
  }
  return acc / count;
}

/**
 * Goepel's verbal scale for the AHP consensus, as AHP-OS uses it (K. D. Goepel, "AHP
 * Consensus Word Scale", bpmsg.com, https://bpmsg.com/category/ahp): below 50 % very low,
 * then four equal segments of 12.5 % — low, moderate, high — and very high above 87.5 %.
 * A value on a boundary takes the lower word (S* = 0.5 is very low, as in AHP-OS).
 */
export type ConsensusLabel = 'very-low' | 'low' | 'moderate' | 'high' | 'very-high';

export function consensusLabel(s: number): ConsensusLabel {
  if (s <= 0.5) return 'very-low';
  if (s <= 0.625) return 'low';
  if (s <= 0.75) return 'moderate';
  if (s <= 0.875) return 'high';
  return 'very-high';
}

/** Largest judgment of the scale, M in Goepel's Dα,min. */
const CONSENSUS_SCALE_MAX = 9;

function shannon(p: readonly number[]): number {
  let h = 0;
  for (const x of p) if (x > 0) h -= x * Math.log(x);
  return h;
}

/**
 * Goepel's AHP consensus S* (Goepel 2013, "Implementing the AHP as a standard method for
 * multi-criteria decision making in corporate enterprises", ISAHP; as used in AHP-OS), from
 * Shannon entropies of the participants' priorities p_k (weights q_k):
 *   Hα = Σ q_k H(p_k),  Hγ = H(Σ q_k p_k),  Dβ = exp(Hγ − Hα),
 *   S* = (1/Dβ − Dα,min/Dγ,max) / (1 − Dα,min/Dγ,max),
 * with Dγ,max = n and Dα,min = exp H((M, 1, …, 1)/(M + n − 1)), M = 9: the least diverse
 * priorities a judge can give on the 1–9 scale. 1 for identical priorities; clamped to 0…1.
 */
export function consensus(priorities: readonly (readonly number[])[], participantWeights: readonly number[]): { sStar: number; label: ConsensusLabel } {
  const n = priorities[0].length;
  const q = normaliseWeights(participantWeights, 'participantWeights');
  const pooled = new Array<number>(n).fill(0);
  let hAlpha = 0;
  priorities.forEach((p, k) => {
    hAlpha += q[k] * shannon(p);
    for (let i = 0; i < n; i++) pooled[i] += q[k] * p[i];
  });
  const dBeta = Math.exp(shannon(pooled) - hAlpha);
  const denominator = CONSENSUS_SCALE_MAX + n - 1;
  const extreme = [CONSENSUS_SCALE_MAX / denominator, ...new Array<number>(n - 1).fill(1 / denominator)];
  const ratio = Math.exp(shannon(extreme)) / n;
  const sStar = Math.min(1, Math.max(0, (1 / dBeta - ratio) / (1 - ratio)));
  return { sStar, label: consensusLabel(sStar) };
}

export type AhpAggregation = 'aij' | 'aip';

export interface AhpGroupResult extends AhpResult {
  aggregation: AhpAggregation;
  /**
   * The aggregated (AIJ) matrix; `null` for a pair nobody judged. λmax, CR, the
   * inconsistencies and the missing pairs above are those of this matrix for either
   * aggregation; with AIP, `weights` are the aggregated priorities.
   */
  matrix: (number | null)[][];
  /** Each participant's own result, in input order; `null` when their judged pairs do not yet connect all criteria. */
  individual: (AhpResult | null)[];
  /** Each participant's compatibility index with the group weights (`null` as `individual`). */
  compatibility: (number | null)[];
  /**
   * Goepel's S* over the participants whose judgments counted; `null` (not applicable, "n/a"
   * in AHP-OS) with fewer than two of them: one judge agrees with nobody.
   */
  consensus: { sStar: number; label: ConsensusLabel } | null;
  /**
   * How many participants' judgments count: they connect all criteria and have a positive
   * weight (priorities of their own; consensus and AIP are over them). AIJ also averages any
   * partial matrices given, pair by pair.
   */
  judges: number;
}

export function ahpGroup(
  matrices: readonly PairwiseMatrix[],
  participantWeights?: readonly number[],
  aggregation: AhpAggregation = 'aij',
  options: AhpOptions = {},
): AhpGroupResult {
  if (matrices.length === 0) throw new EngineInputError('matrices', 'at least one matrix is needed');
  const weights = participantWeights ?? new Array<number>(matrices.length).fill(1);
  const individual = matrices.map((m) => {
    try {
      return ahp(m, options);
    } catch (err) {
      if (err instanceof EngineInputError) return null;
      throw err;
    }
  });
  const matrix = aggregateJudgments(matrices, weights);
  let group: AhpResult;
  try {
    group = ahp(matrix, options);
  } catch (err) {
    if (err instanceof EngineInputError) throw new EngineInputError('matrices', `taken together, ${err.detail}`);
    throw err;
  }
  const counted = individual.flatMap((r, k) => (r && weights[k] > 0 ? [{ w: r.weights, q: weights[k] }] : []));
  let groupWeights = group.weights;
  if (aggregation === 'aip') {
    if (counted.length === 0) throw new EngineInputError('matrices', 'no participant has judged enough pairs to connect all criteria');
    groupWeights = aggregatePriorities(
      counted.map((c) => c.w),
      counted.map((c) => c.q),
    );
  }
  const compatibility = matrices.map((m, k) => (individual[k] ? compatibilityIndex(m, groupWeights) : null));
  const agreement =
    counted.length >= 2
      ? consensus(
          counted.map((c) => c.w),
          counted.map((c) => c.q),
        )
      : null;
  return { ...group, weights: groupWeights, aggregation, matrix, individual, compatibility, consensus: agreement, judges: counted.length };
}
