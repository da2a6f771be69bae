import type { SimScenarioParsed } from '../../../shared/cost/schema';
import { Rng } from '../../engine/rng';
import { estimateScenario } from '../analytic';
import { runScenario } from '../run';
import { cholesky, quantile, stepCv } from './numeric';
import { withParameters, type Phi } from './pilot';

export const DRAWS = 64;
/** Steps of the full-scale run the simulation runs to correct the projection (at most). */
const PROJECTION_STEPS = 32;

/**
 * Projection of the full-scale run at the fit and over parameter draws: the estimate, times the
 * simulation's step time over the estimate's on the full-scale run at the fit (its first
 * PROJECTION_STEPS steps). The simulated steps vary, so that correction is known to
 * sd / √(steps simulated) and the run's own mean to sd / √(steps): both enter each draw as
 * log-normal factors, beside the parameters' uncertainty (`cov` over the free parameters `idx`).
 * Wall time and cost scale with the step time.
 */
export function projectTarget(target: SimScenarioParsed, phi: Phi, cov: number[][], idx: number[]) {
  const atFit = withParameters(target, phi);
  const short = { ...atFit, steps: Math.min(target.steps, PROJECTION_STEPS) };
  const simulated = runScenario(short);
  const modelRatio = simulated.step.meanSeconds / estimateScenario(short).step.meanSeconds;
  const cv = stepCv(simulated.stepSeconds);
  const sampling = Math.sqrt((cv * cv) / Math.max(1, short.steps) + (cv * cv) / Math.max(1, target.steps));
  const project = (p: Phi, factor: number) => {
    const r = estimateScenario(withParameters(target, p));
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
  return {
    steps: target.steps,
    gpus: target.cluster.gpus,
    gpu: typeof target.cluster.gpu === 'string' ? target.cluster.gpu : target.cluster.gpu.name,
    paramsB: target.model.paramsB,
    archetype: target.cost.archetype,
    stepSeconds: band(draws.step, mid.step),
    wallHours: band(draws.wall, mid.wall),
    costUsd: band(draws.cost, mid.cost),
    gpuHours: mid.gpuHours,
    draws: DRAWS,
  };
}
