import { describe, expect, it } from 'vitest';
import { SimScenarioSchema, type SimScenario } from '../../shared/cost/schema';
import { estimateScenario } from './analytic';
import { GPU_CATALOGUE } from './gpus';
import { costByArchetype, rentedGpuHourPrice } from './money';
import { runScenario } from './run';
import { resolveScenario } from './scenario';
import { simulate } from './simulate';
import { checkpointBytes, trainFlops, weightUpdateSeconds, youngDalySeconds } from './train';

/**
 * Mechanisms of simulator v2, each against a hand calculation or an invariant a user relies on.
 * Scenarios are tiny and deterministic (fixed lengths, no failures) so the arithmetic is exact.
 */
const base = (over: SimScenario = {}) =>
  SimScenarioSchema.parse({
    steps: 2,
    promptsPerStep: 1,
    rolloutsPerPrompt: 1,
    ...over,
    reliability: { gpuMtbfHours: 1e12, checkpointMinutes: 1e6, ...over.reliability },
    overheads: { storageGBps: 1e12, ...over.overheads },
    rollout: {
      turns: { median: 1, p99: 1, max: 1 },
      generatedTokensPerTurn: { median: 1000, p99: 1000, max: 1000 },
      toolLatencySeconds: { median: 1, p99: 1, max: 1 },
      envFailureRate: 0,
      ...over.rollout,
    },
  });

describe('paged KV cache', () => {
  it('a longer window costs nothing until rollouts use it (same step time at 32K and 128K)', () => {
    // The reproduction: a 7B default on H100 reserved the whole window per sequence, so a
    // 128K window cut concurrency and made the same rollouts 433 → 982 s per step.
    // Rollouts of at most 1,024 + 16 × (1,024 + 512) = 25,600 tokens: they never reach 32K.
    const rollout = {
      turns: { median: 4, p99: 16, max: 16 },
      generatedTokensPerTurn: { median: 512, p99: 1024, max: 1024 },
      observationTokensPerTurn: { median: 256, p99: 512, max: 512 },
    };
    const run = (maxContextTokens: number) =>
      runScenario(SimScenarioSchema.parse({ steps: 3, cluster: { gpus: 16 }, reliability: { gpuMtbfHours: 1e12 }, rollout: { ...rollout, maxContextTokens } }));
    const a = run(32768);
    const b = run(131072);
    // The same rollouts (same seed) on the same pool: the same step time.
    expect(b.step.meanSeconds).toBeCloseTo(a.step.meanSeconds, 6);
    expect(b.kv!.poolTokensPerEngine).toBe(a.kv!.poolTokensPerEngine);
  });

  it('eager mode: a lone 1,000-token rollout decodes 1,000 × layers × 103 µs longer (vLLM enforce_eager)', () => {
    // One rollout, one turn of 1,000 tokens, nothing else on the engine: the only difference is
    // the launch cost per decode step, 1,000 steps × 32 layers × 103.125 µs = 3.3 s.
    const model = { paramsB: 7, layers: 32 };
    const graphs = simulate(resolveScenario(base({ model, steps: 1 })));
    const eager = simulate(resolveScenario(base({ model, steps: 1, cluster: { cudaGraphs: false } })));
    expect(eager.stepRollout[0] - graphs.stepRollout[0]).toBeCloseTo(1000 * 32 * 103.125e-6, 6);
  });

  it('a synchronous scheduler’s host time: a lone 1,000-token rollout decodes 1,000 × 4 ms longer, and the estimate knows it', () => {
    // vLLM without async scheduling: the GPU waits ~4 ms of CPU work per decode step (issue #6854).
    // One rollout alone on its engine: 1,000 decode steps × 4 ms = 4 s, nothing else changes.
    const overlapped = base({ steps: 1 });
    const host = base({ steps: 1, cluster: { decodeStepHostSeconds: 0.004 } });
    const a = simulate(resolveScenario(overlapped));
    const b = simulate(resolveScenario(host));
    expect(b.stepRollout[0] - a.stepRollout[0]).toBeCloseTo(1000 * 0.004, 6);
    expect(b.stepLongestMinDecode[0] - a.stepLongestMinDecode[0]).toBeCloseTo(1000 * 0.004, 6);
    // The fast estimate's decode physics is the same engine model: its rollout phase grows by the same 4 s.
    const ea = estimateScenario(overlapped);
    const eb = estimateScenario(host);
    expect(eb.step.rolloutSeconds - ea.step.rolloutSeconds).toBeCloseTo(1000 * 0.004, 3);
  });

  it('a full pool preempts: recompute re-prefills the preempted contexts, swap does not', () => {
    // One engine (colocated, 1 GPU) whose pool holds ~2 contexts of 20K; 8 rollouts of 20K tokens.
    const over = (preemption: 'recompute' | 'swap'): SimScenario => ({
      promptsPerStep: 8,
      cluster: { gpus: 1, colocated: true, gpuMemoryUtilization: 0.3, preemption },
      rollout: { maxContextTokens: 24000, promptTokens: 100, generatedTokensPerTurn: { median: 20000, p99: 20000, max: 20000 } },
    });
    const r = resolveScenario(base(over('recompute')));
    // 80 GB · 0.3 − 14 GB of weights = 10 GB; 7B rule of thumb: 33 layers, so 2·33·8 heads·128·2 B = 135,168 B/token.
    expect(r.shape.kvBytesPerToken).toBe(135_168);
    expect(r.kvPoolTokens).toBe(Math.floor(10e9 / 135_168));
    const re = simulate(r);
    expect(re.preemptions).toBeGreaterThan(0);
    expect(re.reprefillTokens).toBeGreaterThan(0);
    const sw = simulate(resolveScenario(base(over('swap'))));
    expect(sw.preemptions).toBeGreaterThan(0);
    expect(sw.reprefillTokens).toBeCloseTo(0, 6);
    // Every rollout still generates all its tokens exactly once.
    expect(re.generatedTokens).toBeCloseTo(2 * 8 * 20000, 6);
    expect(sw.generatedTokens).toBeCloseTo(2 * 8 * 20000, 6);
  });

  it('KV during a tool call: kept, or freed and reused from the prefix cache while the pool has room', () => {
    const over = (kvDuringTool: 'keep' | 'free'): SimScenario => ({
      cluster: { gpus: 2, kvDuringTool },
      rollout: { turns: { median: 3, p99: 3, max: 3 }, observationTokensPerTurn: { median: 100, p99: 100, max: 100 } },
    });
    for (const mode of ['keep', 'free'] as const) {
      const d = simulate(resolveScenario(base(over(mode))));
      // One rollout alone on its engine: its cache is never evicted, only observations are prefilled.
      expect(d.toolReturns).toBe(2 * 2);
      expect(d.toolCacheHits).toBe(d.toolReturns);
      expect(d.reprefillTokens).toBeCloseTo(0, 6);
    }
  });
});

describe('per-step overheads', () => {
  it('weight update: colocated = reshard + sleep/wake (+ offload); disaggregated = broadcast + latency floor', () => {
    const a = {
      weightBytes: 14e9,
      params: 7e9,
      interconnectGBps: 900,
      networkGBps: 50,
      hostLinkGBps: 25,
      trainGpus: 8,
      sleepWakeSeconds: 5,
      latencySeconds: 0.1,
    };
    // 14 GB / 900 GB/s + 5 s = 5.01556 s.
    expect(weightUpdateSeconds({ ...a, colocated: true, offloadTrainerState: false })).toBeCloseTo(14 / 900 + 5, 9);
    // Offload: 16 B/param · 7e9 / 8 GPUs = 14 GB per GPU, out and back at 25 GB/s = 1.12 s.
    expect(weightUpdateSeconds({ ...a, colocated: true, offloadTrainerState: true })).toBeCloseTo(14 / 900 + 5 + 1.12, 9);
    // 14 GB / 50 GB/s + 0.1 s = 0.38 s.
    expect(weightUpdateSeconds({ ...a, colocated: false, offloadTrainerState: false })).toBeCloseTo(0.38, 9);
  });

  it('checkpoint write = 14 B/param / storage bandwidth; Young/Daly interval = √(2·write·MTBF)', () => {
    expect(checkpointBytes(7e9)).toBe(98e9);
    // 98 GB at 2 GB/s = 49 s; 64 GPUs at 50,000 h MTBF → MTBF of the pool 781.25 h = 2,812,500 s.
    const write = 98 / 2;
    const rate = 64 / (50_000 * 3600);
    expect(youngDalySeconds(write, rate)).toBeCloseTo(Math.sqrt(2 * 49 * 2_812_500), 6);
    const r = runScenario(base({ overheads: { storageGBps: 2 }, reliability: { gpuMtbfHours: 50_000, checkpointMinutes: 1e6 }, cluster: { gpus: 64 } }));
    expect(r.overheads!.checkpointWriteSeconds).toBeCloseTo(49, 9);
    expect(r.overheads!.optimalCheckpointMinutes).toBeCloseTo(Math.sqrt((2 * 49 * (50_000 * 3600)) / 64) / 60, 6);
    // Two steps, a checkpoint only at the end of the run: 49 s over 2 steps.
    expect(r.overheads!.checkpointSecondsPerStep).toBeCloseTo(24.5, 9);
  });

  it('evaluation every N steps adds its time to those steps', () => {
    const plain = runScenario(base({ steps: 4 }));
    const evald = runScenario(base({ steps: 4, overheads: { evalEverySteps: 2, evalSeconds: 100 } }));
    // Two evaluations of 100 s over 4 steps: +50 s per step on average.
    expect(evald.overheads!.evalSecondsPerStep).toBeCloseTo(50, 9);
    expect(evald.step.meanSeconds - plain.step.meanSeconds).toBeCloseTo(50, 3);
  });
});

describe('environment', () => {
  it('sandbox start-up and reward latency add to a lone rollout; a sandbox cap serialises rollouts', () => {
    const plain = runScenario(base());
    const env = runScenario(base({ environment: { sandboxStartSeconds: 30, rewardSeconds: 60 } }));
    expect(env.step.meanSeconds - plain.step.meanSeconds).toBeCloseTo(90, 3);
    // Two rollouts with a cap of one sandbox: the second starts when the first is done.
    const two = runScenario(base({ rolloutsPerPrompt: 2, environment: { sandboxStartSeconds: 30 } }));
    const capped = runScenario(base({ rolloutsPerPrompt: 2, environment: { sandboxStartSeconds: 30, maxConcurrentSandboxes: 1 } }));
    expect(capped.step.rolloutSeconds).toBeGreaterThan(two.step.rolloutSeconds * 1.8);
  });

  it('reward-model GPUs are billed; a PPO critic adds 8·N FLOPs per token', () => {
    const plain = runScenario(base());
    const rm = runScenario(base({ environment: { rewardModelGpus: 8 } }));
    expect(rm.totals.gpuHours / plain.totals.gpuHours).toBeCloseTo((16 + 8) / 16, 3);
    expect(trainFlops(7e9, 1000, 1, true) / trainFlops(7e9, 1000, 1, false)).toBeCloseTo(16 / 8, 9);
  });

  it('dynamic sampling: dropped groups are regenerated, so more rollouts are generated per trained one', () => {
    const s = (dynamicSamplingDropRate: number) =>
      runScenario(base({ steps: 6, promptsPerStep: 16, rolloutsPerPrompt: 4, environment: { dynamicSamplingDropRate } }));
    const plain = s(0);
    const drop = s(0.5);
    expect(plain.overheads!.generatedPerTrained).toBeCloseTo(1, 9);
    // Half the groups are dropped: about two generated per trained rollout (first wave 2×, then top-ups).
    expect(drop.overheads!.generatedPerTrained).toBeGreaterThan(1.7);
    expect(drop.totals.wastedTokens).toBeGreaterThan(0);
    expect(drop.totals.trainedTokens).toBeCloseTo(plain.totals.trainedTokens, 6);
  });
});

describe('async groups and policy lag', () => {
  it('sync without partial rollout trains on the current policy only (lag 0)', () => {
    const r = runScenario(base({ steps: 3, promptsPerStep: 4, rolloutsPerPrompt: 4 }));
    expect(r.policyLag).toEqual({ mean: 0, p99: 0, max: 0 });
  });

  it('async lag grows with staleness; its mean stays near the admitted run-ahead', () => {
    const lag = (staleness: number) =>
      runScenario(
        base({
          steps: 12,
          promptsPerStep: 8,
          rolloutsPerPrompt: 4,
          system: { mode: 'async', staleness },
          rollout: { generatedTokensPerTurn: { median: 1000, p99: 8000, max: 16000 } },
        }),
      ).policyLag!;
    const low = lag(0.5);
    const high = lag(2);
    // Generation may run `staleness` batches ahead, so a sample waits about that many versions;
    // a straggler overtaken by later groups can wait longer (max), which the p99 shows.
    expect(low.mean).toBeGreaterThan(0);
    expect(low.mean).toBeLessThan(1 + 0.5);
    expect(high.mean).toBeLessThan(1 + 2);
    expect(high.mean).toBeGreaterThan(low.mean);
    expect(high.max).toBeGreaterThanOrEqual(low.max);
    expect(high.p99).toBeLessThanOrEqual(high.max);
  });
});

describe('pricing', () => {
  it('reserved and spot discount the on-demand price; spot interruptions are failures', () => {
    const gpu = GPU_CATALOGUE['H100-SXM'];
    const c = base().cost;
    expect(rentedGpuHourPrice({ ...c, gpuHourPrice: 10 }, gpu)).toBe(10);
    expect(rentedGpuHourPrice({ ...c, gpuHourPrice: 10, pricing: 'reserved', reservedDiscountPercent: 30 }, gpu)).toBeCloseTo(7, 9);
    expect(rentedGpuHourPrice({ ...c, gpuHourPrice: 10, pricing: 'spot', spotDiscountPercent: 40 }, gpu)).toBeCloseTo(6, 9);
    const run = { gpus: 8, wallHours: 10, steps: 1 };
    expect(costByArchetype({ ...c, gpuHourPrice: 10, pricing: 'spot' }, gpu, run).managed.breakdown.gpuHours).toBeCloseTo(8 * 10 * 6, 9);
    // 64 GPUs = 8 nodes at 0.5 interruptions per node-hour: 4 per hour on top of GPU failures.
    const onDemand = resolveScenario(base({ cluster: { gpus: 64 } }));
    const spot = resolveScenario(base({ cluster: { gpus: 64 }, cost: { pricing: 'spot', spotInterruptionsPerNodeHour: 0.5 } }));
    expect((spot.failureRate - onDemand.failureRate) * 3600).toBeCloseTo(4, 9);
  });
});
