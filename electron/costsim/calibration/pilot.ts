import type { SimCalibration, SimScenarioParsed } from '../../../shared/cost/schema';
import { estimateFigures } from '../analytic';
import { resolveScenario, SimInputError } from '../scenario';
import { simulate } from '../simulate';

/** Steps of a pilot the simulation runs to correct the fit (at least). */
const PILOT_STEPS = 64;
export const BOUNDS = { mfu: [0.01, 1], eff: [0.02, 1] } as const;

export type Kind = 'stepSeconds' | 'rolloutSeconds' | 'trainSeconds' | 'tokensPerSecond';
export const KINDS: readonly Kind[] = ['stepSeconds', 'rolloutSeconds', 'trainSeconds', 'tokensPerSecond'];
export type Figures = Record<Kind, number>;
export const zeros = (): Figures => ({ stepSeconds: 0, rolloutSeconds: 0, trainSeconds: 0, tokensPerSecond: 0 });

/** φ: [ln MFU, ln decode efficiency, overhead seconds]. */
export type Phi = [number, number, number];

export function overheadKey(s: SimScenarioParsed): 'engineSleepWakeSeconds' | 'syncLatencySeconds' {
  return s.cluster.colocated ? 'engineSleepWakeSeconds' : 'syncLatencySeconds';
}

export function overheadPath(s: SimScenarioParsed): SimCalibration['overheadPath'] {
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

/**
 * The pilot figures the estimate predicts for a scenario (per-step means): its figures, without
 * the full result (costs, assumptions) the search has no use for; the same numbers as
 * `estimateScenario`'s step and totals.
 */
export function predictPilot(s: SimScenarioParsed): Figures {
  const f = estimateFigures(resolveScenario(s));
  return {
    stepSeconds: f.meanStep,
    rolloutSeconds: f.rolloutSeconds,
    trainSeconds: f.trainSeconds,
    tokensPerSecond: f.generatedTokens / Math.max(1, s.steps) / f.meanStep,
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
export function onGpus(pilot: SimScenarioParsed, gpus: number): SimScenarioParsed {
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
