import { EngineInputError } from '../../shared/scoring/errors';
import { createRng, deriveSeed, type Rng } from './rng';

/**
 * SMAA weights under ratio constraints between criteria, w_greater ≥ ratio · w_lesser ("cost
 * matters at least twice as much as scalability"), sampled uniformly on the constrained
 * simplex: by rejection from the uniform simplex when that accepts often enough, else by
 * hit-and-run (Tervonen, van Valkenhoef, Baştürk & Postmus 2013, EJOR 224).
 */
export interface WeightConstraint {
  greater: number;
  lesser: number;
  /** Default 1. */
  ratio?: number;
}

/** A set of constraints no weights meet; `constraints` are the indices of those that contradict each other. */
export class ConstraintConflict extends EngineInputError {
  readonly constraints: number[];
  constructor(path: string, detail: string, constraints: number[]) {
    super(path, detail);
    this.constraints = constraints;
  }
}

export interface PreparedConstraints {
  kind: 'constraints';
  constraints: readonly WeightConstraint[];
  sampler: 'rejection' | 'hit-and-run';
  /** A point strictly inside the constrained simplex: the chain's start. */
  start: number[];
}

/** Fewest accepted draws, of PILOT, for rejection sampling (≤ 5 draws per sample). */
const PILOT = 4096;
const MIN_ACCEPTANCE = 0.2;
/** Hit-and-run burn-in and thinning, in multiples of n steps (as for interval weights). */
const BURN_IN = 100;
const THINNING = 1;

const ratioOf = (c: WeightConstraint) => c.ratio ?? 1;

/**
 * Checks the constraints leave a region of positive volume and picks the sampler. The
 * constraints chain: w_a ≥ r₁ w_b and w_b ≥ r₂ w_c give w_a ≥ r₁r₂ w_c; a cycle back to its
 * start whose ratios multiply to 1 or more forces its weights equal (or to 0), so such a set
 * is refused naming the constraints of the cycle.
 */
export function prepareConstraints(constraints: readonly WeightConstraint[], n: number): PreparedConstraints {
  constraints.forEach((c, k) => {
    const path = `weights.constraints[${k}]`;
    if (!(Number.isInteger(c.greater) && c.greater >= 0 && c.greater < n))
      throw new EngineInputError(`${path}.greater`, `must be a criterion index 0…${n - 1}`);
    if (!(Number.isInteger(c.lesser) && c.lesser >= 0 && c.lesser < n)) throw new EngineInputError(`${path}.lesser`, `must be a criterion index 0…${n - 1}`);
    if (c.greater === c.lesser) throw new EngineInputError(path, 'must compare two different criteria');
    if (!(ratioOf(c) > 0 && Number.isFinite(ratioOf(c)))) throw new EngineInputError(`${path}.ratio`, 'must be a finite number > 0');
  });
  // Floyd–Warshall on log ratios: best[i][j] = the largest ln(product) over chains i → j, with
  // the constraint that last improved it, to name a cycle's constraints.
  const best = Array.from({ length: n }, () => new Float64Array(n).fill(-Infinity));
  const via: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(-1));
  const edge: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(-1));
  constraints.forEach((c, k) => {
    const x = Math.log(ratioOf(c));
    if (x > best[c.greater][c.lesser]) {
      best[c.greater][c.lesser] = x;
      edge[c.greater][c.lesser] = k;
    }
  });
  for (let k = 0; k < n; k++) {
    for (let i = 0; i < n; i++) {
      if (best[i][k] === -Infinity) continue;
      for (let j = 0; j < n; j++) {
        const x = best[i][k] + best[k][j];
        if (x > best[i][j]) {
          best[i][j] = x;
          via[i][j] = k;
        }
      }
    }
    // Stop at the first cycle that closes: its walk is then a simple cycle (any shorter cycle
    // with product ≥ 1 would have closed at an earlier k).
    for (let i = 0; i < n; i++) {
      if (best[i][i] >= -1e-12) {
        const used = cycleConstraints(i, i, via, edge, n);
        const names = used.map((c) => `constraints[${c}]`).join(', ');
        throw new ConstraintConflict(
          'weights.constraints',
          `${names} contradict each other: followed around, they ask a criterion's weight to be at least ${+Math.exp(best[i][i]).toPrecision(4)} times itself, which only equal or zero weights satisfy; loosen a ratio or drop one of them`,
          used,
        );
      }
    }
  }
  // A strictly feasible start: weights exp(φ) with φ_g ≥ φ_l + ln r + ε for every constraint —
  // longest paths of a graph without non-negative cycles (Bellman–Ford), ε a share of the
  // tightest cycle's slack.
  let slack = Infinity;
  for (let i = 0; i < n; i++) if (best[i][i] > -Infinity) slack = Math.min(slack, -best[i][i]);
  const eps = Number.isFinite(slack) ? Math.min(0.1, slack / (2 * n)) : 0.1;
  const phi = new Float64Array(n);
  for (let round = 0; round < n; round++) {
    for (const c of constraints) {
      const need = phi[c.lesser] + Math.log(ratioOf(c)) + eps;
      if (phi[c.greater] < need) phi[c.greater] = need;
    }
  }
  const top = Math.max(...phi);
  const start = Array.from(phi, (p) => Math.exp(p - top));
  const sum = start.reduce((s, x) => s + x, 0);
  for (let j = 0; j < n; j++) start[j] /= sum;
  const rng = createRng(deriveSeed(0xc0a5, n));
  const w = new Float64Array(n);
  let accepted = 0;
  for (let t = 0; t < PILOT; t++) if (drawConstrained(rng, constraints, w)) accepted++;
  return { kind: 'constraints', constraints, sampler: accepted >= MIN_ACCEPTANCE * PILOT ? 'rejection' : 'hit-and-run', start };
}

/** The constraints on the chain i → … → j recorded by Floyd–Warshall. */
function cycleConstraints(i: number, j: number, via: number[][], edge: number[][], n: number): number[] {
  const out: number[] = [];
  const walk = (a: number, b: number, depth: number) => {
    if (depth > n) return;
    const k = via[a][b];
    if (k < 0) {
      if (edge[a][b] >= 0) out.push(edge[a][b]);
      return;
    }
    walk(a, k, depth + 1);
    walk(k, b, depth + 1);
  };
  walk(i, j, 0);
  return [...new Set(out)].sort((x, y) => x - y);
}

/** One draw from the uniform simplex into `w`; true if it meets every constraint. */
export function drawConstrained(rng: Rng, constraints: readonly WeightConstraint[], w: Float64Array): boolean {
  const n = w.length;
  rng.fillExponential(w, n);
  let sum = 0;
  for (let j = 0; j < n; j++) sum += w[j];
  for (let j = 0; j < n; j++) w[j] /= sum;
  for (const c of constraints) if (w[c.greater] < ratioOf(c) * w[c.lesser]) return false;
  return true;
}

/**
 * Hit-and-run on {w ≥ 0, Σw = 1, w_g ≥ r w_l}: a direction e_k − e_l (k ≠ l uniform, a
 * symmetric set keeping Σw = 1), the chord through the polytope along it, a uniform point on
 * the chord. Each step costs O(1 + constraints touching k or l).
 */
export function constrainedChain(prepared: PreparedConstraints, n: number, rng: Rng): (w: Float64Array) => void {
  const x = Float64Array.from(prepared.start);
  const cs = prepared.constraints;
  const g = Int32Array.from(cs, (c) => c.greater);
  const l = Int32Array.from(cs, (c) => c.lesser);
  const r = Float64Array.from(cs, ratioOf);
  // The constraints that involve each criterion, as one flat list with offsets (no allocation per step).
  const touching: number[][] = Array.from({ length: n }, () => []);
  cs.forEach((c, k) => {
    touching[c.greater].push(k);
    touching[c.lesser].push(k);
  });
  const offsets = new Int32Array(n + 1);
  for (let j = 0; j < n; j++) offsets[j + 1] = offsets[j] + touching[j].length;
  const list = Int32Array.from(touching.flat());
  const step = () => {
    const b = rng.nextU32();
    const k = ((b & 0xffff) * n) >>> 16;
    let m = ((b >>> 16) * (n - 1)) >>> 16;
    if (m >= k) m++;
    // x_k + t ≥ 0, x_m − t ≥ 0.
    let tMin = -x[k];
    let tMax = x[m];
    // Constraint c: (x_g + t·[g = k] − t·[g = m]) − r (x_l + t·[l = k] − t·[l = m]) ≥ 0, i.e. a + s t ≥ 0.
    for (let pass = 0; pass < 2; pass++) {
      const j = pass === 0 ? k : m;
      for (let q = offsets[j]; q < offsets[j + 1]; q++) {
        const c = list[q];
        const gc = g[c];
        const lc = l[c];
        const a = x[gc] - r[c] * x[lc];
        const sl = (gc === k ? 1 : gc === m ? -1 : 0) - r[c] * (lc === k ? 1 : lc === m ? -1 : 0);
        if (sl > 0) tMin = Math.max(tMin, -a / sl);
        else if (sl < 0) tMax = Math.min(tMax, -a / sl);
      }
    }
    if (!(tMax > tMin)) return;
    const t = tMin + rng.uniform() * (tMax - tMin);
    x[k] += t;
    x[m] -= t;
  };
  for (let s = 0; s < BURN_IN * n; s++) step();
  const thinning = THINNING * n;
  return (w) => {
    for (let s = 0; s < thinning; s++) step();
    w.set(x);
  };
}
