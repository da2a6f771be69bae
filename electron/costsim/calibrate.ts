import type { PilotRow, SimCalibration, SimScenarioParsed } from '../../shared/contract/sim';
import { Rng } from '../engine/rng';
import { estimateScenario } from './analytic';
import { runScenario } from './run';
import { resolveScenario, SimInputError } from './scenario';
import { simulate } from './simulate';

/**
 * Calibration by the team's own pilot (seed: 优先用小规模验证替代理论推演).
 *
 * Model. The forward model is the discrete-event simulation (`sim.run`) of the pilot's scenario,
 * with three efficiency parameters left free:
 *   θ = (training MFU, decode bandwidth efficiency, fixed per-step overhead seconds).
 * The overhead is the weight update's fixed latency: `overheads.engineSleepWakeSeconds` when
 * rollout and training are colocated, `overheads.syncLatencySeconds` otherwise — every
 * parameter keeps its physical meaning, none is a fudge factor on the result. The simulation is
 * too slow to search with, so the search uses the fast estimate (`estimateScenario`) times a
 * correction per GPU count and kind: the simulation's figure over the estimate's at the last fit
 * (`simulatePilot`, at least PILOT_STEPS steps). Fitting the estimate alone let the fit absorb
 * the estimate's own error into the parameters (under KV pressure on H20 the estimate misses the
 * tool cache's re-prefill, and decode efficiency was fitted at 0.19 for a pilot run at 0.6).
 * The fit is repeated CORRECTIONS times with the correction taken at the new fit.
 *
 * Fit. Least squares on log(measured / predicted) over every pilot measurement present
 * (step seconds, rollout seconds, train seconds, generated tokens per second): relative errors,
 * so a 20-minute step and 5,000 tokens/s weigh alike. Each row is predicted on the GPUs it ran
 * on (`row.gpus`, else the pilot scenario's `cluster.gpus`): a pilot scaled from 8 to 16 GPUs
 * part-way is two scenarios. One scenario → one prediction per kind, so the objective is
 * Σ_gpus Σ_kinds n_gk (mean log measured_gk − log predicted_gk)² + const. Minimised by
 * one sweep of golden-section search per parameter (MFU and efficiency in log space) from the
 * pilot scenario's values, then Gauss–Newton steps. A parameter no measurement informs is kept (`fitted: false`):
 *   MFU ← train seconds; decode efficiency ← rollout seconds or tokens/s (or step seconds alone);
 *   overhead ← step seconds, only when both the rollout and the train part are measured.
 *
 * Uncertainty (the p10–p90 band). Linearised least squares (Gauss–Newton): the Jacobian G of
 * the log predictions with respect to φ = (ln MFU, ln efficiency, overhead) at the fit, by central
 * differences. Covariance: the rows, not the measurements, are independent (one step's
 * measurements err together), so the cluster-robust sandwich over rows (never below
 * s² (Σ_gk n_gk G_gkᵀ G_gk)⁻¹, s² = residual sum of squares / (N − q)), plus the sampling error
 * of the simulated means behind the correction (shared by a group's measurements, correlated
 * between kinds). `DRAWS` parameter vectors drawn from that normal (Cholesky, fixed seed) are each
 * projected to the full-scale run: the estimate times the simulation's step time over the
 * estimate's on the full-scale run at the fit (its first PROJECTION_STEPS steps), and times a
 * log-normal factor for the sampling error of that simulated mean and of the run's own mean
 * (cv / √steps each). The band is the 10th and 90th percentile of the projected step time, wall
 * time and cost; `mid` is the projection at the fitted parameters. The simulation's own error
 * against real runs is what `sim.references` shows.
 */

export const DRAWS = 64;
/** Fits with the estimate corrected by the simulation at the last fit (see the module comment). */
const CORRECTIONS = 2;
/** Steps of the full-scale run the simulation runs to correct the projection (at most). */
const PROJECTION_STEPS = 32;
/** Steps of a pilot the simulation runs to correct the fit (at least). */
const PILOT_STEPS = 64;
const GOLDEN_ITERATIONS = 14;
const SWEEPS = 1;
const GAUSS_NEWTON_STEPS = 6;
const BOUNDS = { mfu: [0.01, 1], eff: [0.02, 1] } as const;

type Kind = 'stepSeconds' | 'rolloutSeconds' | 'trainSeconds' | 'tokensPerSecond';
const KINDS: readonly Kind[] = ['stepSeconds', 'rolloutSeconds', 'trainSeconds', 'tokensPerSecond'];
type Figures = Record<Kind, number>;

/** φ: [ln MFU, ln decode efficiency, overhead seconds]. */
type Phi = [number, number, number];

function overheadKey(s: SimScenarioParsed): 'engineSleepWakeSeconds' | 'syncLatencySeconds' {
  return s.cluster.colocated ? 'engineSleepWakeSeconds' : 'syncLatencySeconds';
}

function overheadPath(s: SimScenarioParsed): SimCalibration['overheadPath'] {
  return s.cluster.colocated ? 'overheads.engineSleepWakeSeconds' : 'overheads.syncLatencySeconds';
}

/** The scenario with the three parameters set (MFU and efficiency clamped to their bounds, overhead ≥ 0). */
export function withParameters(s: SimScenarioParsed, phi: Phi): SimScenarioParsed {
  const clamp = (v: number, [lo, hi]: readonly [number, number]) => Math.min(hi, Math.max(lo, v));
  const key = overheadKey(s);
  return {
    ...s,
    cluster: { ...s.cluster, mfu: clamp(Math.exp(phi[0]), BOUNDS.mfu), decodeBandwidthEfficiency: clamp(Math.exp(phi[1]), BOUNDS.eff) },
    overheads: { ...s.overheads, [key]: Math.max(0, phi[2]) },
  };
}

/** The pilot figures the estimate predicts for a scenario (per-step means). */
export function predictPilot(s: SimScenarioParsed): Figures {
  const r = estimateScenario(s);
  return {
    stepSeconds: r.step.meanSeconds,
    rolloutSeconds: r.step.rolloutSeconds,
    trainSeconds: r.step.trainSeconds,
    tokensPerSecond: r.totals.generatedTokens / Math.max(1, s.steps) / r.step.meanSeconds,
  };
}

/**
 * The pilot figures the discrete-event simulation gives for a scenario (per-step means), over at
 * least PILOT_STEPS steps (the figures are the scenario's, not one short run's luck), and the
 * relative covariance of those means between kinds (cov of the per-step values over the product
 * of their means, / steps): a slow step is slow in its step and rollout seconds together.
 */
export function simulatePilot(s: SimScenarioParsed): { figures: Figures; covariance: Record<Kind, Figures> } {
  const sc = { ...s, steps: Math.max(s.steps, PILOT_STEPS) };
  const d = simulate(resolveScenario(sc));
  const steps = d.stepSeconds.length;
  const perStep: Record<Kind, ArrayLike<number>> = {
    stepSeconds: d.stepSeconds,
    rolloutSeconds: d.stepRollout,
    trainSeconds: d.stepTrain,
    tokensPerSecond: Array.from(d.stepGeneratedTokens, (g, i) => g / d.stepSeconds[i]),
  };
  const mean = (xs: ArrayLike<number>) => {
    let total = 0;
    for (let i = 0; i < xs.length; i++) total += xs[i];
    return total / Math.max(1, xs.length);
  };
  const means = zeros();
  for (const k of KINDS) means[k] = mean(perStep[k]);
  const covariance = {} as Record<Kind, Figures>;
  for (const k of KINDS) {
    covariance[k] = zeros();
    for (const l of KINDS) {
      let c = 0;
      for (let i = 0; i < steps; i++) c += (perStep[k][i] - means[k]) * (perStep[l][i] - means[l]);
      covariance[k][l] = steps > 1 && means[k] > 0 && means[l] > 0 ? c / (steps - 1) / (means[k] * means[l]) / steps : 0;
    }
  }
  return {
    figures: { ...means, tokensPerSecond: d.generatedTokens / sc.steps / means.stepSeconds },
    covariance,
  };
}

/**
 * The pilot scenario on `gpus` GPUs. Its own split of separate pools (`rolloutGpus`,
 * `trainGpus`) and owned GPUs are for its own count; on another count they take their defaults
 * (half each; all rented). Refused when one tensor-parallel engine does not fit.
 */
function onGpus(pilot: SimScenarioParsed, gpus: number): SimScenarioParsed {
  if (gpus === pilot.cluster.gpus) return pilot;
  if (gpus < pilot.cluster.tensorParallel)
    throw new SimInputError(
      'rows',
      `A pilot row ran on ${gpus} GPUs, fewer than one engine of tensorParallel ${pilot.cluster.tensorParallel} needs.`,
      'sim_pilot_gpus_below_tp',
      {
        gpus,
        tp: pilot.cluster.tensorParallel,
      },
    );
  if (!pilot.cluster.colocated && gpus < 2)
    throw new SimInputError(
      'rows',
      `A pilot row ran on ${gpus} GPU, but the pilot keeps rollout and training on separate pools (at least 2 GPUs).`,
      'sim_pilot_separate_one_gpu',
      {
        gpus,
      },
    );
  return {
    ...pilot,
    cluster: { ...pilot.cluster, gpus, rolloutGpus: null, trainGpus: null },
    cost: { ...pilot.cost, hybridOwnedGpus: pilot.cost.hybridOwnedGpus === null ? null : Math.min(gpus, pilot.cost.hybridOwnedGpus) },
  };
}

/** A GPU count's rows: its scenario and, per kind, the count, sum, sum of logs and of squared logs of the measurements. */
interface Group {
  scenario: SimScenarioParsed;
  n: Figures;
  sum: Figures;
  sumLog: Figures;
  sumSq: Figures;
}

const zeros = (): Figures => ({ stepSeconds: 0, rolloutSeconds: 0, trainSeconds: 0, tokensPerSecond: 0 });

function goldenMin(f: (x: number) => number, lo: number, hi: number): number {
  const g = (Math.sqrt(5) - 1) / 2;
  let a = lo;
  let b = hi;
  let c = b - g * (b - a);
  let d = a + g * (b - a);
  let fc = f(c);
  let fd = f(d);
  for (let i = 0; i < GOLDEN_ITERATIONS; i++) {
    if (fc < fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      fc = f(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      fd = f(d);
    }
  }
  return (a + b) / 2;
}

/** Inverse of a small symmetric positive-definite matrix (Gauss–Jordan); null when singular. */
function invert(m: number[][]): number[][] | null {
  const n = m.length;
  const a = m.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r][col]) > Math.abs(a[piv][col])) piv = r;
    if (Math.abs(a[piv][col]) < 1e-12) return null;
    [a[col], a[piv]] = [a[piv], a[col]];
    const p = a[col][col];
    for (let j = 0; j < 2 * n; j++) a[col][j] /= p;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = a[r][col];
      for (let j = 0; j < 2 * n; j++) a[r][j] -= f * a[col][j];
    }
  }
  return a.map((row) => row.slice(n));
}

function cholesky(m: number[][]): number[][] {
  const n = m.length;
  const l = m.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let sum = m[i][j];
      for (let k = 0; k < j; k++) sum -= l[i][k] * l[j][k];
      l[i][j] = i === j ? Math.sqrt(Math.max(0, sum)) : l[j][j] > 0 ? sum / l[j][j] : 0;
    }
  return l;
}

function quantile(sorted: number[], q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** Coefficient of variation of simulated step times (0 for fewer than two). */
function stepCv(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const mean = xs.reduce((a, v) => a + v, 0) / xs.length;
  const sd = Math.sqrt(xs.reduce((a, v) => a + (v - mean) ** 2, 0) / (xs.length - 1));
  return mean > 0 ? sd / mean : 0;
}

/** Fits the pilot and projects the target (see the module comment). Throws SimInputError on unusable input. */
export function calibrate(pilot: SimScenarioParsed, rows: readonly PilotRow[], target: SimScenarioParsed): SimCalibration {
  // Per GPU count the rows ran on, the count, sum and log moments of each kind's measurements.
  const groups = new Map<number, Group>();
  const n = zeros();
  const sum = zeros();
  /** Per row: its group and the logs of its measurements. */
  const rowLogs: { group: Group; logs: Partial<Figures> }[] = [];
  for (const row of rows) {
    const gpus = row.gpus ?? pilot.cluster.gpus;
    let group = groups.get(gpus);
    const logs: Partial<Figures> = {};
    for (const k of KINDS) {
      const v = row[k];
      if (v === null || !(v > 0)) continue;
      if (!group) groups.set(gpus, (group = { scenario: onGpus(pilot, gpus), n: zeros(), sum: zeros(), sumLog: zeros(), sumSq: zeros() }));
      group.n[k]++;
      group.sum[k] += v;
      group.sumLog[k] += Math.log(v);
      group.sumSq[k] += Math.log(v) ** 2;
      logs[k] = Math.log(v);
      n[k]++;
      sum[k] += v;
    }
    if (group) rowLogs.push({ group, logs });
  }
  const parts = [...groups.values()];
  const used = KINDS.filter((k) => n[k] > 0);
  const N = used.reduce((a, k) => a + n[k], 0);
  if (N === 0) throw new SimInputError('rows', 'The pilot rows hold no step, rollout or train seconds and no tokens per second.', 'sim_pilot_no_measurements');

  const free: [boolean, boolean, boolean] = [
    n.trainSeconds > 0,
    n.rolloutSeconds + n.tokensPerSecond > 0 || n.stepSeconds > 0,
    n.stepSeconds > 0 && n.trainSeconds > 0 && n.rolloutSeconds + n.tokensPerSecond > 0,
  ];
  const q = free.filter(Boolean).length;
  if (N - q < 1)
    throw new SimInputError(
      'rows',
      `The pilot gives ${N} measurements for ${q} parameters: at least ${q + 1} are needed to fit them and state their uncertainty.`,
      'sim_pilot_too_few',
      { n: N, q, need: q + 1 },
    );

  /**
   * Per group and kind, the simulation's figure over the estimate's at the last fit (1 before
   * the first): the estimate's own error there, which the fit must not absorb into the parameters.
   */
  /** Per group, the relative covariance between kinds of the simulated pilot behind its correction. */
  const correctionCovariance: Record<Kind, Figures>[] = parts.map(() => ({
    stepSeconds: zeros(),
    rolloutSeconds: zeros(),
    trainSeconds: zeros(),
    tokensPerSecond: zeros(),
  }));
  let correction: Figures[] = parts.map(() => ({ stepSeconds: 1, rolloutSeconds: 1, trainSeconds: 1, tokensPerSecond: 1 }));
  /** Each group's predicted pilot figures with the parameters φ (the estimate, corrected). */
  const predictAll = (phi: Phi): Figures[] =>
    parts.map((g, gi) => {
      const p = predictPilot(withParameters(g.scenario, phi));
      for (const k of KINDS) p[k] *= correction[gi][k];
      return p;
    });
  const objective = (phi: Phi): number => {
    const p = predictAll(phi);
    let j = 0;
    parts.forEach((g, gi) => {
      for (const k of used) if (g.n[k] > 0) j += g.n[k] * (g.sumLog[k] / g.n[k] - Math.log(p[gi][k])) ** 2;
    });
    return j;
  };

  // Coordinate descent from the pilot scenario's own values (robust start), then Gauss–Newton
  // steps (halved until the objective falls) to settle the coupled parameters precisely.
  const phi: Phi = [Math.log(pilot.cluster.mfu), Math.log(pilot.cluster.decodeBandwidthEfficiency), pilot.overheads[overheadKey(pilot)]];
  const stepMean = n.stepSeconds > 0 ? sum.stepSeconds / n.stepSeconds : 0;
  const ranges: [number, number][] = [
    [Math.log(BOUNDS.mfu[0]), Math.log(BOUNDS.mfu[1])],
    [Math.log(BOUNDS.eff[0]), Math.log(BOUNDS.eff[1])],
    [0, Math.max(1, stepMean)],
  ];
  const idx = [0, 1, 2].filter((j) => free[j]);
  const deltas = [0.02, 0.02, Math.max(0.05, 0.02 * Math.max(1, stepMean))];
  /** Per group and kind, d ln(prediction) / d φ_j for the free j (central differences). */
  const jacobian = (at: Phi): Record<Kind, number[]>[] => {
    const grad = parts.map((): Record<Kind, number[]> => ({ stepSeconds: [], rolloutSeconds: [], trainSeconds: [], tokensPerSecond: [] }));
    for (const j of idx) {
      const up = at.slice() as Phi;
      const down = at.slice() as Phi;
      up[j] += deltas[j];
      down[j] = j === 2 ? Math.max(0, down[j] - deltas[j]) : down[j] - deltas[j];
      const pu = predictAll(up);
      const pd = predictAll(down);
      parts.forEach((_, gi) => {
        for (const k of KINDS) grad[gi][k].push((Math.log(pu[gi][k]) - Math.log(pd[gi][k])) / (up[j] - down[j]));
      });
    }
    return grad;
  };
  /** Σ_gk n_gk G_gk G_gkᵀ over the free parameters. */
  const normal = (grad: Record<Kind, number[]>[]) =>
    idx.map((_, a) => idx.map((__, b) => parts.reduce((acc, g, gi) => acc + used.reduce((s2, k) => s2 + g.n[k] * grad[gi][k][a] * grad[gi][k][b], 0), 0)));
  for (let pass = 0; pass <= CORRECTIONS; pass++) {
    if (pass > 0) {
      // The simulation of each group's pilot at the fit: its figures over the estimate's.
      correction = parts.map((g, gi) => {
        const sc = withParameters(g.scenario, phi);
        const des = simulatePilot(sc);
        const est = predictPilot(sc);
        correctionCovariance[gi] = des.covariance;
        return {
          stepSeconds: des.figures.stepSeconds / est.stepSeconds,
          rolloutSeconds: des.figures.rolloutSeconds / est.rolloutSeconds,
          trainSeconds: des.figures.trainSeconds / est.trainSeconds,
          tokensPerSecond: des.figures.tokensPerSecond / est.tokensPerSecond,
        };
      });
    }
    // The first pass searches each parameter's whole range; later ones start from the last fit.
    for (let sweep = 0; pass === 0 && sweep < SWEEPS; sweep++) {
      for (let j = 0; j < 3; j++) {
        if (!free[j]) continue;
        phi[j] = goldenMin(
          (x) => {
            const t = phi.slice() as Phi;
            t[j] = x;
            return objective(t);
          },
          ranges[j][0],
          ranges[j][1],
        );
      }
    }
    let current = objective(phi);
    for (let it = 0; it < GAUSS_NEWTON_STEPS && current > 1e-14; it++) {
      const grad = jacobian(phi);
      const p = predictAll(phi);
      const inv = invert(normal(grad));
      if (!inv) break;
      const g = idx.map((_, a) =>
        parts.reduce(
          (acc, part, gi) =>
            acc + used.reduce((s2, k) => s2 + (part.n[k] > 0 ? part.n[k] * grad[gi][k][a] * (part.sumLog[k] / part.n[k] - Math.log(p[gi][k])) : 0), 0),
          0,
        ),
      );
      const step = idx.map((_, a) => idx.reduce((acc, __, b) => acc + inv[a][b] * g[b], 0));
      let scale = 1;
      let accepted = false;
      for (let h = 0; h < 5 && !accepted; h++, scale /= 2) {
        const t = phi.slice() as Phi;
        idx.forEach((j, a) => (t[j] += scale * step[a]));
        const value = objective(t);
        if (value < current) {
          idx.forEach((j) => (phi[j] = t[j]));
          current = value;
          accepted = true;
        }
      }
      if (!accepted) break;
    }
  }
  // Clamp to the bounds the scenario can hold, so the reported values are those used.
  phi[0] = Math.log(Math.min(BOUNDS.mfu[1], Math.max(BOUNDS.mfu[0], Math.exp(phi[0]))));
  phi[1] = Math.log(Math.min(BOUNDS.eff[1], Math.max(BOUNDS.eff[0], Math.exp(phi[1]))));
  phi[2] = Math.max(0, phi[2]);

  const predictedByGroup = predictAll(phi);

  // Residuals: per measurement log(measured / predicted); Σ r² = Σ_gk [Σ ln² m − 2 ln p Σ ln m + n ln² p].
  // The predicted pilot figure of a kind is the mean prediction over its measurements.
  const byKind: Record<Kind, number | null> = { stepSeconds: null, rolloutSeconds: null, trainSeconds: null, tokensPerSecond: null };
  const predicted = zeros();
  let rss = 0;
  for (const k of KINDS) {
    let ssKind = 0;
    let weighted = 0;
    parts.forEach((g, gi) => {
      if (g.n[k] === 0) return;
      const lp = Math.log(predictedByGroup[gi][k]);
      ssKind += Math.max(0, g.sumSq[k] - 2 * lp * g.sumLog[k] + g.n[k] * lp * lp);
      weighted += g.n[k] * predictedByGroup[gi][k];
    });
    // A kind never measured is predicted for the pilot scenario's own GPUs.
    predicted[k] = n[k] > 0 ? weighted / n[k] : predictPilot(withParameters(pilot, phi))[k];
    if (n[k] === 0) continue;
    byKind[k] = Math.sqrt(ssKind / n[k]);
    rss += ssKind;
  }
  const s2 = rss / (N - q);

  const gradFit = jacobian(phi);
  const fisher = normal(gradFit);
  const inv = invert(fisher) ?? fisher.map((row, a) => row.map((_, b) => (a === b ? 1 / Math.max(fisher[a][a], 1e-12) : 0)));
  // The measurements of one row come from one step and err together (a slow step is slow in its
  // step, rollout and tokens per second), so the rows, not the measurements, are the independent
  // draws: the covariance is the sandwich (cluster-robust) one, inv · Σ_rows s_r s_rᵀ · inv with
  // s_r = Σ_k G_k r_rk (r_rk: the row's log residual of kind k), scaled by R / (R − q). With
  // independent errors it is s² · inv, as before; with errors shared within a row it is wider.
  const meat = idx.map(() => idx.map(() => 0));
  for (const { group, logs } of rowLogs) {
    const gi = parts.indexOf(group);
    const score = idx.map((_, a) =>
      KINDS.reduce((acc, k) => (logs[k] === undefined ? acc : acc + gradFit[gi][k][a] * (logs[k] - Math.log(predictedByGroup[gi][k]))), 0),
    );
    idx.forEach((_, a) => idx.forEach((__, b) => (meat[a][b] += score[a] * score[b])));
  }
  const R = rowLogs.length;
  const small = R > q ? R / (R - q) : 1;
  const sandwich = inv.map((ra) => idx.map((_, b) => small * ra.reduce((acc, v, c) => acc + v * meat[c].reduce((m, w, d) => m + w * inv[d][b], 0), 0)));
  // Never narrower than the ordinary estimate (a handful of rows can understate their spread).
  const rowCov = sandwich.map((row, a) => row.map((v, b) => (a === b ? Math.max(v, inv[a][b] * s2) : v)));
  // The correction of each group and kind is a simulated mean, known to its sampling error: an
  // error shared by the group's measurements of that kind and correlated between kinds (C_g, the
  // relative covariance of the means), adding inv · Σ_g Σ_kl n_gk n_gl C_g[k][l] G_gk G_glᵀ · inv.
  const shared = idx.map((_, a) =>
    idx.map((__, b) =>
      parts.reduce(
        (acc, g, gi) =>
          acc +
          used.reduce(
            (s3, k) => s3 + used.reduce((s4, l) => s4 + g.n[k] * g.n[l] * correctionCovariance[gi][k][l] * gradFit[gi][k][a] * gradFit[gi][l][b], 0),
            0,
          ),
        0,
      ),
    ),
  );
  const sharedCov = inv.map((ra) => idx.map((_, b) => ra.reduce((acc, v, c) => acc + v * shared[c].reduce((m, w, d) => m + w * inv[d][b], 0), 0)));
  const cov = rowCov.map((row, a) => row.map((v, b) => v + sharedCov[a][b]));
  const se = [0, 0, 0];
  idx.forEach((j, a) => (se[j] = Math.sqrt(Math.max(0, cov[a][a]))));
  const obsOf = [n.trainSeconds, n.rolloutSeconds + n.tokensPerSecond + (n.rolloutSeconds + n.tokensPerSecond > 0 ? 0 : n.stepSeconds), n.stepSeconds];

  // Projection of the full-scale run at the fit and over parameter draws: the estimate, times the
  // simulation's step time over the estimate's on the full-scale run at the fit (its first
  // PROJECTION_STEPS steps). The simulated steps vary, so that correction is known to
  // sd / √(steps simulated) and the run's own mean to sd / √(steps): both enter each draw as
  // log-normal factors, beside the parameters' uncertainty.
  const atFit = withParameters(target, phi);
  const short = { ...atFit, steps: Math.min(target.steps, PROJECTION_STEPS) };
  const simulated = runScenario(short);
  const modelRatio = simulated.step.meanSeconds / estimateScenario(short).step.meanSeconds;
  const cv = stepCv(simulated.stepSeconds);
  const sampling = Math.sqrt((cv * cv) / Math.max(1, short.steps) + (cv * cv) / Math.max(1, target.steps));
  const project = (p: Phi, factor: number) => {
    const r = estimateScenario(withParameters(target, p));
    // Wall time and cost scale with the step time.
    const f = modelRatio * factor;
    return { step: r.step.meanSeconds * f, wall: r.totals.wallHours * f, cost: r.totals.costRun * f, gpuHours: r.totals.gpuHours * f };
  };
  const mid = project(phi, 1);
  const chol = cholesky(cov);
  const rng = new Rng(1);
  const draws = { step: [] as number[], wall: [] as number[], cost: [] as number[] };
  for (let d = 0; d < DRAWS; d++) {
    const z = idx.map(() => rng.normal());
    const p = phi.slice() as Phi;
    idx.forEach((j, a) => {
      let dv = 0;
      for (let b = 0; b <= a; b++) dv += chol[a][b] * z[b];
      p[j] += dv;
    });
    const x = project(p, Math.exp(sampling * rng.normal()));
    draws.step.push(x.step);
    draws.wall.push(x.wall);
    draws.cost.push(x.cost);
  }
  const band = (xs: number[], m: number) => {
    const sorted = xs.slice().sort((a, b) => a - b);
    return { p10: quantile(sorted, 0.1), mid: m, p90: quantile(sorted, 0.9) };
  };
  const gpuName = typeof target.cluster.gpu === 'string' ? target.cluster.gpu : target.cluster.gpu.name;
  const meanOf = (k: Kind) => (n[k] > 0 ? sum[k] / n[k] : null);
  return {
    parameters: {
      mfu: { value: Math.exp(phi[0]), fitted: free[0], se: se[0], observations: free[0] ? obsOf[0] : 0 },
      decodeBandwidthEfficiency: { value: Math.exp(phi[1]), fitted: free[1], se: se[1], observations: free[1] ? obsOf[1] : 0 },
      overheadSeconds: { value: phi[2], fitted: free[2], se: se[2], observations: free[2] ? obsOf[2] : 0 },
    },
    overheadPath: overheadPath(pilot),
    residual: { rms: Math.sqrt(rss / N), observations: N, byKind },
    pilot: {
      rows: rows.length,
      measured: {
        stepSeconds: meanOf('stepSeconds'),
        rolloutSeconds: meanOf('rolloutSeconds'),
        trainSeconds: meanOf('trainSeconds'),
        tokensPerSecond: meanOf('tokensPerSecond'),
      },
      predicted,
    },
    projection: {
      steps: target.steps,
      gpus: target.cluster.gpus,
      gpu: gpuName,
      paramsB: target.model.paramsB,
      archetype: target.cost.archetype,
      stepSeconds: band(draws.step, mid.step),
      wallHours: band(draws.wall, mid.wall),
      costUsd: band(draws.cost, mid.cost),
      gpuHours: mid.gpuHours,
      draws: DRAWS,
    },
  };
}
