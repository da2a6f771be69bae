import type { PilotRow, SimCalibration, SimScenarioParsed } from '../../shared/cost/schema';
import { fitParameters, groupRows } from './calibration/fit';
import { overheadPath } from './calibration/pilot';
import { DRAWS, projectTarget } from './calibration/projection';
import { parameterCovariance, residuals } from './calibration/uncertainty';

export { predictPilot, simulatePilot, withParameters } from './calibration/pilot';
export { DRAWS };

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

/** Fits the pilot and projects the target (see the module comment). Throws SimInputError on unusable input. */
export function calibrate(pilot: SimScenarioParsed, rows: readonly PilotRow[], target: SimScenarioParsed): SimCalibration {
  const f = groupRows(pilot, rows);
  const { n, N, q, free, idx } = f;
  const phi = fitParameters(f, pilot);
  const { predictedByGroup, byKind, predicted, rss } = residuals(f, phi, pilot);
  const cov = parameterCovariance(f, phi, predictedByGroup, rss / (N - q));
  const se = [0, 0, 0];
  idx.forEach((j, a) => (se[j] = Math.sqrt(Math.max(0, cov[a][a]))));
  const obsOf = [n.trainSeconds, n.rolloutSeconds + n.tokensPerSecond + (n.rolloutSeconds + n.tokensPerSecond > 0 ? 0 : n.stepSeconds), n.stepSeconds];
  const meanOf = (k: keyof typeof n) => (n[k] > 0 ? f.sum[k] / n[k] : null);
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
    projection: projectTarget(target, phi, cov, idx),
  };
}
