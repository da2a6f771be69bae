import { simDefaults, type Assumption, type GpuSpec, type SimScenarioParsed } from '../../shared/cost/schema';
import { fitTail, type LogNormalTail } from './distributions';
import { DECODE_STEP_FLOOR_SECONDS, engineModel, kvPoolTokens, modelShape, type EngineModel, type ModelShape } from './decode';
import { peakFlops, resolveGpu, tf32PeakFlops } from './gpus';
import { engineFit, fittingTensorParallel } from '../../shared/cost/shape';
import type { TrainSetup } from './train';
import { checkpointBytes, weightUpdateSeconds } from './train';

/**
 * A scenario the physics cannot run (e.g. the model does not fit); `path` points at the field to
 * change, `code` and `params` say the same for the other language (shared/i18n/issues.ts)
 * and for a one-click fix (e.g. `fitTp`, the tensor-parallel degree that fits; 0 when none does).
 */
export class SimInputError extends Error {
  readonly path: string;
  readonly code: string | undefined;
  readonly params: Record<string, number>;
  constructor(path: string, message: string, code?: string, params: Record<string, number> = {}) {
    super(message);
    this.name = 'SimInputError';
    this.path = path;
    this.code = code;
    this.params = params;
  }
}

/** Everything the simulator and the analytic estimate need, derived once from a scenario. */
export interface ResolvedScenario {
  scenario: SimScenarioParsed;
  gpu: GpuSpec;
  shape: ModelShape;
  engine: EngineModel;
  /** Rollouts launched per training step = promptsPerStep × rolloutsPerPrompt. */
  batch: number;
  rolloutGpus: number;
  trainGpus: number;
  /** GPUs billed for the run (colocated: gpus; else rolloutGpus + trainGpus). */
  poolGpus: number;
  engines: number;
  /** Paged KV pool of one engine, tokens (memory left after weights / KV bytes per token). */
  kvPoolTokens: number;
  /** Scheduler cap on sequences decoding at once per engine. */
  maxDecoding: number;
  train: TrainSetup;
  /** Weight update to the inference engines per step, seconds (see `weightUpdateSeconds`). */
  syncSeconds: number;
  /** Writing one checkpoint, seconds. */
  checkpointWriteSeconds: number;
  /** Failures per second of the billed pool (GPU MTBF + spot interruptions). */
  failureRate: number;
  /** Rollouts launched per trained rollout because of dynamic sampling: 1 / (1 − drop rate). */
  samplingFactor: number;
  tails: { turns: LogNormalTail; generated: LogNormalTail; observation: LogNormalTail; tool: LogNormalTail };
}

/** Rollout and training GPUs (colocated: all of them for both) and the engines the rollout GPUs form. Throws when a pool is empty. */
function splitGpus(s: SimScenarioParsed): { rolloutGpus: number; trainGpus: number; engines: number } {
  const c = s.cluster;
  const tp = c.tensorParallel;
  let rolloutGpus: number;
  let trainGpus: number;
  if (c.colocated) {
    rolloutGpus = c.gpus;
    trainGpus = c.gpus;
  } else {
    rolloutGpus = c.rolloutGpus ?? (c.trainGpus !== null ? c.gpus - c.trainGpus : Math.max(tp, Math.floor(c.gpus / 2 / tp) * tp));
    trainGpus = c.trainGpus ?? c.gpus - rolloutGpus;
    if (trainGpus < 1) throw new SimInputError('cluster.rolloutGpus', 'No GPUs left for training: lower rolloutGpus or tensorParallel.', 'sim_no_train_gpus');
  }
  const engines = Math.floor(rolloutGpus / tp);
  if (engines < 1)
    throw new SimInputError('cluster.tensorParallel', `tensorParallel ${tp} is larger than the ${rolloutGpus} rollout GPUs.`, 'sim_tp_above_rollout_gpus', {
      tp,
      rolloutGpus,
      fitTp: fittingTensorParallel(s) ?? 0,
    });
  return { rolloutGpus, trainGpus, engines };
}

/** Like vLLM, an engine must hold one sequence at the full context window: throws when it cannot. */
function checkEngineFits(s: SimScenarioParsed, gpu: GpuSpec): void {
  const c = s.cluster;
  const tp = c.tensorParallel;
  const fit = engineFit(s, tp);
  if (fit.fits) return;
  throw new SimInputError(
    'cluster.tensorParallel',
    `The model (${fit.weightGB.toFixed(1)} GB of weights) plus one ${s.rollout.maxContextTokens}-token KV cache (${fit.needGB.toFixed(1)} GB in all) does not fit in ${tp} × ${gpu.memoryGB} GB × ${c.gpuMemoryUtilization}: raise tensorParallel or lower maxContextTokens.`,
    'sim_model_does_not_fit',
    {
      weightGB: Number(fit.weightGB.toFixed(1)),
      needGB: Number(fit.needGB.toFixed(1)),
      context: s.rollout.maxContextTokens,
      tp,
      memoryGB: gpu.memoryGB,
      utilization: c.gpuMemoryUtilization,
      fitTp: fittingTensorParallel(s) ?? 0,
    },
  );
}

export function resolveScenario(s: SimScenarioParsed): ResolvedScenario {
  const gpu = resolveGpu(s.cluster.gpu);
  const shape = modelShape(s.model);
  const c = s.cluster;
  const tp = c.tensorParallel;
  const { rolloutGpus, trainGpus, engines } = splitGpus(s);
  checkEngineFits(s, gpu);
  const pool = kvPoolTokens({
    memoryGB: gpu.memoryGB,
    tensorParallel: tp,
    memoryUtilization: c.gpuMemoryUtilization,
    weightBytes: shape.weightBytes,
    kvBytesPerToken: shape.kvBytesPerToken,
  });
  const peak = peakFlops(gpu, s.model.precision);
  const engine = engineModel(
    shape,
    { memoryBandwidthTBps: gpu.memoryBandwidthTBps, peakFlops: peak, interconnectGBps: gpu.interconnectGBps },
    tp,
    c.decodeBandwidthEfficiency,
    c.prefillMfu,
    c.cudaGraphs,
    c.decodeStepHostSeconds,
    c.networkGBps,
    c.decodeStepFloorSeconds ?? DECODE_STEP_FLOOR_SECONDS,
  );
  const train: TrainSetup = {
    shape,
    trainGpus,
    // fp32 training runs its matmuls on TF32 tensor cores, whatever the model's precision.
    peakFlops: s.training.mixedPrecision ? peak : tf32PeakFlops(gpu),
    mfu: c.mfu,
    memoryGB: gpu.memoryGB,
    memoryBandwidthTBps: gpu.memoryBandwidthTBps,
    interconnectGBps: gpu.interconnectGBps,
    microBatchTokens: s.training.microBatchTokens,
    gradientAccumulation: s.training.gradientAccumulation,
    extraForwardPasses: s.training.extraForwardPasses,
    critic: s.training.critic,
    mixedPrecision: s.training.mixedPrecision,
  };
  const o = s.overheads;
  const syncSeconds = weightUpdateSeconds({
    weightBytes: shape.weightBytes,
    params: shape.params,
    colocated: c.colocated,
    interconnectGBps: gpu.interconnectGBps,
    networkGBps: c.networkGBps,
    hostLinkGBps: c.hostLinkGBps,
    trainGpus,
    sleepWakeSeconds: o.engineSleepWakeSeconds,
    offloadTrainerState: o.offloadTrainerState,
    latencySeconds: o.syncLatencySeconds,
  });
  const poolGpus = (c.colocated ? c.gpus : rolloutGpus + trainGpus) + s.environment.rewardModelGpus;
  const nodes = Math.ceil(poolGpus / 8);
  const failureRate = poolGpus / (s.reliability.gpuMtbfHours * 3600) + (s.cost.pricing === 'spot' ? (nodes * s.cost.spotInterruptionsPerNodeHour) / 3600 : 0);
  const r = s.rollout;
  return {
    scenario: s,
    gpu,
    shape,
    engine,
    batch: s.promptsPerStep * s.rolloutsPerPrompt,
    rolloutGpus,
    trainGpus,
    poolGpus,
    engines,
    kvPoolTokens: pool,
    maxDecoding: c.maxSequencesPerEngine,
    train,
    syncSeconds,
    checkpointWriteSeconds: checkpointBytes(shape.params) / (o.storageGBps * 1e9),
    failureRate,
    samplingFactor: 1 / (1 - s.environment.dynamicSamplingDropRate),
    tails: {
      turns: fitTail(r.turns),
      generated: fitTail(r.generatedTokensPerTurn),
      observation: fitTail(r.observationTokensPerTurn),
      tool: fitTail(r.toolLatencySeconds),
    },
  };
}

/** Why each field matters and its unit, for the assumptions list. */
const NOTES: Record<string, string> = {
  seed: 'PRNG seed (xoshiro128**); same seed, same result.',
  steps: 'Training steps simulated.',
  promptsPerStep: 'Prompts per training step.',
  rolloutsPerPrompt: 'Rollouts per prompt (group size).',
  'rollout.turns': 'Turns per rollout: log-normal from median and p99, capped at max, rounded.',
  'rollout.generatedTokensPerTurn': 'Generated tokens per turn: log-normal, capped.',
  'rollout.observationTokensPerTurn': 'Observation tokens appended per turn: log-normal, capped.',
  'rollout.toolLatencySeconds': 'Tool/sandbox latency per call, seconds: log-normal, capped.',
  'rollout.promptTokens': 'Prompt tokens per rollout.',
  'rollout.maxContextTokens': 'Context window (an engine must hold one full window of KV); KV pages are allocated as tokens are used.',
  'rollout.overflow': 'Policy when the context would exceed the window.',
  'rollout.summaryTokens': 'Tokens generated by a summarize overflow.',
  'rollout.envFailureRate': 'Probability a tool call fails its sandbox (rollout restarts).',
  'rollout.envMaxRetries': 'Restarts per rollout before it counts as failed.',
  'model.paramsB': 'Total parameters, billions.',
  'model.activeParamsB': 'Active parameters per token, billions (null = dense).',
  'model.precision': 'Weights, KV and training precision.',
  'model.layers': 'Layers (null = rule of thumb d/layers = 128, params = 12·layers·d²).',
  'model.kvHeads': 'KV heads (null = 8, GQA).',
  'model.headDim': 'Head dimension (null = 128).',
  'cluster.gpu': 'GPU model (catalogue or custom).',
  'cluster.gpus': 'GPUs in the run.',
  'cluster.rolloutGpus': 'Rollout pool GPUs.',
  'cluster.trainGpus': 'Training pool GPUs.',
  'cluster.colocated': 'Rollout and training share GPUs, taking turns.',
  'cluster.tensorParallel': 'GPUs per inference engine.',
  'cluster.mfu': 'Training MFU (fraction of the precision peak).',
  'cluster.prefillMfu': 'Prefill MFU on inference engines.',
  'cluster.decodeBandwidthEfficiency': 'Achieved fraction of memory bandwidth in decode.',
  'cluster.cudaGraphs': 'Decode as CUDA graphs; off (eager) adds a kernel-launch cost per layer and decode step.',
  'cluster.decodeStepHostSeconds':
    'Host (CPU) time per decode step the GPU waits for: ~4 ms with vLLM’s synchronous scheduler, 0 when overlapped (SGLang, vLLM async scheduling).',
  'cluster.decodeStepFloorSeconds':
    'Shortest decode step, seconds: the engine’s fixed per-step work an overlapping scheduler hides but cannot go below (null = ~3.8 ms, the intercept of Qwen2.5 1.5B/7B single-stream vLLM speeds).',
  'cluster.gpuMemoryUtilization': 'Fraction of GPU memory for weights + KV.',
  'cluster.maxSequencesPerEngine': 'Scheduler cap on concurrent sequences per engine.',
  'cluster.networkGBps': 'Network bandwidth for weight sync between pools, GB/s.',
  'cluster.preemption': 'KV pool full: recompute (drop KV, re-prefill) or swap (to host and back).',
  'cluster.kvDuringTool': 'KV during a tool call: free (evictable prefix cache) or keep (pinned).',
  'cluster.hostLinkGBps': 'Host link per GPU (PCIe), GB/s: KV swap and offload.',
  'training.critic': 'PPO critic: +8·N FLOPs per token.',
  'overheads.engineSleepWakeSeconds': 'Colocated: engine sleep/wake per step, seconds.',
  'overheads.offloadTrainerState': 'Colocated: trainer state offloaded to host and reloaded each step.',
  'overheads.syncLatencySeconds': 'Disaggregated weight broadcast latency floor, seconds.',
  'overheads.storageGBps': 'Checkpoint write bandwidth, GB/s.',
  'overheads.evalEverySteps': 'Evaluation every N steps (0 = none).',
  'overheads.evalSeconds': 'Duration of one evaluation, seconds.',
  'environment.sandboxStartSeconds': 'Sandbox start-up per rollout, seconds.',
  'environment.maxConcurrentSandboxes': 'Cap on sandboxes alive at once (null = none).',
  'environment.rewardSeconds': 'Reward/verifier latency per rollout, seconds.',
  'environment.rewardModelGpus': 'Billed GPUs serving a reward model.',
  'environment.dynamicSamplingDropRate': 'Fraction of groups dropped by dynamic sampling.',
  'cost.pricing': 'Rented capacity: on-demand or spot for the run’s hours, reserved for the whole horizon.',
  'cost.reservedDiscountPercent': 'Reserved discount, percent.',
  'cost.spotDiscountPercent': 'Spot discount, percent.',
  'cost.spotInterruptionsPerNodeHour': 'Spot interruptions per 8-GPU node-hour (failures).',
  'training.microBatchTokens': 'Tokens per GPU per micro-batch.',
  'training.gradientAccumulation': 'Micro-batches per optimizer step.',
  'training.mixedPrecision': 'Mixed-precision training; off = fp32 (TF32 peak, half the bf16 one; activations 4 B instead of 2).',
  'training.extraForwardPasses': 'Extra forward passes per token (old log-probs, reference).',
  'system.mode': 'sync or async generation.',
  'system.staleness': 'Async: batches generation may run ahead of training.',
  'system.partialRollout':
    'Rollouts pause at the per-step token cut-off and resume next step; a weight update interrupts those in flight, which recompute their KV.',
  'system.partialCutoffTokens': 'Tokens a rollout may generate per step with partial rollout.',
  'reliability.gpuMtbfHours': 'MTBF per GPU, hours (failures over the pool: gpus / MTBF).',
  'reliability.checkpointMinutes': 'Checkpoint interval, minutes.',
  'reliability.restartMinutes': 'Restart time after a failure, minutes.',
  'cost.archetype': 'Archetype reported in totals.costTotal.',
  'cost.horizonMonths': 'Billing horizon, months of 730 h.',
  'cost.gpuHourPrice': 'Rental USD per GPU-hour (null = catalogue).',
  'cost.platformFeePercent': 'Managed platform fee, percent.',
  'cost.storageGB': 'Storage on the platform, GB.',
  'cost.storagePerGBMonth': 'Storage USD per GB-month.',
  'cost.purchasePricePerGpu': 'Purchase USD per GPU (null = catalogue).',
  'cost.serverOverheadPercent': 'Servers/network/storage on top of GPU price, percent.',
  'cost.amortisationMonths': 'Hardware amortisation, months.',
  'cost.powerKwPerGpu': 'Server kW per GPU (null = catalogue).',
  'cost.pue': 'Datacentre PUE.',
  'cost.electricityPerKwh': 'USD per kWh.',
  'cost.idlePowerFraction': 'Idle power as a fraction of full power.',
  'cost.datacentrePerGpuMonth': 'Datacentre USD per GPU-month.',
  'cost.opsStaffPerMonth': 'Operations staff USD per month.',
  'cost.hybridOwnedGpus': 'Hybrid: owned GPUs (null = half).',
};

type Leaf = number | string | boolean | null;

function leaves(obj: unknown, prefix: string, out: Map<string, Leaf | object>): void {
  if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
    const isTail = 'median' in obj && 'p99' in obj && 'max' in obj;
    const isGpu = prefix === 'cluster.gpu';
    if (isTail || isGpu) {
      out.set(prefix, obj);
      return;
    }
    for (const [k, v] of Object.entries(obj)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, obj as Leaf);
}

const fmt = (v: unknown): Leaf => {
  if (v === null || typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  const o = v as Record<string, unknown>;
  if ('median' in o) return `median ${o.median}, p99 ${o.p99}, max ${o.max}`;
  return JSON.stringify(v);
};

/**
 * The assumptions list: every scenario field with its value and whether it is the documented
 * default (value equal to the default) or given, plus the derived quantities the physics used.
 */
export function assumptions(r: ResolvedScenario): Assumption[] {
  const given = new Map<string, Leaf | object>();
  const defaults = new Map<string, Leaf | object>();
  leaves(r.scenario, '', given);
  leaves(simDefaults, '', defaults);
  const out: Assumption[] = [];
  for (const [path, v] of given) {
    const same = JSON.stringify(v) === JSON.stringify(defaults.get(path));
    out.push({ path, value: fmt(v), source: same ? 'default' : 'given', note: NOTES[path] ?? '' });
  }
  const d = (path: string, value: Leaf, note: string) => out.push({ path, value, source: 'derived', note });
  const s = r.shape;
  d(
    'derived.gpuSpec',
    `${r.gpu.name}: ${r.gpu.memoryGB} GB, ${r.gpu.memoryBandwidthTBps} TB/s, ${r.gpu.bf16Tflops}/${r.gpu.fp8Tflops} TFLOPS bf16/fp8 dense, ${r.gpu.interconnectGBps} GB/s`,
    r.gpu.source,
  );
  d('derived.layers', s.layers, r.scenario.model.layers === null ? 'Rule of thumb from active params.' : 'Given.');
  d('derived.dModel', Math.round(s.dModel), 'Hidden size: params ≈ 12·layers·d².');
  d('derived.kvHeads', s.kvHeads, 'KV heads used for the KV cache.');
  d('derived.kvBytesPerToken', s.kvBytesPerToken, '2 × layers × kvHeads × headDim × bytes.');
  d('derived.weightGB', s.weightBytes / 1e9, 'params × bytes per value.');
  d('derived.rolloutGpus', r.rolloutGpus, r.scenario.cluster.colocated ? 'Colocated: all GPUs.' : 'Rollout pool.');
  d('derived.trainGpus', r.trainGpus, r.scenario.cluster.colocated ? 'Colocated: all GPUs.' : 'Training pool.');
  d('derived.engines', r.engines, 'floor(rolloutGpus / tensorParallel).');
  d(
    'derived.kvPoolTokens',
    r.kvPoolTokens,
    'Paged KV pool per engine: (memory·TP·util − weights) / KV bytes per token; pages are allocated as tokens are used.',
  );
  d(
    'derived.weightUpdateSeconds',
    r.syncSeconds,
    r.scenario.cluster.colocated
      ? 'Colocated: resharding over the node interconnect + engine sleep/wake (+ trainer state offload/reload).'
      : 'Disaggregated: weight broadcast over the network + latency floor.',
  );
  d('derived.checkpointWriteSeconds', r.checkpointWriteSeconds, '14 B/param (bf16 weights + fp32 master weights and Adam moments) / storage bandwidth.');
  d(
    'derived.failureModel',
    'poisson',
    'Failures: Poisson at gpus/MTBF (+ spot interruptions per node); each loses work since the last checkpoint plus restart time.',
  );
  d('derived.kvResidency', r.scenario.cluster.kvDuringTool, 'KV during tool calls; a full pool preempts the most recently admitted sequence.');
  d('derived.prefill', 'stalls engine', 'Prefill runs at prefillMfu and pauses the engine’s decoding while it runs.');
  return out;
}
