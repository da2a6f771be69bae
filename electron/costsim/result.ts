import type { SimResult } from '../../shared/cost/schema';
import { decodeStepSeconds } from './decode';
import { costByArchetype } from './money';
import { assumptions, type ResolvedScenario } from './scenario';
import { activationGB, trainFitsInMemory, youngDalySeconds } from './train';

/** What the discrete-event simulation and the analytic estimate both produce. */
export interface RunFigures {
  method: SimResult['method'];
  /** Per-step seconds (DES); empty for the estimate. */
  stepSeconds: ArrayLike<number>;
  meanStep: number;
  p50Step: number;
  p90Step: number;
  rolloutSeconds: number;
  trainSeconds: number;
  syncSeconds: number;
  failureSeconds: number;
  wallSeconds: number;
  generatedTokens: number;
  trainedTokens: number;
  wastedTokens: number;
  rollouts: number;
  failedRollouts: number;
  retriedRollouts: number;
  truncatedRollouts: number;
  gpuFailures: number;
  trainFlops: number;
  /** Σ over engines of seconds decoding / prefilling / loading weights. */
  decodeEngineSeconds: number;
  prefillEngineSeconds: number;
  syncEngineSeconds: number;
  /** Seconds the trainer trained / synced in total. */
  trainBusySeconds: number;
  syncBusySeconds: number;
  longestRolloutMinDecodeSeconds: number;
  /** Paged KV figures. */
  meanDecodingPerEngine: number;
  preemptions: number;
  reprefillTokens: number;
  toolCacheHitRate: number;
  /** Mean seconds per step writing checkpoints / evaluating. */
  checkpointSecondsPerStep: number;
  evalSecondsPerStep: number;
  generatedPerTrained: number;
  policyLag: { mean: number; p99: number; max: number };
  /** The estimate's expected distance to the discrete-event result (analytic only). */
  errorBand?: number;
  /** Whether the scenario lies in the region the estimate was validated on (analytic only). */
  estimateRegion?: SimResult['estimateRegion'];
}

const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);

/** Nearest-rank percentile of a sample. */
export function percentileOf(values: ArrayLike<number>, p: number): number {
  const a = Float64Array.from(values).sort();
  if (a.length === 0) return 0;
  return a[Math.min(a.length - 1, Math.max(0, Math.ceil((p / 100) * a.length) - 1))];
}

function subsample(values: ArrayLike<number>, max: number): number[] {
  const n = values.length;
  if (n <= max) return Array.from(values);
  const out: number[] = [];
  for (let i = 0; i < max; i++) out.push(values[Math.floor((i * n) / max)]);
  return out;
}

/**
 * Turns run figures into the contract's result: utilisation and idle per pool, money per
 * archetype, derived engine facts and the assumptions list.
 *
 * gpuUtilization.rollout = (decode seconds · bandwidth efficiency + prefill seconds · prefill MFU) / (engines · wall)
 * gpuUtilization.train   = training FLOPs / (train GPUs · peak · wall)
 * idleFraction: share of the pool's time with nothing running; colocated pools share GPUs, so
 * both report the idle share of the same GPUs.
 */
export function buildResult(r: ResolvedScenario, f: RunFigures): SimResult {
  const s = r.scenario;
  const wall = Math.max(f.wallSeconds, 1e-9);
  const E = r.engines;
  const rolloutBusy = (f.decodeEngineSeconds + f.prefillEngineSeconds + f.syncEngineSeconds) / (E * wall);
  const trainBusy = (f.trainBusySeconds + f.syncBusySeconds) / wall;
  let idleRollout = clamp01(1 - rolloutBusy);
  let idleTrain = clamp01(1 - trainBusy);
  if (s.cluster.colocated) {
    const trainOnly = f.trainBusySeconds / wall;
    idleRollout = idleTrain = clamp01(1 - (f.decodeEngineSeconds + f.prefillEngineSeconds) / (E * wall) - trainOnly);
  }
  const utilRollout = clamp01((f.decodeEngineSeconds * s.cluster.decodeBandwidthEfficiency + f.prefillEngineSeconds * s.cluster.prefillMfu) / (E * wall));
  const utilTrain = clamp01(f.trainFlops / (r.trainGpus * r.train.peakFlops * wall));
  const wallHours = f.wallSeconds / 3600;
  const costs = costByArchetype(s.cost, r.gpu, { gpus: r.poolGpus, wallHours, steps: s.steps });
  const chosen = costs[s.cost.archetype];
  return {
    method: f.method,
    step: {
      meanSeconds: f.meanStep,
      p50Seconds: f.p50Step,
      p90Seconds: f.p90Step,
      rolloutSeconds: f.rolloutSeconds,
      trainSeconds: f.trainSeconds,
      syncSeconds: f.syncSeconds,
      failureSeconds: f.failureSeconds,
    },
    stepSeconds: subsample(f.stepSeconds, 2000),
    gpuUtilization: { rollout: utilRollout, train: utilTrain },
    idleFraction: { rollout: idleRollout, train: idleTrain },
    totals: {
      wallHours,
      gpuHours: r.poolGpus * wallHours,
      generatedTokens: f.generatedTokens,
      trainedTokens: f.trainedTokens,
      wastedTokens: f.wastedTokens,
      rollouts: f.rollouts,
      failedRollouts: f.failedRollouts,
      retriedRollouts: f.retriedRollouts,
      truncatedRollouts: f.truncatedRollouts,
      gpuFailures: f.gpuFailures,
      costTotal: chosen.total,
      costRun: chosen.run,
      costPerStep: chosen.perStep,
      costBreakdown: chosen.breakdown,
    },
    costByArchetype: costs,
    engine: {
      gpu: r.gpu.name,
      rolloutGpus: r.rolloutGpus,
      trainGpus: r.trainGpus,
      engines: r.engines,
      sequencesPerEngine: f.meanDecodingPerEngine,
      weightGB: r.shape.weightBytes / 1e9,
      kvBytesPerToken: r.shape.kvBytesPerToken,
      layers: r.shape.layers,
      dModel: Math.round(r.shape.dModel),
      minInterTokenMs: decodeStepSeconds(r.engine, 1, s.rollout.promptTokens) * 1000,
      trainFlopsPerStep: f.trainFlops / s.steps,
      activationGBPerGpu: activationGB(r.shape, s.training.microBatchTokens, s.training.mixedPrecision),
      trainFitsInMemory: trainFitsInMemory(r.train),
      longestRolloutMinDecodeSeconds: f.longestRolloutMinDecodeSeconds,
    },
    assumptions: assumptions(r),
    kv: {
      poolTokensPerEngine: r.kvPoolTokens,
      meanDecodingPerEngine: f.meanDecodingPerEngine,
      preemptions: f.preemptions,
      reprefillTokens: f.reprefillTokens,
      toolCacheHitRate: f.toolCacheHitRate,
    },
    overheads: {
      weightUpdateSeconds: r.syncSeconds,
      checkpointWriteSeconds: r.checkpointWriteSeconds,
      checkpointSecondsPerStep: f.checkpointSecondsPerStep,
      optimalCheckpointMinutes: youngDalySeconds(r.checkpointWriteSeconds, r.failureRate) / 60,
      evalSecondsPerStep: f.evalSecondsPerStep,
      generatedPerTrained: f.generatedPerTrained,
    },
    policyLag: f.policyLag,
    ...(f.errorBand !== undefined ? { errorBand: f.errorBand } : {}),
    ...(f.estimateRegion !== undefined ? { estimateRegion: f.estimateRegion } : {}),
  };
}
