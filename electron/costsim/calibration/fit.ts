import type { PilotRow, SimScenarioParsed } from '../../../shared/cost/schema';
import { SimInputError } from '../scenario';
import { goldenMin, invert } from './numeric';
import { BOUNDS, KINDS, onGpus, overheadKey, predictPilot, simulatePilot, withParameters, zeros, type Figures, type Kind, type Phi } from './pilot';

/** Fits with the estimate corrected by the simulation at the last fit (see calibrate.ts). */
const CORRECTIONS = 2;
const SWEEPS = 1;
const GAUSS_NEWTON_STEPS = 6;

/** A GPU count's rows: its scenario and, per kind, the count, sum, sum of logs and of squared logs of the measurements. */
export interface Group {
  scenario: SimScenarioParsed;
  n: Figures;
  sum: Figures;
  sumLog: Figures;
  sumSq: Figures;
}

/** Per row: its group and the logs of its measurements. */
export interface RowLogs {
  group: Group;
  logs: Partial<Figures>;
}

/**
 * The fit's state: the pilot rows grouped by GPU count, the kinds measured, which parameters
 * the measurements inform (`free`, indices `idx`), and per group the correction (the
 * simulation's figure over the estimate's at the last fit, 1 before the first: the estimate's
 * own error there, which the fit must not absorb into the parameters) with the relative
 * covariance between kinds of the simulated pilot behind it.
 */
export interface Fit {
  parts: Group[];
  rowLogs: RowLogs[];
  /** Measurements per kind, and their sums. */
  n: Figures;
  sum: Figures;
  used: Kind[];
  /** Measurements in all. */
  N: number;
  free: [boolean, boolean, boolean];
  /** Free parameters. */
  q: number;
  idx: number[];
  /** Central-difference steps per parameter. */
  deltas: number[];
  correction: Figures[];
  correctionCovariance: Record<Kind, Figures>[];
  /** Per group, the estimate's pilot figures by φ already evaluated (the search revisits points). */
  predicted: Map<string, Figures>[];
}

/** Groups the rows by the GPUs they ran on and states which parameters they inform. Throws SimInputError on unusable rows. */
export function groupRows(pilot: SimScenarioParsed, rows: readonly PilotRow[]): Fit {
  const groups = new Map<number, Group>();
  const n = zeros();
  const sum = zeros();
  const rowLogs: RowLogs[] = [];
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
  const stepMean = n.stepSeconds > 0 ? sum.stepSeconds / n.stepSeconds : 0;
  return {
    parts,
    rowLogs,
    n,
    sum,
    used,
    N,
    free,
    q,
    idx: [0, 1, 2].filter((j) => free[j]),
    deltas: [0.02, 0.02, Math.max(0.05, 0.02 * Math.max(1, stepMean))],
    correction: parts.map(() => ({ stepSeconds: 1, rolloutSeconds: 1, trainSeconds: 1, tokensPerSecond: 1 })),
    correctionCovariance: parts.map(() => ({ stepSeconds: zeros(), rolloutSeconds: zeros(), trainSeconds: zeros(), tokensPerSecond: zeros() })),
    predicted: parts.map(() => new Map()),
  };
}

/** A group's pilot figures the estimate predicts with the parameters φ (uncorrected; a copy). */
function estimated(f: Fit, gi: number, phi: Phi): Figures {
  const key = `${phi[0]} ${phi[1]} ${phi[2]}`;
  let p = f.predicted[gi].get(key);
  if (!p) f.predicted[gi].set(key, (p = predictPilot(withParameters(f.parts[gi].scenario, phi))));
  return { ...p };
}

/** Each group's predicted pilot figures with the parameters φ (the estimate, corrected). */
export function predictAll(f: Fit, phi: Phi): Figures[] {
  return f.parts.map((_, gi) => {
    const p = estimated(f, gi, phi);
    for (const k of KINDS) p[k] *= f.correction[gi][k];
    return p;
  });
}

/** Σ_gk n_gk (mean log measured_gk − log predicted_gk)². */
function objective(f: Fit, phi: Phi): number {
  const p = predictAll(f, phi);
  let j = 0;
  f.parts.forEach((g, gi) => {
    for (const k of f.used) if (g.n[k] > 0) j += g.n[k] * (g.sumLog[k] / g.n[k] - Math.log(p[gi][k])) ** 2;
  });
  return j;
}

/** Per group and kind, d ln(prediction) / d φ_j for the free j (central differences). */
export function jacobian(f: Fit, at: Phi): Record<Kind, number[]>[] {
  const grad = f.parts.map((): Record<Kind, number[]> => ({ stepSeconds: [], rolloutSeconds: [], trainSeconds: [], tokensPerSecond: [] }));
  for (const j of f.idx) {
    const up = at.slice() as Phi;
    const down = at.slice() as Phi;
    up[j] += f.deltas[j];
    down[j] = j === 2 ? Math.max(0, down[j] - f.deltas[j]) : down[j] - f.deltas[j];
    const pu = predictAll(f, up);
    const pd = predictAll(f, down);
    f.parts.forEach((_, gi) => {
      for (const k of KINDS) grad[gi][k].push((Math.log(pu[gi][k]) - Math.log(pd[gi][k])) / (up[j] - down[j]));
    });
  }
  return grad;
}

/** Σ_gk n_gk G_gk G_gkᵀ over the free parameters. */
export function normal(f: Fit, grad: Record<Kind, number[]>[]): number[][] {
  const { idx, parts, used } = f;
  return idx.map((_, a) => idx.map((__, b) => parts.reduce((acc, g, gi) => acc + used.reduce((s2, k) => s2 + g.n[k] * grad[gi][k][a] * grad[gi][k][b], 0), 0)));
}

/** The simulation of each group's pilot at the fit: its figures over the estimate's. */
function updateCorrection(f: Fit, phi: Phi): void {
  f.correction = f.parts.map((g, gi) => {
    const des = simulatePilot(withParameters(g.scenario, phi));
    const est = estimated(f, gi, phi);
    f.correctionCovariance[gi] = des.covariance;
    return {
      stepSeconds: des.figures.stepSeconds / est.stepSeconds,
      rolloutSeconds: des.figures.rolloutSeconds / est.rolloutSeconds,
      trainSeconds: des.figures.trainSeconds / est.trainSeconds,
      tokensPerSecond: des.figures.tokensPerSecond / est.tokensPerSecond,
    };
  });
}

/** One sweep of golden-section search per free parameter over its whole range. */
function coordinateSearch(f: Fit, phi: Phi, ranges: [number, number][]): void {
  for (let sweep = 0; sweep < SWEEPS; sweep++)
    for (let j = 0; j < 3; j++) {
      if (!f.free[j]) continue;
      phi[j] = goldenMin(
        (x) => {
          const t = phi.slice() as Phi;
          t[j] = x;
          return objective(f, t);
        },
        ranges[j][0],
        ranges[j][1],
      );
    }
}

/** Gauss–Newton steps (halved until the objective falls) from φ, in place. */
function gaussNewton(f: Fit, phi: Phi): void {
  const { idx, parts, used } = f;
  let current = objective(f, phi);
  for (let it = 0; it < GAUSS_NEWTON_STEPS && current > 1e-14; it++) {
    const grad = jacobian(f, phi);
    const p = predictAll(f, phi);
    const inv = invert(normal(f, grad));
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
      const value = objective(f, t);
      if (value < current) {
        idx.forEach((j) => (phi[j] = t[j]));
        current = value;
        accepted = true;
      }
    }
    if (!accepted) break;
  }
}

/**
 * The fitted parameters: coordinate descent from the pilot scenario's own values (robust start),
 * then Gauss–Newton steps to settle the coupled parameters precisely; repeated CORRECTIONS times
 * with the correction taken at the new fit. Clamped to the bounds the scenario can hold, so the
 * reported values are those used.
 */
export function fitParameters(f: Fit, pilot: SimScenarioParsed): Phi {
  const phi: Phi = [Math.log(pilot.cluster.mfu), Math.log(pilot.cluster.decodeBandwidthEfficiency), pilot.overheads[overheadKey(pilot)]];
  const stepMean = f.n.stepSeconds > 0 ? f.sum.stepSeconds / f.n.stepSeconds : 0;
  const ranges: [number, number][] = [
    [Math.log(BOUNDS.mfu[0]), Math.log(BOUNDS.mfu[1])],
    [Math.log(BOUNDS.eff[0]), Math.log(BOUNDS.eff[1])],
    [0, Math.max(1, stepMean)],
  ];
  for (let pass = 0; pass <= CORRECTIONS; pass++) {
    if (pass > 0) updateCorrection(f, phi);
    // The first pass searches each parameter's whole range; later ones start from the last fit.
    if (pass === 0) coordinateSearch(f, phi, ranges);
    gaussNewton(f, phi);
  }
  phi[0] = Math.log(Math.min(BOUNDS.mfu[1], Math.max(BOUNDS.mfu[0], Math.exp(phi[0]))));
  phi[1] = Math.log(Math.min(BOUNDS.eff[1], Math.max(BOUNDS.eff[0], Math.exp(phi[1]))));
  phi[2] = Math.max(0, phi[2]);
  return phi;
}
