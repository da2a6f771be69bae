import { z } from 'zod';
import { finite } from '../validation/numbers';

/*
 * The cost domain's schema: the scenario, its result, sweeps, the GPU catalogue, calibration.
 * The document schema (shared/model) and the contract (shared/contract/sim.ts: the sim.*
 * methods) both import it.
 *
 * The scenario is what a workshop edits per candidate stack. Every field has a default
 * (documented next to it, units in the name or comment); unknown fields are errors
 * (`z.strictObject` everywhere). Nested sections use `.prefault({})`, i.e. an omitted
 * section is parsed from `{}` so its own field defaults apply.
 */

/** Built-in GPU catalogue names (specs and default prices: `sim.catalogue`). */
export const GPU_NAMES = ['H100-SXM', 'H200', 'H20', 'H800', 'A100-80G', 'L40S'] as const;
export type GpuName = (typeof GPU_NAMES)[number];

const positive = () => finite().refine((v) => v > 0, { message: 'must be > 0' });
const nonNegative = () => finite().refine((v) => v >= 0, { message: 'must be >= 0' });
const fraction = () => finite().refine((v) => v > 0 && v <= 1, { message: 'must be in (0, 1]' });
const probability = () => finite().refine((v) => v >= 0 && v < 1, { message: 'must be in [0, 1)' });
const count = (max: number) => z.int().min(1).max(max);

/** A long-tailed quantity: log-normal fitted to its median and 99th percentile, capped at `max`. */
const tail = (d: { median: number; p99: number; max: number }, what: string) =>
  z
    .strictObject({
      median: positive().default(d.median),
      p99: positive().default(d.p99),
      max: positive().default(d.max),
    })
    .superRefine((t, ctx) => {
      if (t.p99 < t.median) ctx.addIssue({ code: 'custom', path: ['p99'], message: `${what}: p99 must be >= median` });
      if (t.max < t.median) ctx.addIssue({ code: 'custom', path: ['max'], message: `${what}: max must be >= median` });
    })
    .prefault({});

export const SimRolloutSchema = z
  .strictObject({
    /** Tool-calling turns per rollout (rounded to an integer >= 1). Default median 4, p99 16, max 32. */
    turns: tail({ median: 4, p99: 16, max: 32 }, 'turns'),
    /** Tokens the policy generates per turn. Default median 512, p99 4096, max 8192. */
    generatedTokensPerTurn: tail({ median: 512, p99: 4096, max: 8192 }, 'generatedTokensPerTurn'),
    /** Tokens a tool/sandbox returns per turn, appended to the context. Default median 256, p99 2048, max 8192. */
    observationTokensPerTurn: tail({ median: 256, p99: 2048, max: 8192 }, 'observationTokensPerTurn'),
    /** Prompt tokens at the start of each rollout. Default 1024. */
    promptTokens: z.int().min(1).max(1_000_000).default(1024),
    /** Context window; what happens beyond it is `overflow`. Default 32768 tokens. */
    maxContextTokens: z.int().min(16).max(4_000_000).default(32768),
    /** `truncate` ends the rollout at the window; `summarize` generates `summaryTokens` and restarts the context from prompt + summary; `fail` discards the rollout. Default `truncate`. */
    overflow: z.enum(['truncate', 'summarize', 'fail']).default('truncate'),
    /** Tokens a `summarize` overflow generates (and keeps as the new context after the prompt). Default 1024. */
    summaryTokens: z.int().min(1).max(1_000_000).default(1024),
    /** Wall time of one tool/sandbox call, seconds. Default median 2, p99 30, max 120. */
    toolLatencySeconds: tail({ median: 2, p99: 30, max: 120 }, 'toolLatencySeconds'),
    /** Probability that a tool call's sandbox fails; the rollout is restarted from scratch. Default 0.005. */
    envFailureRate: probability().default(0.005),
    /** Restarts allowed per rollout after sandbox failures; then the rollout counts as failed. Default 2. */
    envMaxRetries: z.int().min(0).max(100).default(2),
  })
  .superRefine((r, ctx) => {
    if (r.promptTokens >= r.maxContextTokens) ctx.addIssue({ code: 'custom', path: ['promptTokens'], message: 'promptTokens must be < maxContextTokens' });
    if (r.overflow === 'summarize' && r.promptTokens + r.summaryTokens >= r.maxContextTokens)
      ctx.addIssue({ code: 'custom', path: ['summaryTokens'], message: 'promptTokens + summaryTokens must be < maxContextTokens' });
  })
  .prefault({});

export const SimModelSchema = z
  .strictObject({
    /** Total parameters, billions (weights held in memory). Default 7. */
    paramsB: positive().default(7),
    /** Parameters active per token (MoE), billions; null = dense (= paramsB). Default null. */
    activeParamsB: positive().nullable().default(null),
    /** Precision of weights, KV cache and training matmuls: bf16 (2 bytes) or fp8 (1 byte). Default bf16. */
    precision: z.enum(['bf16', 'fp8']).default('bf16'),
    /** Transformer layers; null = derived from active params (d_model/layers = 128, params = 12·layers·d_model²). Default null. */
    layers: z.int().min(1).max(1000).nullable().default(null),
    /** KV heads (GQA); null = 8. Default null. */
    kvHeads: z.int().min(1).max(1024).nullable().default(null),
    /** Head dimension; null = 128. Default null. */
    headDim: z.int().min(8).max(1024).nullable().default(null),
  })
  .superRefine((m, ctx) => {
    if (m.activeParamsB !== null && m.activeParamsB > m.paramsB)
      ctx.addIssue({ code: 'custom', path: ['activeParamsB'], message: 'activeParamsB must be <= paramsB' });
  })
  .prefault({});

export const CustomGpuSchema = z.strictObject({
  /** Display name of the custom GPU. Default "custom". */
  name: z.string().min(1).max(60).default('custom'),
  /** HBM/GDDR capacity, GB (1e9 bytes). Default 80. */
  memoryGB: positive().default(80),
  /** Memory bandwidth, TB/s. Default 3.35. */
  memoryBandwidthTBps: positive().default(3.35),
  /** Dense BF16 tensor throughput, TFLOPS. Default 989. */
  bf16Tflops: positive().default(989),
  /** Dense FP8 tensor throughput, TFLOPS (= bf16Tflops if no FP8 units). Default 1979. */
  fp8Tflops: positive().default(1979),
  /** GPU-to-GPU interconnect inside a node (NVLink or PCIe), GB/s. Default 900. */
  interconnectGBps: positive().default(900),
  /** Server power per GPU incl. host share, kW. Default 1.275. */
  serverKwPerGpu: positive().default(1.275),
  /** Rental price per GPU-hour, USD. Default 3. */
  gpuHourPrice: nonNegative().default(3),
  /** Purchase price per GPU, USD. Default 30000. */
  purchasePrice: nonNegative().default(30000),
});

export const SimClusterSchema = z
  .strictObject({
    /** Catalogue name or a custom spec. Default "H100-SXM". */
    gpu: z.union([z.enum(GPU_NAMES), CustomGpuSchema]).default('H100-SXM'),
    /** GPUs in the run. Default 16. */
    gpus: count(1_000_000).default(16),
    /** GPUs serving rollouts when not colocated; null = half of `gpus` (rounded down to a multiple of tensorParallel). Default null. */
    rolloutGpus: count(1_000_000).nullable().default(null),
    /** GPUs training when not colocated; null = gpus − rolloutGpus. Default null. */
    trainGpus: count(1_000_000).nullable().default(null),
    /** Rollout and training share all GPUs, taking turns. Default false (separate pools). */
    colocated: z.boolean().default(false),
    /** GPUs per inference engine (tensor parallel degree). Default 1. */
    tensorParallel: count(64).default(1),
    /** Model FLOPs utilisation of training, fraction of the precision's dense peak. Default 0.35. */
    mfu: fraction().default(0.35),
    /** Prefill (and compute-bound decode) FLOPs utilisation on inference engines. Default 0.5. */
    prefillMfu: fraction().default(0.5),
    /** Achieved fraction of memory bandwidth during decode. Default 0.7. */
    decodeBandwidthEfficiency: fraction().default(0.7),
    /**
     * Decode steps replayed as CUDA graphs (vLLM/SGLang default). false = eager mode (vLLM
     * `enforce_eager`): every kernel of every layer is launched from the CPU, a fixed cost per
     * layer and decode step. Default true.
     */
    cudaGraphs: z.boolean().default(true),
    /**
     * Host (CPU) time of each decode step that the GPU waits for, seconds: scheduling, input
     * preparation, sampled tokens to the CPU and output processing. vLLM's synchronous scheduler
     * leaves a GPU bubble of about 4 ms per decode step (vLLM issue #6854); vLLM with
     * `async_scheduling` (off by default in v0.10) and SGLang's overlap scheduler hide it behind
     * the GPU's work. Default 0 (overlapped).
     */
    decodeStepHostSeconds: nonNegative().default(0),
    /**
     * The shortest a decode step can be, seconds: the engine's fixed per-step work (scheduling,
     * launching the step's CUDA graph, sampling, returning the token), which an overlapping
     * scheduler hides behind a longer GPU step but cannot go below. null = the floor measured on
     * Qwen2.5 single-stream decoding (≈ 3.8 ms; electron/costsim/decode.ts
     * `DECODE_STEP_FLOOR_SECONDS`). Default null.
     */
    decodeStepFloorSeconds: nonNegative().nullable().default(null),
    /** Fraction of GPU memory the inference engine may use (weights + KV). Default 0.9. */
    gpuMemoryUtilization: fraction().default(0.9),
    /** Scheduler cap on concurrent sequences per engine (vLLM max_num_seqs). Default 256. */
    maxSequencesPerEngine: count(100_000).default(256),
    /** Network bandwidth between the training and rollout pools for weight sync, GB/s. Default 50 (400 Gb/s). */
    networkGBps: positive().default(50),
    /**
     * When the paged KV pool of an engine is full, the most recently admitted sequence is preempted:
     * `recompute` drops its KV and re-prefills its context when readmitted (vLLM's default);
     * `swap` copies its KV to host memory and back over `hostLinkGBps`. Default recompute.
     */
    preemption: z.enum(['recompute', 'swap']).default('recompute'),
    /**
     * A rollout's KV during a tool call: `free` returns its pages to the pool as evictable prefix cache
     * (reused if not evicted by the time the tool returns, else its context is re-prefilled);
     * `keep` pins them until the next turn. Default free (vLLM/SGLang prefix caching).
     */
    kvDuringTool: z.enum(['free', 'keep']).default('free'),
    /** Host ↔ GPU link per GPU (PCIe), GB/s: KV swap, parameter/optimizer offload. Default 25 (PCIe Gen5 x16, achieved). */
    hostLinkGBps: positive().default(25),
  })
  .prefault({});

export const SimTrainingSchema = z
  .strictObject({
    /** Tokens per GPU per micro-batch (bounded by activation memory). Default 4096. */
    microBatchTokens: count(100_000_000).default(4096),
    /** Micro-batches accumulated per optimizer step. Default 1. */
    gradientAccumulation: count(100_000).default(1),
    /**
     * Mixed-precision training (a cost lever of the framework's §五): matmuls in the model's
     * precision on tensor cores, fp32 master weights. false = fp32 training: TF32 tensor cores at
     * half the bf16 peak and activations of 4 bytes instead of 2. Default true.
     */
    mixedPrecision: z.boolean().default(true),
    /** Extra forward passes per token (old-policy log-probs, reference model), each 2·N FLOPs/token. Default 1. */
    extraForwardPasses: z.int().min(0).max(10).default(1),
    /** PPO with a critic (value model of the policy's size): its forward and update add 8·N FLOPs per token. Default false (GRPO/RLOO, no critic). */
    critic: z.boolean().default(false),
  })
  .prefault({});

export const SimSystemSchema = z
  .strictObject({
    /** `sync`: a step waits for all its rollouts, then trains. `async`: generation continues while training. Default sync. */
    mode: z.enum(['sync', 'async']).default('sync'),
    /** Async only: how far generation may run ahead of training, in batches (0.5 = half a batch from an older policy). Default 1. */
    staleness: nonNegative()
      .refine((v) => v <= 16, { message: 'must be <= 16' })
      .default(1),
    /**
     * Async only: interruptible rollouts. A rollout pauses after `partialCutoffTokens` generated
     * under one policy version and resumes in the next step; a weight update interrupts the rollouts
     * in flight, whose KV (computed with the old weights) is recomputed before they go on (AReaL's
     * interruptible rollout). Default false.
     */
    partialRollout: z.boolean().default(false),
    /** Tokens a rollout may generate per step when `partialRollout`. Default 4096. */
    partialCutoffTokens: count(10_000_000).default(4096),
  })
  .prefault({});

export const SimOverheadsSchema = z
  .strictObject({
    /** Colocated: seconds to put the inference engines to sleep and wake them (free/reallocate KV, reload weights) per step. Default 5. */
    engineSleepWakeSeconds: nonNegative().default(5),
    /** Colocated: the trainer's parameters, gradients and optimizer state (16 B/param, sharded) are offloaded to host memory while rolling out and reloaded to train. Default false. */
    offloadTrainerState: z.boolean().default(false),
    /** Disaggregated weight broadcast: fixed latency per update (NCCL setup, bucketing, engine pause), seconds. Default 0.1. */
    syncLatencySeconds: nonNegative().default(0.1),
    /** Aggregate write bandwidth to checkpoint storage, GB/s. A checkpoint is 14 B/param: bf16 weights (2) + fp32 master weights and Adam moments (12). Default 5. */
    storageGBps: positive().default(5),
    /** Evaluation every N steps (0 = none); it occupies the inference engines for `evalSeconds`. Default 0. */
    evalEverySteps: z.int().min(0).max(1_000_000).default(0),
    /** Duration of one evaluation, seconds. Default 300. */
    evalSeconds: nonNegative().default(300),
  })
  .prefault({});

export const SimEnvironmentSchema = z
  .strictObject({
    /** Seconds to start a rollout's sandbox (container) before its prompt is sent. Default 0. */
    sandboxStartSeconds: nonNegative().default(0),
    /** Cap on sandboxes alive at once (rollouts started and not finished); null = no cap. Default null. */
    maxConcurrentSandboxes: z.int().min(1).max(100_000_000).nullable().default(null),
    /** Reward/verifier latency at the end of each rollout (e.g. running the test suite), seconds. Default 0. */
    rewardSeconds: nonNegative().default(0),
    /** GPUs serving a reward model (billed, not used by rollout or training). Default 0. */
    rewardModelGpus: z.int().min(0).max(1_000_000).default(0),
    /** Dynamic sampling: fraction of groups dropped because all their rewards are equal; more groups are generated to fill a batch. Default 0. */
    dynamicSamplingDropRate: finite()
      .refine((v) => v >= 0 && v <= 0.9, { message: 'must be in [0, 0.9]' })
      .default(0),
  })
  .prefault({});

export const SimReliabilitySchema = z
  .strictObject({
    /** Mean time between failures of one GPU (incl. its host share), hours. Default 50000 (≈ Llama 3 report). */
    gpuMtbfHours: positive().default(50_000),
    /** Checkpoint interval, minutes; a failure loses the work since the last one. Default 30. */
    checkpointMinutes: positive().default(30),
    /** Time to detect a failure, replace the node and restart from the checkpoint, minutes. Default 10. */
    restartMinutes: nonNegative().default(10),
  })
  .prefault({});

export const SimCostSchema = z
  .strictObject({
    /** Which archetype `totals.costTotal` reports (all three are in `costByArchetype`). Default managed. */
    archetype: z.enum(['self-built', 'managed', 'hybrid']).default('managed'),
    /** Billing horizon the run sits in, months (730 h); owned capacity and a reserved commitment are paid over all of it. Default 1. */
    horizonMonths: positive().default(1),
    /** Rental price per GPU-hour, USD; null = catalogue default. Default null. */
    gpuHourPrice: nonNegative().nullable().default(null),
    /** Rented capacity: `on-demand` at the list price for the run's hours, `reserved`/committed at a discount for the whole horizon (used or not), `spot` at a discount with interruptions. Default on-demand. */
    pricing: z.enum(['on-demand', 'reserved', 'spot']).default('on-demand'),
    /** Reserved/committed discount on the on-demand price, percent. Default 30. */
    reservedDiscountPercent: finite()
      .refine((v) => v >= 0 && v < 100, { message: 'must be in [0, 100)' })
      .default(30),
    /** Spot discount on the on-demand price, percent. Default 40 (GCP H100 spot 6.57 vs 10.98 $/GPU-h, Sept 2026). */
    spotDiscountPercent: finite()
      .refine((v) => v >= 0 && v < 100, { message: 'must be in [0, 100)' })
      .default(40),
    /** Spot: interruptions per 8-GPU node per hour; each is a failure (work since the checkpoint is lost). Default 0.01. */
    spotInterruptionsPerNodeHour: nonNegative().default(0.01),
    /** Managed platform fee, percent on top of GPU-hours. Default 10. */
    platformFeePercent: nonNegative().default(10),
    /** Checkpoints and data kept on the platform, GB. Default 2000. */
    storageGB: nonNegative().default(2000),
    /** Storage price, USD per GB-month (charged for the run's duration). Default 0.1. */
    storagePerGBMonth: nonNegative().default(0.1),
    /** Purchase price per GPU, USD; null = catalogue default. Default null. */
    purchasePricePerGpu: nonNegative().nullable().default(null),
    /** Servers, network and storage on top of the GPU price, percent. Default 40. */
    serverOverheadPercent: nonNegative().default(40),
    /** Hardware amortisation period, months. Default 36. */
    amortisationMonths: positive().default(36),
    /** Server power per GPU, kW; null = catalogue default. Default null. */
    powerKwPerGpu: nonNegative().nullable().default(null),
    /** Datacentre power usage effectiveness. Default 1.3. */
    pue: finite()
      .refine((v) => v >= 1 && v <= 5, { message: 'must be in [1, 5]' })
      .default(1.3),
    /** Electricity price, USD per kWh. Default 0.12. */
    electricityPerKwh: nonNegative().default(0.12),
    /** Power drawn by idle owned GPUs, fraction of full power. Default 0.3. */
    idlePowerFraction: finite()
      .refine((v) => v >= 0 && v <= 1, { message: 'must be in [0, 1]' })
      .default(0.3),
    /** Datacentre space, cooling and network per GPU, USD per month. Default 150. */
    datacentrePerGpuMonth: nonNegative().default(150),
    /** Operations staff for the owned cluster, USD per month. Default 20000. */
    opsStaffPerMonth: nonNegative().default(20_000),
    /** Hybrid: GPUs owned (the rest bursts to the cloud during runs); null = half of the run's GPUs. Default null. */
    hybridOwnedGpus: z.int().min(0).max(1_000_000).nullable().default(null),
    /**
     * Runs of this size made per month on the same capacity (the fleet's utilisation); null = this
     * run alone in the billing horizon. Owned capacity and a reserved commitment are shared by the
     * runs that fit in the horizon; the hours they leave idle are shared as idle capacity. Default null.
     */
    runsPerMonth: positive().nullable().default(null),
    /**
     * GPUs one operations engineer looks after; null = `opsStaffPerMonth` is the team's cost whatever
     * the cluster's size. When set, `opsStaffPerMonth` is one engineer's monthly cost and the team is
     * ⌈owned GPUs / this⌉ engineers. Default null.
     */
    opsGpusPerEngineer: positive().nullable().default(null),
    /** CPU cores of the sandbox / tool fleet kept up while the run goes (every archetype pays it); 0 = not counted. Default 0. */
    sandboxVcpus: nonNegative().default(0),
    /** Price of a CPU core-hour, USD. Default 0.045 (AWS c7i.xlarge on demand, us-east-1: 0.1785 $/h for 4 vCPUs). */
    vcpuHourPrice: nonNegative().default(0.045),
    /** Data moved out of the cloud per run (checkpoints, logs, the trained model), GB; paid by what runs in the cloud. Default 0. */
    egressGB: nonNegative().default(0),
    /** Cloud egress price, USD per GB. Default 0.09 (AWS data transfer out to the internet, first 10 TB a month). */
    egressPerGB: nonNegative().default(0.09),
    /** Months the run's checkpoints and data stay on the platform after it ends (managed storage). Default 0. */
    checkpointRetentionMonths: nonNegative().default(0),
  })
  .prefault({});

/** Upper bound on rollouts per simulation (steps × promptsPerStep × rolloutsPerPrompt). */
export const MAX_SIM_ROLLOUTS = 20_000_000;

export const SimScenarioSchema = z
  .strictObject({
    /** PRNG seed; same seed, same result. Default 1. */
    seed: z.int().min(0).max(4_294_967_295).default(1),
    /** Training steps simulated. Default 20. */
    steps: count(1_000_000).default(20),
    /** Prompts per training step. Default 64. */
    promptsPerStep: count(10_000_000).default(64),
    /** Rollouts (samples) per prompt, e.g. the GRPO group size. Default 8. */
    rolloutsPerPrompt: count(100_000).default(8),
    rollout: SimRolloutSchema,
    model: SimModelSchema,
    cluster: SimClusterSchema,
    training: SimTrainingSchema,
    system: SimSystemSchema,
    overheads: SimOverheadsSchema,
    environment: SimEnvironmentSchema,
    reliability: SimReliabilitySchema,
    cost: SimCostSchema,
  })
  .superRefine((s, ctx) => {
    if (s.steps * s.promptsPerStep * s.rolloutsPerPrompt > MAX_SIM_ROLLOUTS)
      ctx.addIssue({ code: 'custom', path: ['steps'], message: `steps × promptsPerStep × rolloutsPerPrompt must be <= ${MAX_SIM_ROLLOUTS}` });
    const c = s.cluster;
    if (c.tensorParallel > c.gpus) ctx.addIssue({ code: 'custom', path: ['cluster', 'tensorParallel'], message: 'tensorParallel must be <= gpus' });
    if (!c.colocated) {
      if (c.rolloutGpus !== null && c.trainGpus !== null && c.rolloutGpus + c.trainGpus !== c.gpus)
        ctx.addIssue({ code: 'custom', path: ['cluster', 'trainGpus'], message: 'rolloutGpus + trainGpus must equal gpus' });
      if (c.rolloutGpus !== null && c.rolloutGpus >= c.gpus)
        ctx.addIssue({ code: 'custom', path: ['cluster', 'rolloutGpus'], message: 'rolloutGpus must be < gpus when not colocated' });
      if (c.trainGpus !== null && c.trainGpus >= c.gpus)
        ctx.addIssue({ code: 'custom', path: ['cluster', 'trainGpus'], message: 'trainGpus must be < gpus when not colocated' });
      if (c.gpus < 2) ctx.addIssue({ code: 'custom', path: ['cluster', 'gpus'], message: 'separate pools need at least 2 GPUs (or set colocated)' });
    }
    // Pausing rollouts across weight updates trains on samples from older policies: that is
    // asynchronous training (staleness bounds it). Refused in sync mode, where the simulation
    // and the estimate would each have to invent what a step waits for.
    if (s.system.partialRollout && s.system.mode === 'sync')
      ctx.addIssue({
        code: 'custom',
        path: ['system', 'partialRollout'],
        message: 'partial rollout needs async mode (rollouts resumed after a weight update are off-policy)',
      });
    if (s.cost.hybridOwnedGpus !== null && s.cost.hybridOwnedGpus > c.gpus)
      ctx.addIssue({ code: 'custom', path: ['cost', 'hybridOwnedGpus'], message: 'hybridOwnedGpus must be <= cluster.gpus' });
  });

/** What a caller sends (everything optional). */
export type SimScenario = z.input<typeof SimScenarioSchema>;
/** A validated scenario with every default filled in (what the engine receives). */
export type SimScenarioParsed = z.output<typeof SimScenarioSchema>;
export type CustomGpu = z.output<typeof CustomGpuSchema>;

/** The complete default scenario (every documented default). */
export const simDefaults: SimScenarioParsed = SimScenarioSchema.parse({});

// ---------------------------------------------------------------------------------------
// Responses

export const GpuSpecSchema = z.object({
  name: z.string(),
  memoryGB: z.number(),
  memoryBandwidthTBps: z.number(),
  bf16Tflops: z.number(),
  fp8Tflops: z.number(),
  interconnectGBps: z.number(),
  serverKwPerGpu: z.number(),
  gpuHourPrice: z.number(),
  purchasePrice: z.number(),
  /** Where the figures come from (vendor specification page). */
  source: z.string(),
  note: z.string(),
});
export type GpuSpec = z.infer<typeof GpuSpecSchema>;

/** USD amounts over the billing horizon; items that do not apply to an archetype are 0. */
export const CostBreakdownSchema = z.object({
  hardware: z.number(),
  power: z.number(),
  datacentre: z.number(),
  staff: z.number(),
  /** Capacity paid while no run is going: owned (fixed costs pro rata + idle power) and reserved commitments (hours beyond the run). */
  idleCapacity: z.number(),
  gpuHours: z.number(),
  platformFee: z.number(),
  storage: z.number(),
  cloudBurst: z.number(),
  /** The sandbox CPU fleet while the run goes (results stored before it was costed: 0). */
  sandboxCpu: z.number().default(0),
  /** Cloud egress of the run's data (results stored before it was costed: 0). */
  egress: z.number().default(0),
});
export type CostBreakdown = z.infer<typeof CostBreakdownSchema>;

export const ArchetypeCostSchema = z.object({
  /** One run's cost with its share of the capacity paid while idle (over the billing horizon, shared by the runs made in it). */
  total: z.number(),
  /** Attributable to the run (total minus idle capacity). */
  run: z.number(),
  perStep: z.number(),
  breakdown: CostBreakdownSchema,
});
export type ArchetypeCost = z.infer<typeof ArchetypeCostSchema>;

const PoolFigures = z.object({ rollout: z.number(), train: z.number() });

export const AssumptionSchema = z.object({
  path: z.string(),
  value: z.union([z.number(), z.string(), z.boolean(), z.null()]),
  /** `default`: the documented default was used; `given`: set by the scenario; `derived`: computed from other fields. */
  source: z.enum(['default', 'given', 'derived']),
  note: z.string(),
});
export type Assumption = z.infer<typeof AssumptionSchema>;

export const SimResultSchema = z.object({
  /** `discrete-event` (sim.run) or `analytic` (sim.estimate). */
  method: z.enum(['discrete-event', 'analytic']),
  /** Seconds per training step (incl. failure overhead); rollout/train/sync are the mean exposed parts. */
  step: z.object({
    meanSeconds: z.number(),
    p50Seconds: z.number(),
    p90Seconds: z.number(),
    rolloutSeconds: z.number(),
    trainSeconds: z.number(),
    syncSeconds: z.number(),
    failureSeconds: z.number(),
  }),
  /** Seconds of each step (at most 2000, evenly subsampled); empty for the analytic estimate. */
  stepSeconds: z.array(z.number()),
  /** Achieved fraction of peak (memory bandwidth for decode, FLOPs for prefill/training), over the run's wall time. */
  gpuUtilization: PoolFigures,
  /** Fraction of the pool's GPU-time with nothing running. */
  idleFraction: PoolFigures,
  totals: z.object({
    wallHours: z.number(),
    gpuHours: z.number(),
    generatedTokens: z.number(),
    trainedTokens: z.number(),
    wastedTokens: z.number(),
    rollouts: z.number(),
    failedRollouts: z.number(),
    retriedRollouts: z.number(),
    truncatedRollouts: z.number(),
    gpuFailures: z.number(),
    costTotal: z.number(),
    costRun: z.number(),
    costPerStep: z.number(),
    costBreakdown: CostBreakdownSchema,
  }),
  costByArchetype: z.object({ 'self-built': ArchetypeCostSchema, managed: ArchetypeCostSchema, hybrid: ArchetypeCostSchema }),
  /** Derived engine facts (for explanations in the UI). */
  engine: z.object({
    gpu: z.string(),
    rolloutGpus: z.number(),
    trainGpus: z.number(),
    engines: z.number(),
    /** Mean sequences decoding at once per engine (time-weighted; paged KV, so no fixed slots). */
    sequencesPerEngine: z.number(),
    weightGB: z.number(),
    kvBytesPerToken: z.number(),
    layers: z.number(),
    dModel: z.number(),
    minInterTokenMs: z.number(),
    trainFlopsPerStep: z.number(),
    activationGBPerGpu: z.number(),
    trainFitsInMemory: z.boolean(),
    longestRolloutMinDecodeSeconds: z.number(),
  }),
  assumptions: z.array(AssumptionSchema),
  /** Paged KV cache figures (absent in results of older versions). */
  kv: z
    .object({
      /** KV pool of one engine, tokens. */
      poolTokensPerEngine: z.number(),
      /** Mean sequences decoding at once per engine (time-weighted over decoding time). */
      meanDecodingPerEngine: z.number(),
      preemptions: z.number(),
      /** Tokens prefilled again: after preemption (recompute), after an evicted tool-call cache, after a partial-rollout pause or a weight update that interrupted the rollout. */
      reprefillTokens: z.number(),
      /** Fraction of tool returns whose KV was still cached (kvDuringTool = free). */
      toolCacheHitRate: z.number(),
    })
    .optional(),
  /** Per-step overheads (absent in results of older versions). */
  overheads: z
    .object({
      /** Weight update to the inference engines per step, seconds. */
      weightUpdateSeconds: z.number(),
      /** Writing one checkpoint, seconds. */
      checkpointWriteSeconds: z.number(),
      /** Mean seconds per step spent writing checkpoints. */
      checkpointSecondsPerStep: z.number(),
      /** Young/Daly optimal checkpoint interval √(2·write·MTBF of the pool), minutes. */
      optimalCheckpointMinutes: z.number(),
      /** Mean seconds per step spent on evaluation. */
      evalSecondsPerStep: z.number(),
      /** Rollouts generated per trained rollout (dynamic sampling, failures). */
      generatedPerTrained: z.number(),
    })
    .optional(),
  /** Policy versions between a trained sample's generation start and the policy it updates (async, partial rollout). */
  policyLag: z.object({ mean: z.number(), p99: z.number(), max: z.number() }).optional(),
  /** The estimate's expected distance to the discrete-event result (fraction of step time), for the UI's error band. */
  errorBand: z.number().optional(),
  /**
   * The fast estimate only: whether the scenario lies in the region its accuracy was measured on
   * (`ESTIMATE_ACCURACY`), and if not, why (`ESTIMATE_REGION_REASONS`). Outside it, run the full
   * simulation.
   */
  estimateRegion: z
    .object({ inside: z.boolean(), reasons: z.array(z.enum(['kvPressure', 'fewRolloutsPerEngine', 'contextTruncation', 'syncPartialRollout', 'outsideGrid'])) })
    .optional(),
});
export type SimResult = z.infer<typeof SimResultSchema>;

/**
 * The fast estimate's (`sim.estimate`) stated accuracy against the full discrete-event
 * simulation, on step time, inside the region it was validated on (`estimateRegion.inside`): on
 * a seeded random grid of `gridScenarios` valid scenarios (1.5–70B, 8–256 GPUs, H100, H200,
 * A100 or H20, 1–16 turns, tool latency 0.5–10 s, sync and async, colocated or not) at least
 * `tightShare` of those inside the region within ±`tight`, none beyond ±`band`.
 * electron/costsim/analytic.test.ts asserts it on that grid; the estimate's result carries `band`
 * as its `errorBand`; the simulator states it.
 */
export const ESTIMATE_ACCURACY = { tight: 0.15, tightShare: 0.9, band: 0.35, gridScenarios: 120 } as const;

/** The fewest rollouts of a batch per inference engine inside the estimate's validated region. */
export const ESTIMATE_REGION_MIN_ROLLOUTS_PER_ENGINE = 8;

/** Why a scenario lies outside the region the estimate was validated on. */
export type EstimateRegionReason = NonNullable<SimResult['estimateRegion']>['reasons'][number];

/** Numeric scenario fields a sweep may vary. */
export const SWEEP_FIELDS = [
  'steps',
  'promptsPerStep',
  'rolloutsPerPrompt',
  'rollout.turns.median',
  'rollout.turns.p99',
  'rollout.turns.max',
  'rollout.generatedTokensPerTurn.median',
  'rollout.generatedTokensPerTurn.p99',
  'rollout.observationTokensPerTurn.median',
  'rollout.observationTokensPerTurn.p99',
  'rollout.toolLatencySeconds.median',
  'rollout.toolLatencySeconds.p99',
  'rollout.promptTokens',
  'rollout.maxContextTokens',
  'rollout.envFailureRate',
  'model.paramsB',
  'model.activeParamsB',
  'cluster.gpus',
  'cluster.rolloutGpus',
  'cluster.trainGpus',
  'cluster.tensorParallel',
  'cluster.mfu',
  'system.staleness',
  'system.partialCutoffTokens',
  'reliability.gpuMtbfHours',
  'reliability.checkpointMinutes',
  'cost.horizonMonths',
  'cost.gpuHourPrice',
] as const;
export type SweepField = (typeof SWEEP_FIELDS)[number];

export const SimSweepRequestSchema = z.strictObject({
  scenario: SimScenarioSchema.prefault({}),
  /** Dotted path of the field to vary, e.g. `rollout.turns.median`. */
  field: z.enum(SWEEP_FIELDS),
  /** Values of the field, in order (1–64). */
  values: z.array(finite()).min(1).max(64),
  /** `discrete-event` runs the simulator per point (a job); `analytic` uses the fast estimate. Default discrete-event. */
  method: z.enum(['discrete-event', 'analytic']).default('discrete-event'),
});
export type SimSweepRequest = z.input<typeof SimSweepRequestSchema>;

export const SimSweepResultSchema = z.object({
  field: z.string(),
  values: z.array(z.number()),
  /** One curve per output, aligned with `values`. */
  curves: z.object({
    stepMeanSeconds: z.array(z.number()),
    stepP90Seconds: z.array(z.number()),
    rolloutSeconds: z.array(z.number()),
    trainSeconds: z.array(z.number()),
    costPerStep: z.array(z.number()),
    costTotal: z.array(z.number()),
    gpuHours: z.array(z.number()),
    rolloutIdleFraction: z.array(z.number()),
    generatedTokensPerStep: z.array(z.number()),
  }),
  points: z.array(SimResultSchema),
});
export type SimSweepResult = z.infer<typeof SimSweepResultSchema>;

export const SimCatalogueSchema = z.object({
  gpus: z.array(GpuSpecSchema),
  currency: z.literal('USD'),
  defaults: z.custom<SimScenarioParsed>(),
});
export type SimCatalogue = z.infer<typeof SimCatalogueSchema>;

const TextSchema = z.object({ en: z.string(), zh: z.string() });

/** One published figure beside the simulator's prediction. */
export const SimReferenceFigureSchema = z.object({
  id: z.string(),
  label: TextSchema,
  /** `step`: mean seconds per training step; `ratio`: a speed-up or scaling ratio of two step times. */
  kind: z.enum(['step', 'ratio']),
  published: z.number(),
  predicted: z.number(),
  /** predicted / published − 1. */
  error: z.number(),
  /** Bound on |error| for the figure to count as reproduced (a point estimate). */
  tolerance: z.number(),
  within: z.boolean(),
  /**
   * What the published number is: `point`, an estimate of the simulated quantity (within when
   * |error| ≤ tolerance); `upper`, a bound on it from above (e.g. wall time that holds more than
   * training steps: within when predicted ≤ published). Absent in older results: `point`.
   */
  bound: z.enum(['point', 'upper']).optional(),
  /** For an upper bound: 1 − predicted / published, the share of the published figure the simulated steps leave to what is not a step. */
  otherShare: z.number().optional(),
});

/** A published run mapped to scenarios, with its figures and the simulator's predictions. */
export const SimReferenceSchema = z.object({
  id: z.string(),
  title: TextSchema,
  source: z.object({ citation: z.string(), url: z.string() }),
  /** The published configuration, as mapped to the scenario. */
  config: TextSchema,
  /** What the publication leaves unspecified, the value assumed and why. */
  assumptions: z.array(z.object({ what: TextSchema, value: TextSchema, why: TextSchema })),
  figures: z.array(SimReferenceFigureSchema),
  /**
   * `reproduced`: every figure within its bound; `within-bound`: likewise, but some figure is only
   * an upper bound (consistent with it, not reproduced); `not-reproduced`: some figure is not.
   */
  status: z.enum(['reproduced', 'within-bound', 'not-reproduced']),
  /** What a reader must know to weigh the comparison, shown whatever the status (absent in older results). */
  caveats: z.array(TextSchema).optional(),
  /** Why the model does not reproduce it (null when reproduced). */
  reason: TextSchema.nullable(),
});
export type SimReference = z.infer<typeof SimReferenceSchema>;

export const SimReferencesSchema = z.object({
  stepTolerance: z.number(),
  ratioTolerance: z.number(),
  references: z.array(SimReferenceSchema),
  summary: z.object({ references: z.number(), reproduced: z.number(), figures: z.number(), within: z.number(), medianAbsError: z.number() }),
});
export type SimReferences = z.infer<typeof SimReferencesSchema>;

// ---------------------------------------------------------------------------------------
// Calibration by the team's pilot (sim.calibrate)

/** One pilot step's measurements (any may be missing: null). */
export const PilotRowSchema = z.strictObject({
  /** Wall seconds of the training step. */
  stepSeconds: positive().nullable().default(null),
  /** Seconds of the step spent generating rollouts. */
  rolloutSeconds: positive().nullable().default(null),
  /** Seconds of the step spent training (forward, backward, optimizer). */
  trainSeconds: positive().nullable().default(null),
  /** Generated tokens per second over the step (tokens generated in the step ÷ step seconds). */
  tokensPerSecond: positive().nullable().default(null),
  /** GPUs the step ran on (a pilot may scale up part-way); null: the pilot scenario's `cluster.gpus`. */
  gpus: count(1_000_000).nullable().default(null),
});
export type PilotRow = z.output<typeof PilotRowSchema>;

export const SimCalibrateRequestSchema = z.strictObject({
  /** The scenario the pilot ran (its model, GPUs, GPU type, batch); its efficiency fields are the starting point of the fit. */
  pilot: SimScenarioSchema.prefault({}),
  /** Measurements, one per pilot step (1–5000). */
  rows: z.array(PilotRowSchema).min(1).max(5000),
  /** The full-scale run to project with the fitted parameters. */
  target: SimScenarioSchema.prefault({}),
});
export type SimCalibrateRequest = z.input<typeof SimCalibrateRequestSchema>;

const BandSchema = z.object({ p10: z.number(), mid: z.number(), p90: z.number() });
const FittedParameterSchema = z.object({
  value: z.number(),
  /** false: no pilot column informs it; the pilot scenario's value is kept. */
  fitted: z.boolean(),
  /** Standard error of the fit (log units for mfu and decode efficiency: relative; seconds for the overhead). */
  se: z.number(),
  /** Pilot measurements it was fitted from. */
  observations: z.number(),
});
const PilotFiguresSchema = z.object({
  stepSeconds: z.number().nullable(),
  rolloutSeconds: z.number().nullable(),
  trainSeconds: z.number().nullable(),
  tokensPerSecond: z.number().nullable(),
});

export const SimCalibrationSchema = z.object({
  parameters: z.object({
    /** Training MFU (cluster.mfu). */
    mfu: FittedParameterSchema,
    /** Decode bandwidth efficiency (cluster.decodeBandwidthEfficiency). */
    decodeBandwidthEfficiency: FittedParameterSchema,
    /** Fixed seconds per step (weight update latency): overheads.engineSleepWakeSeconds when colocated, else overheads.syncLatencySeconds. */
    overheadSeconds: FittedParameterSchema,
  }),
  /** The scenario field that holds the fitted per-step overhead. */
  overheadPath: z.enum(['overheads.engineSleepWakeSeconds', 'overheads.syncLatencySeconds']),
  /** Root-mean-square of log(measured / predicted) over every measurement used (≈ relative error), and per kind. */
  residual: z.object({ rms: z.number(), observations: z.number(), byKind: PilotFiguresSchema }),
  /** Mean measured and predicted (with the fitted parameters) pilot figures. */
  pilot: z.object({ rows: z.number(), measured: PilotFiguresSchema, predicted: PilotFiguresSchema }),
  /** The full-scale run with the fitted parameters: `mid` at the fit, p10–p90 over the parameters' uncertainty. */
  projection: z.object({
    steps: z.number(),
    gpus: z.number(),
    gpu: z.string(),
    paramsB: z.number(),
    archetype: z.enum(['self-built', 'managed', 'hybrid']),
    stepSeconds: BandSchema,
    wallHours: BandSchema,
    /** Cost attributable to the run, USD (the target's archetype). */
    costUsd: BandSchema,
    gpuHours: z.number(),
    /** Parameter draws behind the band. */
    draws: z.number(),
  }),
});
export type SimCalibration = z.infer<typeof SimCalibrationSchema>;
