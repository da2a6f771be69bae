import { EngineInputError } from '../../shared/scoring/errors';
import { ahp, ahpGroup, principalEigen, type AhpAggregation, type PairwiseMatrix } from './ahp';
import type { Rng } from './rng';

/**
 * SMAA weights drawn from the room's own AHP judgments: how likely each candidate is to win
 * given how the room actually judged, rather than under weights nobody stated.
 *
 * - `bootstrap` resamples the judges: each sample draws as many judges as there are, with
 *   replacement, from those whose own judgments connect all criteria, and aggregates them
 *   (AIJ or AIP, as `engine.ahp` does). The spread of the weights is the spread between
 *   the judges.
 * - `perturb` keeps every judge and moves each of their judgments uniformly within one step
 *   of Saaty's scale either way (3 → anywhere in 2…4, 1 → anywhere in 1/2…2, 9 → 8…9),
 *   the scale's own resolution: "3 or so" was said, not exactly 3.
 *
 * Participants' influence (`participantWeights`, as in `engine.ahp`'s group form) weights
 * both: `bootstrap` draws each judge with probability proportional to their influence,
 * `perturb` aggregates the perturbed judgments (AIJ) or priorities (AIP) with the influences as
 * exponents of the weighted geometric mean. Influence 0 = an observer, left out; equal
 * influences (or none given) are the unweighted sampler.
 *
 * Each sample's weights are the principal eigenvector of the aggregated matrix (Harker's
 * method for pairs nobody judged) or, with AIP, the normalised geometric mean of each judge's
 * eigenvector.
 */
export type JudgmentMode = 'bootstrap' | 'perturb';

export interface JudgmentWeights {
  kind: 'judgments';
  /** One per participant; `null` = this participant did not judge. */
  matrices: readonly (PairwiseMatrix | null)[];
  mode: JudgmentMode;
  aggregation?: AhpAggregation;
  /** One per matrix, ≥ 0 (0 = observer); default equal. */
  participantWeights?: readonly number[];
}

/** Structured-clonable: crosses to worker threads with the shard. */
export interface PreparedJudgments {
  kind: 'judgments';
  mode: JudgmentMode;
  aggregation: AhpAggregation;
  n: number;
  /** Per judge taking part: row-major ln a_ij (judged pairs, i < j), NaN where not judged. */
  logs: Float64Array[];
  /** Bootstrap with AIP: each judge's own priorities (fixed, so computed once). */
  priorities: Float64Array[] | null;
  /** Per judge taking part: influence scaled to mean 1; null when all are equal (the unweighted sampler). */
  influence: Float64Array | null;
}

/** Half-width of the perturbation, in steps of Saaty's 1–9 scale. */
export const PERTURB_STEPS = 1;
/** The scale's last step (9 is 8 steps from 1); a judgment beyond it keeps its own bound. */
const SCALE_STEPS = 8;

/** Position of a judgment on the signed 1–9 scale: 1 → 0, 3 → 2, 1/3 → −2 (continuous between). */
export function scalePosition(a: number): number {
  return a >= 1 ? a - 1 : -(1 / a - 1);
}

/** The judgment at a signed scale position (inverse of scalePosition). */
export function judgmentAt(p: number): number {
  return p >= 0 ? 1 + p : 1 / (1 - p);
}

/** The judgment ≥ 1 side of a judged pair, as the engine reads it (ahp.ts). */
function judged(matrix: PairwiseMatrix, i: number, j: number): number | null {
  const x = matrix[i][j];
  const y = matrix[j][i];
  if (x === null || y === null) return null;
  return x >= y ? x : 1 / y;
}

function connects(matrix: PairwiseMatrix): boolean {
  try {
    ahp(matrix);
    return true;
  } catch (err) {
    if (err instanceof EngineInputError) return false;
    throw err;
  }
}

/**
 * Checks the judgments can carry the sampling and keeps the judges that take part:
 * bootstrap and AIP need judges whose own judgments connect all criteria (bootstrap at
 * least two: resampling one judge gives one weight vector); perturbing under AIJ keeps
 * everyone and needs their judgments together to connect the criteria.
 */
export function prepareJudgments(weights: JudgmentWeights, n: number): PreparedJudgments {
  const aggregation = weights.aggregation ?? 'aij';
  const q = weights.participantWeights;
  if (q && q.length !== weights.matrices.length) throw new EngineInputError('weights.participantWeights', 'one per matrix');
  if (q && q.some((x) => !(Number.isFinite(x) && x >= 0))) throw new EngineInputError('weights.participantWeights', 'must be finite and ≥ 0');
  // Observers (influence 0) do not judge.
  const given = weights.matrices.flatMap((m, k) => (m === null || (q && !(q[k] > 0)) ? [] : [{ m, k }]));
  if (given.length === 0) throw new EngineInputError('weights.matrices', 'nobody has judged yet: at least one matrix is needed');
  for (const { m, k } of given) {
    if (m.length !== n) throw new EngineInputError(`weights.matrices[${k}]`, `must be ${n}×${n}, one row and column per criterion`);
  }
  const connected = given.filter(({ m }) => connects(m));
  let takingPart = given;
  if (weights.mode === 'bootstrap' || aggregation === 'aip') takingPart = connected;
  if (weights.mode === 'bootstrap' && connected.length < 2) {
    throw new EngineInputError(
      'weights.matrices',
      `resampling the judges needs at least two whose judgments connect all criteria; ${connected.length === 1 ? 'only one does' : 'none does'}`,
    );
  }
  if (takingPart.length === 0) throw new EngineInputError('weights.matrices', 'no participant has judged enough pairs to connect all criteria');
  if (aggregation === 'aij') {
    try {
      ahpGroup(
        takingPart.map(({ m }) => m),
        takingPart.map(({ k }) => q?.[k] ?? 1),
      );
    } catch (err) {
      if (err instanceof EngineInputError) throw new EngineInputError('weights.matrices', err.detail);
      throw err;
    }
  }
  const logs = takingPart.map(({ m }) => {
    const out = new Float64Array(n * n).fill(NaN);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const v = judged(m, i, j);
        if (v !== null) out[i * n + j] = Math.log(v);
      }
    }
    return out;
  });
  const priorities = weights.mode === 'bootstrap' && aggregation === 'aip' ? takingPart.map(({ m }) => Float64Array.from(ahp(m).weights)) : null;
  const raw = takingPart.map(({ k }) => q?.[k] ?? 1);
  const mean = raw.reduce((a, b) => a + b, 0) / raw.length;
  const influence = raw.every((x) => x === raw[0]) ? null : Float64Array.from(raw, (x) => x / mean);
  return { kind: 'judgments', mode: weights.mode, aggregation, n, logs, priorities, influence };
}

/**
 * A sampler writing one weight vector (sum 1) per call into `w`. Work arrays are allocated
 * once; each call costs one eigenvector per aggregate (AIJ) or per judge (perturbed AIP).
 */
export function judgmentSampler(prepared: PreparedJudgments, rng: Rng): (w: Float64Array) => void {
  const { n, logs, mode, aggregation } = prepared;
  const judges = logs.length;
  const counts = new Float64Array(judges);
  const sum = new Float64Array(n * n);
  const weight = new Float64Array(n * n);
  const perturbed = new Float64Array(n * n);
  const a = new Float64Array(n * n);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const logMean = new Float64Array(n);

  const { influence } = prepared;
  // Bootstrap with influences: the cumulative share of each judge (the last exactly 1).
  const cumulative = new Float64Array(judges);
  if (influence) {
    let acc = 0;
    for (let k = 0; k < judges; k++) cumulative[k] = acc += influence[k];
    for (let k = 0; k < judges; k++) cumulative[k] /= acc;
    cumulative[judges - 1] = 1;
  }
  const pick = (u: number) => {
    let k = 0;
    while (k < judges - 1 && u >= cumulative[k]) k++;
    return k;
  };
  const draw = () => {
    if (mode === 'bootstrap') {
      counts.fill(0);
      if (influence) for (let d = 0; d < judges; d++) counts[pick(rng.uniform())]++;
      else for (let d = 0; d < judges; d++) counts[Math.min(judges - 1, Math.floor(rng.uniform() * judges))]++;
    } else if (influence) counts.set(influence);
    else counts.fill(1);
  };
  // Each judge's judgments as scale positions (NaN where not judged), computed once: a perturbed
  // sample moves them from there.
  const positions = logs.map((source) => source.map((l) => (Number.isNaN(l) ? NaN : scalePosition(Math.exp(l)))));
  const perturbInto = (source: Float64Array, out: Float64Array) => {
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const p = source[i * n + j];
        if (Number.isNaN(p)) {
          out[i * n + j] = NaN;
          continue;
        }
        const bound = Math.max(SCALE_STEPS, Math.abs(p));
        const q = Math.min(bound, Math.max(-bound, p + (2 * rng.uniform() - 1) * PERTURB_STEPS));
        out[i * n + j] = Math.log(judgmentAt(q));
      }
    }
  };
  const addJudge = (source: Float64Array, c: number) => {
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const l = source[i * n + j];
        if (Number.isNaN(l)) continue;
        sum[i * n + j] += c * l;
        weight[i * n + j] += c;
      }
    }
  };
  /** Priorities of the matrix with ln a_ij = sum/weight where weight > 0 (Harker's method elsewhere) into x. */
  const eigen = () => {
    a.fill(0);
    for (let i = 0; i < n; i++) a[i * n + i] = 1;
    logMean.fill(0);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const c = weight[i * n + j];
        if (c > 0) {
          const l = sum[i * n + j] / c;
          a[i * n + j] = Math.exp(l);
          a[j * n + i] = Math.exp(-l);
          logMean[i] += l;
          logMean[j] -= l;
        } else {
          a[i * n + i] += 1;
          a[j * n + j] += 1;
        }
      }
    }
    // Start from the row geometric means (the exact answer for a consistent matrix).
    let total = 0;
    for (let i = 0; i < n; i++) {
      x[i] = Math.exp(logMean[i] / n);
      total += x[i];
    }
    for (let i = 0; i < n; i++) x[i] /= total;
    principalEigen(a, n, x, false, SAMPLE_TOLERANCE, y);
  };

  return (w) => {
    draw();
    if (aggregation === 'aij') {
      sum.fill(0);
      weight.fill(0);
      for (let k = 0; k < judges; k++) {
        if (counts[k] === 0) continue;
        if (mode === 'perturb') {
          perturbInto(positions[k], perturbed);
          addJudge(perturbed, counts[k]);
        } else addJudge(logs[k], counts[k]);
      }
      eigen();
      w.set(x);
      return;
    }
    // AIP: normalised weighted geometric mean of each judge's priorities.
    w.fill(0);
    let drawn = 0;
    for (let k = 0; k < judges; k++) {
      if (counts[k] === 0) continue;
      let p: Float64Array = x;
      if (prepared.priorities) p = prepared.priorities[k];
      else {
        sum.fill(0);
        weight.fill(0);
        perturbInto(positions[k], perturbed);
        addJudge(perturbed, 1);
        eigen();
      }
      for (let i = 0; i < n; i++) w[i] += counts[k] * Math.log(p[i]);
      drawn += counts[k];
    }
    let total = 0;
    for (let i = 0; i < n; i++) {
      w[i] = Math.exp(w[i] / drawn);
      total += w[i];
    }
    for (let i = 0; i < n; i++) w[i] /= total;
  };
}

/** Eigenvector tolerance per sample: far below the Monte Carlo error of any acceptability. */
const SAMPLE_TOLERANCE = 1e-10;
