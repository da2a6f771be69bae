import { EngineInputError } from '../../shared/scoring/errors';
import { normalCdf, normalPdf } from './normal';
import { integrate } from './quadrature';
import { createRng, deriveSeed, type Rng } from './rng';
import { normaliseWeights } from '../../shared/scoring/weights';
import { downscale, maxAbs } from '../../shared/scoring/magnitude';
import { constrainedChain, drawConstrained, prepareConstraints, type PreparedConstraints, type WeightConstraint } from './smaa-constraints';
import { judgmentSampler, prepareJudgments, type JudgmentWeights, type PreparedJudgments } from './smaa-judgments';

/**
 * SMAA-2, stochastic multicriteria acceptability analysis (Lahdelma & Salminen 2001):
 * sample weight vectors (and, optionally, uncertain values), rank the alternatives by
 * weighted sum for each sample, and count.
 *
 * Work is cut into fixed shards of SHARD_SIZE samples whose random streams are derived
 * from (seed, shard index). The answer therefore depends only on the seed and the sample
 * count — never on how many workers ran the shards, or whether any did.
 */
export type SmaaWeights =
  | { kind: 'uniform' }
  /** Dirichlet around `center` (normalised) with root-mean-square standard deviation `spread`. */
  | { kind: 'around'; center: readonly number[]; spread: number }
  /** Uniform over all weights that respect the ranking (`order`: criterion indices, most important first). */
  | { kind: 'ordinal'; order: readonly number[] }
  /**
   * Uniform over the weights that respect a weak order: `groups` of criterion indices, most
   * important group first; every weight of a group is at least every weight of a later
   * group, and criteria within a group are not ranked against each other.
   */
  | { kind: 'ordinal'; groups: readonly (readonly number[])[] }
  /** Uniform over the weights (summing to 1) within per-criterion bounds [lo, hi]. */
  | {
      kind: 'intervals';
      intervals: readonly (readonly [number, number])[];
      /** Set by planning: i.i.d. rejection sampling when it accepts often, else hit-and-run. */
      sampler?: 'rejection' | 'hit-and-run';
    }
  /** Uniform over the weights with w_greater ≥ ratio · w_lesser for each constraint (smaa-constraints.ts). */
  | { kind: 'constraints'; constraints: readonly WeightConstraint[] }
  | PreparedConstraints
  /** Drawn from the participants' AHP judgments, resampled or perturbed (smaa-judgments.ts). */
  | JudgmentWeights
  | PreparedJudgments;

export interface SmaaInput {
  /** alternatives × criteria on a common higher-is-better scale. */
  values: readonly (readonly number[])[];
  /** Same shape: standard deviation of each value (participant disagreement), ≥ 0. */
  valueSpread?: readonly (readonly number[])[];
  weights: SmaaWeights;
  /** Number of Monte Carlo samples, ≥ 1. */
  samples: number;
  /** Non-negative integer ≤ 2^53; the same seed and samples give the same answer. */
  seed: number;
}

export interface SmaaResult {
  /** alternative × rank (0 = first): share of samples; each row sums to 1. */
  rankAcceptability: number[][];
  /**
   * Same shape: the Monte Carlo standard error of each rank acceptability, by batch means over
   * blocks of BLOCK samples (valid for the correlated hit-and-run chain as for independent
   * draws; with fewer than two blocks, the binomial √(b(1 − b)/N)).
   */
  standardError: number[][];
  /** Per alternative: mean weight vector of the samples where it ranks first; `null` if it never does. */
  centralWeights: (number[] | null)[];
  /**
   * Per alternative: probability that it ranks first under its central weights, over the
   * value uncertainty (1 or 0 without `valueSpread`); `null` if it never ranks first.
   * Computed by numerical integration, not sampling, so it adds no Monte Carlo noise.
   */
  confidence: (number | null)[];
  /** pairwiseWinning[i][j]: share of samples where i ranks above j (a tie counts half); the diagonal is 0. */
  pairwiseWinning: number[][];
  /**
   * Holistic acceptability index a_i = Σ_r α_r b_i^r (Lahdelma & Salminen 2001, SMAA-2) with
   * their centroid meta-weights α_r = Σ_{k=r..m} 1/k / Σ_{k=1..m} 1/k (α_1 = 1).
   */
  holisticAcceptability: number[];
  metaWeights: number[];
  samples: number;
}

/** Samples per shard: large enough to amortise a worker round trip, small enough to balance. */
export const SHARD_SIZE = 65_536;

/** One shard's work: structured-clonable so it can cross to a worker thread. */
export interface SmaaShardInput {
  m: number;
  n: number;
  /** Row-major alternatives × criteria. */
  values: Float64Array;
  /** Row-major variances (spread²), or null without value uncertainty. */
  variances: Float64Array | null;
  weights: SmaaWeights;
  samples: number;
  /** The shard's own derived seed. */
  seed: number;
}

export interface SmaaShardOutput {
  samples: number;
  /** Row-major alternative × rank: how many samples put the alternative at that rank. */
  rankCounts: Float64Array;
  /** Row-major alternative × criterion: sum of weight vectors of the samples it won. */
  winWeightSums: Float64Array;
  /** Row-major, a < b only: samples where b ranked above a (a tie counts half). */
  lossCounts: Float64Array;
  /** Batch means: per cell Σ_blocks c², Σ_blocks c·size (c = the block's rank count), and Σ size², blocks. */
  blockSquares: Float64Array;
  blockCross: Float64Array;
  blockSizeSquares: number;
  blocks: number;
}

/** Samples per block: the unit of the batch-means standard error and of the inner loops. */
const BLOCK = 256;

/** Splits a run into its fixed shards. */
export function planSmaa(input: SmaaInput): SmaaShardInput[] {
  const m = input.values.length;
  const n = input.values[0]?.length ?? 0;
  const down = valueDownscale(input);
  const values = new Float64Array(m * n);
  let variances: Float64Array | null = null;
  for (let a = 0; a < m; a++) for (let j = 0; j < n; j++) values[a * n + j] = input.values[a][j] * down;
  if (input.valueSpread) {
    variances = new Float64Array(m * n);
    let any = false;
    for (let a = 0; a < m; a++) {
      for (let j = 0; j < n; j++) {
        const s = input.valueSpread[a][j] * down;
        variances[a * n + j] = s * s;
        if (s > 0) any = true;
      }
    }
    if (!any) variances = null;
  }
  const weights = prepareWeights(input.weights, n);
  const shards: SmaaShardInput[] = [];
  for (let s = 0, start = 0; start < input.samples; s++, start += SHARD_SIZE) {
    shards.push({ m, n, values, variances, weights, samples: Math.min(SHARD_SIZE, input.samples - start), seed: deriveSeed(input.seed, s) });
  }
  return shards;
}

/**
 * The power of two every value and spread is multiplied by before sampling: ranks do not
 * change when all values and spreads are scaled alike, and scaled to at most 1 no total,
 * difference or variance (spread²) can overflow — near 1e308 values or above ~1.3e154
 * spreads they would, and the ranks and confidence factors would be NaN.
 */
function valueDownscale(input: SmaaInput): number {
  return downscale(Math.max(maxAbs(input.values), input.valueSpread ? maxAbs(input.valueSpread) : 0));
}

function prepareWeights(weights: SmaaWeights, n: number): SmaaWeights {
  if (weights.kind === 'uniform') return weights;
  if (weights.kind === 'ordinal') {
    const path = 'order' in weights ? 'weights.order' : 'weights.groups';
    const flat = 'order' in weights ? weights.order : weights.groups.flat();
    if (flat.length !== n) throw new EngineInputError(path, `must list all ${n} criteria once`);
    const seen = new Set(flat);
    if (seen.size !== n || flat.some((c) => !Number.isInteger(c) || c < 0 || c >= n)) {
      throw new EngineInputError(path, `must list each of 0…${n - 1} exactly once`);
    }
    if ('groups' in weights && weights.groups.some((g) => g.length === 0)) throw new EngineInputError(path, 'a group must not be empty');
    return weights;
  }
  if (weights.kind === 'intervals') return prepareIntervals(weights.intervals, n);
  if (weights.kind === 'constraints') return prepareConstraints(weights.constraints, n);
  if (weights.kind === 'judgments') return 'logs' in weights ? weights : prepareJudgments(weights, n);
  if (weights.center.length !== n) throw new EngineInputError('weights.center', `must have ${n} entries, one per criterion`);
  const center = Array.from(normaliseWeights(weights.center, 'weights.center'));
  if (center.filter((c) => c > 0).length < 2) {
    throw new EngineInputError(
      'weights.center',
      `puts all the weight on criterion ${center.findIndex((c) => c > 0)}, so there is nothing to spread: give at least two criteria a positive centre weight`,
    );
  }
  const limit = Math.sqrt(meanBinomialVariance(center));
  if (!(weights.spread > 0 && weights.spread < limit)) {
    throw new EngineInputError('weights.spread', `must be in (0, ${limit.toPrecision(4)}): a larger spread than that is no longer "around" the centre`);
  }
  return { kind: 'around', center, spread: weights.spread };
}

/** Fewest accepted draws, of INTERVAL_PILOT, for interval weights to be sampled by rejection. */
const INTERVAL_PILOT = 4096;

/**
 * Checks and tightens per-criterion weight bounds: lo_j ≥ max(lo_j, 1 − Σ_{k≠j} hi_k) and
 * hi_j ≤ min(hi_j, 1 − Σ_{k≠j} lo_k) (the same set of weights), then makes sure rejection
 * sampling (w = lo + (1 − Σlo)·u, u uniform on the simplex, kept if w ≤ hi) accepts often
 * enough to be practical.
 */
function prepareIntervals(intervals: readonly (readonly [number, number])[], n: number): SmaaWeights {
  if (intervals.length !== n) throw new EngineInputError('weights.intervals', `must have ${n} entries, one per criterion`);
  intervals.forEach(([lo, hi], j) => {
    if (!(lo >= 0 && hi <= 1 && lo <= hi)) throw new EngineInputError(`weights.intervals[${j}]`, 'must be [lo, hi] with 0 ≤ lo ≤ hi ≤ 1');
  });
  const sumLo = intervals.reduce((s, [lo]) => s + lo, 0);
  const sumHi = intervals.reduce((s, [, hi]) => s + hi, 0);
  if (sumLo > 1 + 1e-12) throw new EngineInputError('weights.intervals', `the lower bounds add up to ${+sumLo.toFixed(6)} > 1: no weights fit`);
  if (sumHi < 1 - 1e-12) throw new EngineInputError('weights.intervals', `the upper bounds add up to ${+sumHi.toFixed(6)} < 1: no weights fit`);
  const tight = intervals.map(([lo, hi]): [number, number] => [Math.max(lo, 1 - (sumHi - hi)), Math.min(hi, 1 - (sumLo - lo))]);
  const rng = createRng(deriveSeed(0x5eed, n));
  const u = new Float64Array(n);
  const free = 1 - tight.reduce((s, [lo]) => s + lo, 0);
  let accepted = 0;
  for (let t = 0; t < INTERVAL_PILOT; t++) if (drawInterval(rng, tight, free, u)) accepted++;
  if (accepted >= REJECTION_MIN_ACCEPTANCE * INTERVAL_PILOT) return { kind: 'intervals', intervals: tight, sampler: 'rejection' };
  // A criterion whose bounds meet keeps its weight; the others need room to move between.
  const movable = tight.filter(([lo, hi]) => hi - lo > 1e-9).length;
  if (movable < 2 || !(free > 1e-9)) {
    throw new EngineInputError('weights.intervals', 'the bounds fix every weight, so there is nothing to sample: widen at least two intervals');
  }
  return { kind: 'intervals', intervals: tight, sampler: 'hit-and-run' };
}

/** Rejection sampling is used when at least this share of draws fits the bounds (≤ 5 draws per sample). */
const REJECTION_MIN_ACCEPTANCE = 0.2;

/**
 * Hit-and-run sampler of the weights within bounds (Smith 1984; for SMAA weights,
 * Tervonen, van Valkenhoef, Baştürk & Postmus 2013, "Hit-And-Run enables efficient weight
 * generation for simulation-based multiple criteria decision analysis", EJOR 224), with
 * directions drawn uniformly from e_k − e_l (moving weight from one criterion to another,
 * so Σw = 1 holds): a symmetric direction set, then a uniform point on the chord through
 * the box, so the stationary law is uniform — and each step costs O(1). Successive points
 * are correlated: each shard burns in HAR_BURN_IN·n steps from an interior point and keeps
 * one point every HAR_THINNING·n steps.
 */
function hitAndRunSampler(intervals: readonly (readonly [number, number])[], rng: Rng): (w: Float64Array) => void {
  const n = intervals.length;
  const x = new Float64Array(n);
  const lo = Float64Array.from(intervals, ([l]) => l);
  const hi = Float64Array.from(intervals, ([, h]) => h);
  // Moves go between criteria whose bounds leave room; a fixed weight stays where it is.
  const free = Int32Array.from(intervals.flatMap(([l, h], j) => (h - l > 1e-9 ? [j] : [])));
  const q = free.length;
  let sumLo = 0;
  let width = 0;
  for (let j = 0; j < n; j++) {
    sumLo += lo[j];
    width += hi[j] - lo[j];
  }
  // Interior start: each weight the same fraction of the way from lo to hi.
  for (let j = 0; j < n; j++) x[j] = lo[j] + ((1 - sumLo) * (hi[j] - lo[j])) / width;
  const step = () => {
    // One 32-bit draw picks the pair: its low and high 16 bits, each scaled to a range.
    const b = rng.nextU32();
    const fk = ((b & 0xffff) * q) >>> 16;
    let fl = ((b >>> 16) * (q - 1)) >>> 16;
    if (fl >= fk) fl++;
    const k = free[fk];
    const l = free[fl];
    // x_k + t ∈ [lo_k, hi_k] and x_l − t ∈ [lo_l, hi_l].
    const tMin = Math.max(lo[k] - x[k], x[l] - hi[l]);
    const tMax = Math.min(hi[k] - x[k], x[l] - lo[l]);
    if (!(tMax > tMin)) return;
    const t = tMin + rng.uniform() * (tMax - tMin);
    x[k] += t;
    x[l] -= t;
  };
  const thinning = HAR_THINNING * n;
  for (let k = 0; k < HAR_BURN_IN * n; k++) step();
  return (w) => {
    for (let k = 0; k < thinning; k++) step();
    w.set(x);
  };
}

/** Hit-and-run steps between kept points, in multiples of n. */
const HAR_THINNING = 1;
/** Hit-and-run burn-in, in multiples of n steps. */
const HAR_BURN_IN = 100;

/** One rejection draw of interval weights into `w`; false if it fell outside an upper bound. */
function drawInterval(rng: Rng, intervals: readonly (readonly [number, number])[], free: number, w: Float64Array): boolean {
  const n = intervals.length;
  rng.fillExponential(w, n);
  let sum = 0;
  for (let j = 0; j < n; j++) sum += w[j];
  const k = free / sum;
  for (let j = 0; j < n; j++) {
    const x = intervals[j][0] + w[j] * k;
    if (x > intervals[j][1]) return false;
    w[j] = x;
  }
  return true;
}

/** mean_j c_j (1 − c_j): the variance budget of a Dirichlet with mean c, per unit of 1/(κ + 1). */
function meanBinomialVariance(center: readonly number[]): number {
  let acc = 0;
  for (const c of center) acc += c * (1 - c);
  return acc / center.length;
}

/**
 * Runs one shard. `progress` receives the fraction done (0…1) every few thousand samples.
 * Work goes block by block through small single-purpose loops over preallocated typed
 * arrays (weights → totals → ranks): nothing is allocated per sample, and each loop stays
 * monomorphic so V8 optimises it once and keeps it optimised.
 */
export function smaaShard(input: SmaaShardInput, progress: (done: number) => void = () => {}): SmaaShardOutput {
  const { m, n, values, variances, samples, weights } = input;
  const rng = createRng(input.seed);
  const block = BLOCK;
  const normals = variances ? new Float64Array(block * m) : null;
  const w = new Float64Array(block * n);
  const totals = new Float64Array(block * m);
  const scratch = new Float64Array(n);
  const scale = new Float64Array(block);
  const rankCounts = new Float64Array(m * m);
  const blockCounts = new Float64Array(m * m);
  const blockSquares = new Float64Array(m * m);
  const blockCross = new Float64Array(m * m);
  let blockSizeSquares = 0;
  let blocks = 0;
  const winWeightSums = new Float64Array(m * n);
  const lossCounts = new Float64Array(m * m);
  const ordinal = weights.kind === 'ordinal' ? Int32Array.from('order' in weights ? weights.order : weights.groups.flat()) : null;
  // Runs of tied criteria (start, end) within `ordinal`: shuffled after sorting.
  const ties: number[] = [];
  if (weights.kind === 'ordinal' && 'groups' in weights) {
    let at = 0;
    for (const g of weights.groups) {
      if (g.length > 1) ties.push(at, at + g.length);
      at += g.length;
    }
  }
  const intervals = weights.kind === 'intervals' && weights.sampler !== 'hit-and-run' ? weights.intervals : null;
  const chain = weights.kind === 'intervals' && weights.sampler === 'hit-and-run' ? hitAndRunSampler(weights.intervals, rng) : null;
  const free = intervals ? 1 - intervals.reduce((acc, [lo]) => acc + lo, 0) : 0;
  const dirichlet = weights.kind === 'around' ? dirichletSampler(weights.center, weights.spread, rng) : null;
  const constrained = weights.kind === 'constraints' && 'sampler' in weights ? weights : null;
  const constrainedWalk = constrained?.sampler === 'hit-and-run' ? constrainedChain(constrained, n, rng) : null;
  const fromJudgments = weights.kind === 'judgments' && 'logs' in weights ? judgmentSampler(weights, rng) : null;
  let reported = 0;

  for (let start = 0; start < samples; start += block) {
    const count = Math.min(block, samples - start);
    if (dirichlet) {
      for (let s = 0; s < count; s++) dirichlet(w.subarray(s * n, s * n + n));
      scale.fill(1);
    } else if (chain) {
      for (let s = 0; s < count; s++) chain(w.subarray(s * n, s * n + n));
      scale.fill(1);
    } else if (fromJudgments) {
      for (let s = 0; s < count; s++) fromJudgments(w.subarray(s * n, s * n + n));
      scale.fill(1);
    } else if (constrainedWalk) {
      for (let s = 0; s < count; s++) constrainedWalk(w.subarray(s * n, s * n + n));
      scale.fill(1);
    } else if (constrained) {
      for (let s = 0; s < count; s++) {
        const row = w.subarray(s * n, s * n + n);
        while (!drawConstrained(rng, constrained.constraints, row));
      }
      scale.fill(1);
    } else if (intervals) {
      for (let s = 0; s < count; s++) {
        const row = w.subarray(s * n, s * n + n);
        while (!drawInterval(rng, intervals, free, row));
      }
      scale.fill(1);
    } else {
      rng.fillExponential(w, count * n);
      rowScales(w, scale, count, n);
      if (ordinal) orderWeights(w, scratch, ordinal, count, n);
      if (ordinal && ties.length > 0) shuffleTies(w, ordinal, ties, rng, count, n);
    }
    if (normals !== null && variances !== null) {
      rng.fillNormal(normals, count * m);
      noisyTotals(w, values, variances, normals, totals, count, m, n);
    } else {
      weightedTotals(w, values, totals, count, m, n);
    }
    blockCounts.fill(0);
    countRanks(totals, w, scale, blockCounts, winWeightSums, lossCounts, count, m, n);
    for (let i = 0; i < blockCounts.length; i++) {
      const c = blockCounts[i];
      rankCounts[i] += c;
      blockSquares[i] += c * c;
      blockCross[i] += c * count;
    }
    blockSizeSquares += count * count;
    blocks++;
    const done = start + count;
    if (done - reported >= 8192) {
      reported = done;
      progress(done / samples);
    }
  }
  progress(1);
  return { samples, rankCounts, winWeightSums, lossCounts, blockSquares, blockCross, blockSizeSquares, blocks };
}

/**
 * Uniform weight vectors on the simplex: normalised standard exponentials are exactly
 * Dirichlet(1, …, 1). (Normalised independent uniforms would not be: they crowd the
 * centre.) Measured faster here than sorted spacings, whose insertion sort mispredicts.
 * The normalisation is deferred: scaling a sample's weights scales all its totals (their
 * value noise too) and changes no rank, so the totals use the exponentials as they are and
 * only the winner's weights are normalised, by `scale`, as they are summed.
 */
function rowScales(w: Float64Array, scale: Float64Array, count: number, n: number): void {
  for (let s = 0; s < count; s++) {
    const base = s * n;
    let sum = 0;
    for (let j = 0; j < n; j++) sum += w[base + j];
    scale[s] = 1 / sum;
  }
}

/**
 * Maps uniform simplex points onto the region that respects a ranking by sorting each
 * one: the n! ordered regions are congruent and the density is symmetric, so the result is
 * uniform on the ranked region.
 */
function orderWeights(w: Float64Array, sorted: Float64Array, order: Int32Array, count: number, n: number): void {
  for (let s = 0; s < count; s++) {
    const base = s * n;
    for (let i = 0; i < n; i++) {
      const x = w[base + i];
      let k = i - 1;
      while (k >= 0 && sorted[k] < x) {
        sorted[k + 1] = sorted[k];
        k--;
      }
      sorted[k + 1] = x;
    }
    for (let r = 0; r < n; r++) w[base + order[r]] = sorted[r];
  }
}

/**
 * Within each run of tied criteria, a uniformly random permutation (Fisher–Yates) of the
 * sorted values they received: the orderings the weak order allows are congruent regions
 * of the simplex, so this is uniform on their union.
 */
function shuffleTies(w: Float64Array, order: Int32Array, ties: readonly number[], rng: Rng, count: number, n: number): void {
  for (let s = 0; s < count; s++) {
    const base = s * n;
    for (let t = 0; t < ties.length; t += 2) {
      const from = ties[t];
      for (let k = ties[t + 1] - 1; k > from; k--) {
        const r = from + Math.floor(rng.uniform() * (k - from + 1));
        const a = base + order[k];
        const b = base + order[r];
        const x = w[a];
        w[a] = w[b];
        w[b] = x;
      }
    }
  }
}

/**
 * totals = W·Vᵀ for a block. Two alternatives per pass, so each weight is loaded once for
 * both, and two accumulators each to break the floating-point add chains (measured 27%
 * faster here than one alternative with four accumulators, for 10 × 12).
 */
function weightedTotals(w: Float64Array, values: Float64Array, totals: Float64Array, count: number, m: number, n: number): void {
  for (let s = 0; s < count; s++) {
    const wb = s * n;
    const tb = s * m;
    let a = 0;
    for (; a + 1 < m; a += 2) {
      const r0 = a * n;
      const r1 = r0 + n;
      let x0 = 0;
      let x1 = 0;
      let y0 = 0;
      let y1 = 0;
      let j = 0;
      for (; j + 1 < n; j += 2) {
        const w0 = w[wb + j];
        const w1 = w[wb + j + 1];
        x0 += w0 * values[r0 + j];
        x1 += w1 * values[r0 + j + 1];
        y0 += w0 * values[r1 + j];
        y1 += w1 * values[r1 + j + 1];
      }
      if (j < n) {
        const w0 = w[wb + j];
        x0 += w0 * values[r0 + j];
        y0 += w0 * values[r1 + j];
      }
      totals[tb + a] = x0 + x1;
      totals[tb + a + 1] = y0 + y1;
    }
    if (a < m) {
      // The same two accumulators as above: an alternative identical to one summed in a
      // pair gets a bit-identical total, so the two tie (and share their ranks) exactly.
      const r0 = a * n;
      let x0 = 0;
      let x1 = 0;
      let j = 0;
      for (; j + 1 < n; j += 2) {
        x0 += w[wb + j] * values[r0 + j];
        x1 += w[wb + j + 1] * values[r0 + j + 1];
      }
      if (j < n) x0 += w[wb + j] * values[r0 + j];
      totals[tb + a] = x0 + x1;
    }
  }
}

/**
 * Totals with normal value noise. Σ_j w_j (v_aj + σ_aj Z_aj) is normal with mean Σ w v and
 * variance Σ_j w_j² σ_aj², so one normal draw per alternative gives exactly the
 * distribution of one per value — a tenth of the random numbers.
 */
function noisyTotals(
  w: Float64Array,
  values: Float64Array,
  variances: Float64Array,
  normals: Float64Array,
  totals: Float64Array,
  count: number,
  m: number,
  n: number,
): void {
  // Two alternatives per pass, as in weightedTotals: each weight and its square serve both.
  for (let s = 0; s < count; s++) {
    const wb = s * n;
    const tb = s * m;
    let a = 0;
    for (; a + 1 < m; a += 2) {
      const r0 = a * n;
      const r1 = r0 + n;
      let mu0 = 0;
      let mu1 = 0;
      let var0 = 0;
      let var1 = 0;
      for (let j = 0; j < n; j++) {
        const wj = w[wb + j];
        const qj = wj * wj;
        mu0 += wj * values[r0 + j];
        mu1 += wj * values[r1 + j];
        var0 += qj * variances[r0 + j];
        var1 += qj * variances[r1 + j];
      }
      totals[tb + a] = mu0 + Math.sqrt(var0) * normals[tb + a];
      totals[tb + a + 1] = mu1 + Math.sqrt(var1) * normals[tb + a + 1];
    }
    if (a < m) {
      const r0 = a * n;
      let mu = 0;
      let v = 0;
      for (let j = 0; j < n; j++) {
        const wj = w[wb + j];
        mu += wj * values[r0 + j];
        v += wj * wj * variances[r0 + j];
      }
      totals[tb + a] = mu + Math.sqrt(v) * normals[tb + a];
    }
  }
}

function countRanks(
  totals: Float64Array,
  w: Float64Array,
  scale: Float64Array,
  rankCounts: Float64Array,
  winWeightSums: Float64Array,
  lossCounts: Float64Array,
  count: number,
  m: number,
  n: number,
): void {
  for (let s = 0; s < count; s++) {
    const tb = s * m;
    const wb = s * n;
    const k = scale[s];
    // Each alternative's rank is how many others beat it, counted without branches and in a
    // register (measured faster than an insertion sort, whose comparisons mispredict).
    // Alternatives with equal totals share the ranks they span equally (only identical
    // alternatives ever tie): no index is favoured.
    for (let a = 0; a < m; a++) {
      const ta = totals[tb + a];
      let rank = 0;
      let tied = 0;
      for (let b = 0; b < a; b++) {
        const tbv = totals[tb + b];
        rank += +(tbv > ta);
        tied += +(tbv === ta);
      }
      const row = a * m;
      for (let b = a + 1; b < m; b++) {
        const tbv = totals[tb + b];
        const beats = +(tbv > ta);
        const same = +(tbv === ta);
        rank += beats;
        tied += same;
        lossCounts[row + b] += beats + 0.5 * same;
      }
      if (tied === 0) {
        rankCounts[row + rank]++;
        if (rank === 0) {
          const winRow = a * n;
          for (let j = 0; j < n; j++) winWeightSums[winRow + j] += w[wb + j] * k;
        }
      } else {
        const share = 1 / (tied + 1);
        for (let r = rank; r <= rank + tied; r++) rankCounts[row + r] += share;
        if (rank === 0) {
          const winRow = a * n;
          const ks = k * share;
          for (let j = 0; j < n; j++) winWeightSums[winRow + j] += w[wb + j] * ks;
        }
      }
    }
  }
}

/** Dirichlet(κ c) sampler: mean c; κ chosen so the RMS standard deviation of the weights is `spread`. */
function dirichletSampler(center: readonly number[], spread: number, rng: Rng): (w: Float64Array) => void {
  const n = center.length;
  const kappa = meanBinomialVariance(center) / (spread * spread) - 1;
  const gammas = center.map((c) => gammaSampler(kappa * c, rng));
  return (w) => {
    let sum = 0;
    for (let j = 0; j < n; j++) {
      const g = gammas[j]();
      w[j] = g;
      sum += g;
    }
    for (let j = 0; j < n; j++) w[j] /= sum;
  };
}

/** Gamma(shape, 1) by Marsaglia & Tsang (2000); shape < 1 via the Gamma(shape + 1)·U^(1/shape) boost. */
function gammaSampler(shape: number, rng: Rng): () => number {
  if (!(shape > 0)) return () => 0;
  const boost = shape < 1;
  const d = (boost ? shape + 1 : shape) - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  const invShape = 1 / shape;
  return () => {
    let result: number;
    for (;;) {
      const x = rng.normal();
      let v = 1 + c * x;
      if (v <= 0) continue;
      v = v * v * v;
      const u = rng.uniform();
      if (u < 1 - 0.0331 * x * x * x * x || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) {
        result = d * v;
        break;
      }
    }
    return boost ? result * Math.pow(rng.uniform(), invShape) : result;
  };
}

/** Combines shard outputs (in shard order, so sums are reproducible) into the SMAA-2 result. */
export function mergeSmaa(input: SmaaInput, shards: readonly SmaaShardOutput[]): SmaaResult {
  const m = input.values.length;
  const n = input.values[0]?.length ?? 0;
  const counts = new Float64Array(m * m);
  const sums = new Float64Array(m * n);
  const losses = new Float64Array(m * m);
  const squares = new Float64Array(m * m);
  const cross = new Float64Array(m * m);
  let sizeSquares = 0;
  let blocks = 0;
  let total = 0;
  for (const shard of shards) {
    total += shard.samples;
    sizeSquares += shard.blockSizeSquares;
    blocks += shard.blocks;
    for (let i = 0; i < counts.length; i++) {
      counts[i] += shard.rankCounts[i];
      squares[i] += shard.blockSquares[i];
      cross[i] += shard.blockCross[i];
    }
    for (let i = 0; i < sums.length; i++) sums[i] += shard.winWeightSums[i];
    for (let i = 0; i < losses.length; i++) losses[i] += shard.lossCounts[i];
  }
  const pairwiseWinning: number[][] = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  for (let a = 0; a < m; a++) {
    for (let b = a + 1; b < m; b++) {
      pairwiseWinning[b][a] = losses[a * m + b] / total;
      pairwiseWinning[a][b] = 1 - pairwiseWinning[b][a];
    }
  }
  const metaWeights = centroidMetaWeights(m);
  const rankAcceptability: number[][] = [];
  const centralWeights: (number[] | null)[] = [];
  for (let a = 0; a < m; a++) {
    rankAcceptability.push(Array.from(counts.subarray(a * m, a * m + m), (c) => c / total));
    const wins = counts[a * m];
    centralWeights.push(wins > 0 ? Array.from(sums.subarray(a * n, a * n + n), (s) => s / wins) : null);
  }
  const confidence = centralWeights.map((wc, a) => (wc === null ? null : confidenceFactor(input, a, wc)));
  const holisticAcceptability = rankAcceptability.map((row) => row.reduce((acc, b, r) => acc + metaWeights[r] * b, 0));
  const standardError = rankAcceptability.map((row, a) =>
    row.map((p, r) => {
      const i = a * m + r;
      // Batch means with unequal batch sizes n_k (ratio estimator): Var(p̂) ≈ B/(B − 1) · Σ (c_k − p n_k)² / N².
      const spread = blocks >= 2 ? (blocks / (blocks - 1)) * (squares[i] - 2 * p * cross[i] + p * p * sizeSquares) : total * p * (1 - p);
      return Math.min(1, Math.sqrt(Math.max(0, spread)) / total);
    }),
  );
  return { rankAcceptability, standardError, centralWeights, confidence, pairwiseWinning, holisticAcceptability, metaWeights, samples: total };
}

/** Centroid meta-weights α_r = Σ_{k=r..m} 1/k / Σ_{k=1..m} 1/k, so α_1 = 1 ≥ α_2 ≥ … > 0. */
export function centroidMetaWeights(m: number): number[] {
  const tail = new Array<number>(m).fill(0);
  let acc = 0;
  for (let r = m - 1; r >= 0; r--) {
    acc += 1 / (r + 1);
    tail[r] = acc;
  }
  return tail.map((t) => t / acc);
}

/** Whole run on the calling thread (small runs, tests). Same answer as running the shards on workers. */
export function smaa(input: SmaaInput): SmaaResult {
  return mergeSmaa(
    input,
    planSmaa(input).map((shard) => smaaShard(shard)),
  );
}

/**
 * P(alternative a ranks first | weights = wc) when each value is normal around its mean
 * with the given spread. Each total T_b is then normal (μ_b, s_b), independent, so
 *   P = ∫ φ(z) Π_{b≠a} P(T_b < μ_a + s_a z) dz,
 * a one-dimensional integral done by adaptive Gauss–Kronrod quadrature, split at the points where a
 * steep factor switches (z = (μ_b − μ_a)/s_a when s_b ≪ s_a) so such factors are not missed.
 */
export function confidenceFactor(input: SmaaInput, a: number, wc: readonly number[]): number {
  const m = input.values.length;
  const n = wc.length;
  const down = valueDownscale(input);
  const mu = new Float64Array(m);
  const sd = new Float64Array(m);
  for (let b = 0; b < m; b++) {
    let t = 0;
    let v = 0;
    for (let j = 0; j < n; j++) {
      t += wc[j] * (input.values[b][j] * down);
      const s = input.valueSpread ? input.valueSpread[b][j] * down : 0;
      v += wc[j] * wc[j] * s * s;
    }
    mu[b] = t;
    sd[b] = Math.sqrt(v);
  }
  /** P(T_b loses to a total of t for alternative a). */
  const beaten = (b: number, t: number): number => {
    if (sd[b] > 0) {
      const x = (t - mu[b]) / sd[b];
      // Φ(x) rounds to 1 beyond 8.3 (1 − Φ < 1e-16): skip the exp, the bulk of the cost.
      return x > 8.3 ? 1 : normalCdf(x);
    }
    return t > mu[b] ? 1 : 0;
  };
  if (!(sd[a] > 0)) {
    // Alternatives with exactly a's total (and no spread) tie with it: first place is
    // shared among them, as in the rank acceptabilities, so none is favoured by its index.
    let p = 1;
    let ties = 0;
    for (let b = 0; b < m; b++) {
      if (b === a) continue;
      if (!(sd[b] > 0) && mu[b] === mu[a]) ties++;
      else p *= beaten(b, mu[a]);
    }
    return p / (ties + 1);
  }
  const integrand = (z: number): number => {
    const t = mu[a] + sd[a] * z;
    let p = normalPdf(z);
    for (let b = 0; b < m && p > 0; b++) if (b !== a) p *= beaten(b, t);
    return p;
  };
  const limit = 7.5; // φ beyond ±7.5 carries < 1e-13 of the mass
  // A grid of width 2 first (φ varies on a scale of 1; a 15-point rule integrates it over
  // width 2 to ~1e-12), so no piece is so wide that all its nodes miss the region where a
  // wins; plus the switch points of each factor.
  const cuts: number[] = [limit];
  for (let z = -limit; z < limit; z += 2) cuts.push(z);
  for (let b = 0; b < m; b++) {
    // Factor b switches over a width of sd_b/sd_a around z; only a narrow switch needs a cut.
    const z = (mu[b] - mu[a]) / sd[a];
    if (b !== a && sd[b] < 0.5 * sd[a] && z > -limit && z < limit) cuts.push(z);
  }
  cuts.sort((x, y) => x - y);
  let p = 0;
  for (let i = 0; i + 1 < cuts.length; i++) {
    const lo = cuts[i];
    const hi = cuts[i + 1];
    if (!(hi > lo)) continue;
    // Every factor increases with z, so the integrand on [lo, hi] is at most
    // max φ × Π P(T_b < μ_a + s_a·hi): skip pieces where a (almost) never wins.
    let bound = normalPdf(lo > 0 ? lo : hi < 0 ? hi : 0) * (hi - lo);
    for (let b = 0; b < m && bound > 0; b++) if (b !== a) bound *= beaten(b, mu[a] + sd[a] * hi);
    if (bound < 1e-13) continue;
    p += integrate(integrand, lo, hi, 1e-9);
  }
  return Math.min(1, Math.max(0, p));
}
