import { describe, expect, it } from 'vitest';
import { SimScenarioSchema, type SimScenario } from '../../shared/cost/schema';
import { estimateScenario } from './analytic';
import {
  ALL_REDUCE_LATENCY_SECONDS,
  DECODE_STEP_FLOOR_SECONDS,
  decodeStepSeconds,
  engineModel,
  minDecodeSeconds,
  modelShape,
  prefillSeconds,
  tensorParallelComm,
} from './decode';
import { runScenario } from './run';
import { resolveScenario } from './scenario';
import { simulate } from './simulate';

/**
 * Decode physics of simulator v3, each against a hand calculation. The discrete-event
 * simulation and the fast estimate read the same functions of decode.ts; a lone rollout on its
 * engine (one prompt, one rollout, fixed length, no failures) makes the arithmetic exact.
 */
const lone = (over: SimScenario = {}) =>
  SimScenarioSchema.parse({
    steps: 1,
    promptsPerStep: 1,
    rolloutsPerPrompt: 1,
    ...over,
    reliability: { gpuMtbfHours: 1e12, checkpointMinutes: 1e6 },
    overheads: { storageGBps: 1e12 },
    rollout: {
      promptTokens: 1000,
      turns: { median: 1, p99: 1, max: 1 },
      generatedTokensPerTurn: { median: 1000, p99: 1000, max: 1000 },
      envFailureRate: 0,
      ...over.rollout,
    },
  });

// Llama-2-7B-like (32 layers, 32 KV heads of 128, bf16): 14e9 weight bytes, 524,288 KV bytes a token.
const llama7b = { paramsB: 7, layers: 32, kvHeads: 32, headDim: 128 };

describe('bandwidth floor of decode', () => {
  it('one token of a lone sequence reads the weights and its KV once: (weights + KV) / HBM bandwidth (hand-computed)', () => {
    const shape = modelShape({ ...llama7b, activeParamsB: null, precision: 'bf16' });
    // H100 SXM 3.35 TB/s at 70 % achieved: 2.345e12 B/s. At a 4,096-token context:
    // (14e9 + 524,288 × 4,096) B = 16,147,483,648 B → 6.8859 ms a token.
    const e = engineModel(shape, { memoryBandwidthTBps: 3.35, peakFlops: 989e12, interconnectGBps: 900 }, 1, 0.7, 0.5);
    expect(decodeStepSeconds(e, 1, 4096)).toBeCloseTo(16_147_483_648 / 2.345e12, 12);
    expect(decodeStepSeconds(e, 1, 4096) * 1e3).toBeCloseTo(6.8859, 3);
    // Tensor parallel 4 splits the bytes over four GPUs' bandwidth: a quarter of the time (plus
    // the all-reduces, below). 1.72 ms is below the engine's step floor (next describe), so the
    // bandwidth part is read with the floor off.
    const tp4 = engineModel(shape, { memoryBandwidthTBps: 3.35, peakFlops: 989e12, interconnectGBps: 900 }, 4, 0.7, 0.5, true, 0, undefined, 0);
    const comm = tp4.allReduceStepSeconds + tp4.allReduceSecondsPerSequence;
    expect(decodeStepSeconds(tp4, 1, 4096) - comm).toBeCloseTo(16_147_483_648 / (4 * 2.345e12), 12);
  });

  it('the simulation decodes a lone 1,000-token rollout at the bandwidth floor, and the estimate agrees', () => {
    const s = lone({ model: llama7b, cluster: { gpus: 2, decodeBandwidthEfficiency: 0.7 } });
    // Σ over tokens i = 0…999 of (14e9 + 524,288 × (1,000 + i + ½)) / 2.345e12: the context
    // grows from the 1,000-token prompt: 1,000 × (14e9 + 524,288 × 1,500) / 2.345e12 = 6.3055 s.
    let hand = 0;
    for (let i = 0; i < 1000; i++) hand += (14e9 + 524_288 * (1000 + i + 0.5)) / 2.345e12;
    expect(hand).toBeCloseTo(6.3055, 3);
    const d = simulate(resolveScenario(s));
    expect(d.stepLongestMinDecode[0]).toBeCloseTo(hand, 9);
    // Alone on its engine nothing slows it: its rollout is the prefill of the prompt plus that floor.
    const r = resolveScenario(s);
    const prefill = (2 * 7e9 * 1000 + 4 * 32 * r.shape.dModel * 1000 * 500) / (989e12 * 0.5);
    expect(d.stepRollout[0]).toBeCloseTo(prefill + hand, 6);
    // The estimate uses the same per-token function: its rollout phase lands on the same floor.
    expect(estimateScenario(s).step.rolloutSeconds / d.stepRollout[0]).toBeCloseTo(1, 2);
    expect(minDecodeSeconds(r.engine, 1000, 1000)).toBeCloseTo(hand, 9);
  });
});

describe('tensor-parallel all-reduce in decode', () => {
  it('two ring all-reduces a layer of dModel × batch × 2 B over half the bidirectional NVLink, plus 10 µs each (hand-computed)', () => {
    // Llama-2-70B-like: 80 layers, d = 8,192, on four H100s (NVLink 900 GB/s both ways → 450 GB/s a direction).
    // 160 all-reduces × 10 µs = 1.6 ms a step; each sequence adds 160 × 2·3/4 × 8,192 × 2 B / 450e9 B/s = 8.738 µs.
    const c = tensorParallelComm({ layers: 80, dModel: 8192 }, 4, 900);
    expect(ALL_REDUCE_LATENCY_SECONDS).toBe(10e-6);
    expect(c.stepSeconds).toBeCloseTo(1.6e-3, 12);
    expect(c.perSequenceSeconds).toBeCloseTo((160 * 1.5 * 8192 * 2) / 450e9, 15);
    expect(c.perSequenceSeconds * 1e6).toBeCloseTo(8.738, 3);
    // No tensor parallelism, no all-reduce; A100's NVLink (600 GB/s) moves the bytes 1.5× slower.
    expect(tensorParallelComm({ layers: 80, dModel: 8192 }, 1, 900)).toEqual({ stepSeconds: 0, perSequenceSeconds: 0 });
    expect(tensorParallelComm({ layers: 80, dModel: 8192 }, 4, 600).perSequenceSeconds / c.perSequenceSeconds).toBeCloseTo(1.5, 12);
    // An engine wider than a node reduces over the network (50 GB/s a direction): 9× slower bytes than NVLink's 450.
    const wide = tensorParallelComm({ layers: 80, dModel: 8192 }, 16, 900, 50);
    expect(wide.perSequenceSeconds).toBeCloseTo((160 * ((2 * 15) / 16) * 8192 * 2) / 50e9, 15);
  });

  it('70B on four H100s: the inter-token latency rises from the bandwidth floor toward the ~20 ms engines measure', () => {
    // Weights 140e9 B over 4 × 3.35e12 × 0.7 B/s = 14.925 ms; the 1,024-token prompt's KV (327,680 B a
    // token) 0.036 ms; the all-reduces at one sequence 1.6 ms + 160 × 1.5 × d × 2 B / 450e9.
    const s = SimScenarioSchema.parse({
      steps: 1,
      promptsPerStep: 1,
      rolloutsPerPrompt: 1,
      model: { paramsB: 70, layers: 80, kvHeads: 8, headDim: 128 },
      cluster: { gpus: 8, tensorParallel: 4, decodeBandwidthEfficiency: 0.7 },
    });
    const r = resolveScenario(s);
    const weightsAndKv = (140e9 + 327_680 * 1024) / (4 * 3.35e12 * 0.7);
    const allReduce = 160 * 10e-6 + (160 * 1.5 * r.shape.dModel * 2) / 450e9;
    const ms = runScenario(s).engine!.minInterTokenMs;
    expect(ms).toBeCloseTo((weightsAndKv + allReduce) * 1e3, 9);
    expect(weightsAndKv * 1e3).toBeCloseTo(14.96, 2);
    expect(ms).toBeGreaterThan(16.5);
    expect(ms).toBeLessThan(20);
  });

  it('a lone rollout under TP 4 decodes each token the all-reduce time longer, in the simulation and the estimate', () => {
    const over = { model: { paramsB: 70, layers: 80 }, cluster: { gpus: 8, tensorParallel: 4 } };
    const s = lone(over);
    const r = resolveScenario(s);
    const d = simulate(r);
    const comm = r.engine.allReduceStepSeconds + r.engine.allReduceSecondsPerSequence;
    // Without the all-reduces the same rollout would take 1,000 × comm less in decode, and its
    // 1,000-token prompt's prefill one pass's latency plus 1,000 tokens' transfer less.
    const bare = { ...r, engine: { ...r.engine, allReduceStepSeconds: 0, allReduceSecondsPerSequence: 0 } };
    const prefillComm = r.engine.allReduceStepSeconds + 1000 * r.engine.allReduceSecondsPerSequence;
    expect(d.stepRollout[0] - simulate(bare).stepRollout[0]).toBeCloseTo(1000 * comm + prefillComm, 6);
    expect(estimateScenario(s).step.rolloutSeconds / d.stepRollout[0]).toBeCloseTo(1, 2);
  });
});

describe('per-step floor of decode', () => {
  // Qwen2.5-1.5B-like: 28 layers, 2 KV heads of 128 (28,672 KV bytes a token), 1.54 B parameters.
  const qwen15 = { paramsB: 1.54, layers: 28, kvHeads: 2, headDim: 128 };
  const h100 = { memoryBandwidthTBps: 3.35, peakFlops: 989e12, interconnectGBps: 900 };

  it('is the intercept of Qwen2.5 1.5B and 7B single-stream speeds against their weight bytes (hand-computed)', () => {
    // vLLM 0.6.3, A100, batch 1 (Qwen2.5 speed benchmark): 183.33 and 84.28 tokens/s, i.e. 5.4546 and
    // 11.8652 ms a token, for 3.08 and 15.24 GB of bf16 weights. Slope (11.8652 − 5.4546) / (15.24 − 3.08)
    // = 0.52718 ms per GB (1.897 TB/s achieved); intercept 5.4546 − 3.08 × 0.52718 = 3.8310 ms.
    const t15 = 1e3 / 183.33;
    const t7 = 1e3 / 84.28;
    expect(t15).toBeCloseTo(5.4546, 4);
    expect(t7).toBeCloseTo(11.8652, 4);
    const msPerGB = (t7 - t15) / (15.24 - 3.08);
    expect(1 / msPerGB).toBeCloseTo(1.897, 3);
    expect(DECODE_STEP_FLOOR_SECONDS * 1e3).toBeCloseTo(t15 - 3.08 * msPerGB, 9);
    expect(DECODE_STEP_FLOOR_SECONDS * 1e3).toBeCloseTo(3.831, 3);
  });

  it('a 1.5B model alone on an H100 decodes at the floor, not at its 1.3 ms bandwidth time; a full batch is unaffected', () => {
    const shape = modelShape({ ...qwen15, activeParamsB: null, precision: 'bf16' });
    const e = engineModel(shape, h100, 1, 0.7, 0.5);
    // Weights 3.08e9 B / (3.35e12 × 0.7) = 1.3134 ms; + 28,672 B × 2,048 context / 2.345e12 = 0.025 ms.
    const bandwidth = (3.08e9 + 28_672 * 2048) / 2.345e12;
    expect(bandwidth * 1e3).toBeCloseTo(1.3385, 4);
    expect(decodeStepSeconds(e, 1, 2048)).toBe(DECODE_STEP_FLOOR_SECONDS);
    // 256 sequences: the GEMMs are compute-bound (2 × 1.54e9 × 256 FLOPs / (989e12 × 0.5) = 1.594 ms
    // > 1.313 ms of weight reads), then 15 GB of KV (6.41 ms): far above the floor, as before.
    const full = Math.max(3.08e9 / 2.345e12, (2 * 1.54e9 * 256) / (989e12 * 0.5)) + (28_672 * 2048 * 256) / 2.345e12;
    expect(decodeStepSeconds(e, 256, 256 * 2048)).toBeCloseTo(full, 12);
    // A synchronous host time above the floor already makes the step longer: nothing changes there.
    const sync = engineModel(shape, h100, 1, 0.7, 0.5, true, 0.004);
    expect(decodeStepSeconds(sync, 1, 2048)).toBeCloseTo(bandwidth + 0.004, 12);
    // Floor 0 (an engine whose per-step work is negligible) gives back the bandwidth time.
    expect(decodeStepSeconds(engineModel(shape, h100, 1, 0.7, 0.5, true, 0, undefined, 0), 1, 2048)).toBeCloseTo(bandwidth, 12);
  });

  it('a lone rollout’s minimum decode time sums max(bandwidth time, floor) over its tokens, also where the KV term crosses the floor', () => {
    const shape = modelShape({ ...qwen15, activeParamsB: null, precision: 'bf16' });
    const e = engineModel(shape, h100, 1, 0.7, 0.5);
    // Token i of a segment starting at context c reads the weights and c + i + ½ tokens of KV.
    const hand = (tokens: number, c: number) => {
      let sum = 0;
      for (let i = 0; i < tokens; i++) sum += Math.max((3.08e9 + 28_672 * (c + i + 0.5)) / 2.345e12, DECODE_STEP_FLOOR_SECONDS);
      return sum;
    };
    // The KV term reaches the floor at (3.831e-3 × 2.345e12 − 3.08e9) / 28,672 ≈ 205,900 tokens of context.
    const cross = (DECODE_STEP_FLOOR_SECONDS * 2.345e12 - 3.08e9) / 28_672;
    expect(cross).toBeGreaterThan(200_000);
    expect(minDecodeSeconds(e, 1000, 1000)).toBeCloseTo(1000 * DECODE_STEP_FLOOR_SECONDS, 12);
    expect(minDecodeSeconds(e, 1000, 1000)).toBeCloseTo(hand(1000, 1000), 12);
    // A segment across the crossing: the floor below it, the bandwidth time above it.
    expect(minDecodeSeconds(e, 20_000, cross - 10_000) / hand(20_000, cross - 10_000)).toBeCloseTo(1, 7);
    expect(minDecodeSeconds(e, 20_000, cross + 1) / hand(20_000, cross + 1)).toBeCloseTo(1, 9);
  });

  it('the simulation and the estimate decode a lone 1.5B rollout at the floor; the scenario field sets it', () => {
    const s = lone({ model: qwen15, cluster: { gpus: 2 } });
    const r = resolveScenario(s);
    const d = simulate(r);
    // 1,000 tokens at 3.831 ms = 3.831 s, where the bandwidth alone would give 1.31 s.
    expect(d.stepLongestMinDecode[0]).toBeCloseTo(1000 * DECODE_STEP_FLOOR_SECONDS, 9);
    const prefill = (2 * 1.54e9 * 1000 + 4 * 28 * r.shape.dModel * 1000 * 500) / (989e12 * 0.5);
    expect(d.stepRollout[0]).toBeCloseTo(prefill + 1000 * DECODE_STEP_FLOOR_SECONDS, 6);
    expect(estimateScenario(s).step.rolloutSeconds / d.stepRollout[0]).toBeCloseTo(1, 2);
    expect(runScenario(s).engine!.minInterTokenMs).toBeCloseTo(DECODE_STEP_FLOOR_SECONDS * 1e3, 9);
    // A faster engine (floor 1 ms) lets the bandwidth time show where it is longer: max(1.3134 ms + KV, 1 ms).
    const fast = lone({ model: qwen15, cluster: { gpus: 2, decodeStepFloorSeconds: 0.001 } });
    let hand = 0;
    for (let i = 0; i < 1000; i++) hand += Math.max((3.08e9 + 28_672 * (1000 + i + 0.5)) / 2.345e12, 0.001);
    expect(simulate(resolveScenario(fast)).stepLongestMinDecode[0]).toBeCloseTo(hand, 9);
  });
});

describe('KV recompute after a weight update with interruptible rollouts (async partial rollout)', () => {
  const qwen15 = { paramsB: 1.54, layers: 28, kvHeads: 2, headDim: 128 };
  // One engine (one rollout GPU, one training GPU), one rollout a step, 20,000 tokens each; the
  // gate lets two start at once (staleness 1), so the second step trains while the third rollout decodes.
  const run = (partialRollout: boolean) =>
    SimScenarioSchema.parse({
      steps: 2,
      promptsPerStep: 1,
      rolloutsPerPrompt: 1,
      model: qwen15,
      cluster: { gpus: 2, rolloutGpus: 1 },
      system: { mode: 'async', staleness: 1, partialRollout, partialCutoffTokens: 10_000_000 },
      reliability: { gpuMtbfHours: 1e12, checkpointMinutes: 1e6 },
      overheads: { storageGBps: 1e12 },
      rollout: {
        promptTokens: 1000,
        maxContextTokens: 32768,
        turns: { median: 1, p99: 1, max: 1 },
        generatedTokensPerTurn: { median: 20_000, p99: 20_000, max: 20_000 },
        envFailureRate: 0,
      },
    });

  it('the rollout in flight at the update prefills the context it has reached again (hand-computed)', () => {
    const s = run(true);
    const r = resolveScenario(s);
    const d = simulate(r);
    // Prefill of n tokens from scratch on one H100 at MFU 0.5: (2 · 1.54e9 · n + 4 · 28 · d · n · n/2) / 494.5e12.
    const pf = (n: number) => (2 * 1.54e9 * n + 4 * 28 * r.shape.dModel * n * (n / 2)) / (989e12 * 0.5);
    // Rollouts 0 and 1 start together and end together; step 1 trains rollout 0's group, loads the
    // weights, and lets rollout 2 start: it prefills its 1,000-token prompt, then decodes one token
    // per floor step (one sequence of a 1.5B model) while step 2 trains rollout 1's group. When step
    // 2's weights arrive it has decoded (train − prefill) / floor tokens, and its context is stale.
    const train = d.stepTrain[1];
    const decoded = (train - pf(1000)) / DECODE_STEP_FLOOR_SECONDS;
    expect(decoded).toBeGreaterThan(50);
    expect(decoded).toBeLessThan(20_000);
    const ctx = 1000 + decoded;
    expect(d.reprefillTokens).toBeCloseTo(ctx, 6);
    // The engine prefilled three prompts and that context once more.
    expect(d.prefillSeconds).toBeCloseTo(3 * pf(1000) + pf(ctx), 9);
    // Without interruptible rollouts the in-flight rollout keeps its KV: three prompts, nothing again.
    const keep = simulate(resolveScenario(run(false)));
    expect(keep.reprefillTokens).toBe(0);
    expect(keep.prefillSeconds).toBeCloseTo(3 * pf(1000), 9);
  });

  it('the estimate counts the recompute as the simulation does, and its step stays within ±15 %', () => {
    const s = SimScenarioSchema.parse({
      seed: 3,
      steps: 12,
      promptsPerStep: 32,
      rolloutsPerPrompt: 8,
      model: { paramsB: 7 },
      cluster: { gpus: 32 },
      system: { mode: 'async', staleness: 1, partialRollout: true, partialCutoffTokens: 10_000_000 },
      reliability: { gpuMtbfHours: 1e9 },
      rollout: {
        turns: { median: 1, p99: 1, max: 1 },
        generatedTokensPerTurn: { median: 2048, p99: 8192, max: 16384 },
        maxContextTokens: 32768,
        envFailureRate: 0,
      },
    });
    const d = runScenario(s);
    const e = estimateScenario(s);
    // No pauses (the cut-off is never reached), no tool calls, no preemption: every token prefilled
    // again in the simulation is a recompute after an update.
    expect(d.kv!.reprefillTokens).toBeGreaterThan(0);
    expect(d.kv!.preemptions).toBe(0);
    // The estimate counts the steady state's interruptions (a batch starts at an update, so a
    // rollout of duration D sees floor(D / step) of them) and misses those of the first steps,
    // when (1 + s) batches start at once: measured at 0.3–0.5 of the simulation's count on such
    // runs. Without the term it counted none.
    const ratio = e.kv!.reprefillTokens / d.kv!.reprefillTokens;
    expect(ratio).toBeGreaterThan(0.3);
    expect(ratio).toBeLessThan(1.5);
    expect(Math.abs(e.step.meanSeconds / d.step.meanSeconds - 1)).toBeLessThan(0.15);
  });
});

describe('tensor-parallel all-reduce in prefill', () => {
  it('a prefill pass pays the decode step’s all-reduces, its transfer once per prefilled token (hand-computed)', () => {
    // Llama-2-70B-like on four H100s: 80 layers, d = 8,192 (given), MFU 0.5 of 4 × 989 TFLOPS.
    const shape = modelShape({ paramsB: 70, activeParamsB: null, precision: 'bf16', layers: 80, kvHeads: 8, headDim: 128 });
    const d = shape.dModel;
    const e = engineModel(shape, { memoryBandwidthTBps: 3.35, peakFlops: 989e12, interconnectGBps: 900 }, 4, 0.7, 0.5);
    // 8,192 new tokens after 1,024 cached: (2 · 70e9 · 8,192 + 4 · 80 · d · 8,192 · (1,024 + 4,096)) / 1.978e15;
    // 160 all-reduces × 10 µs once, and each token's d × 2 B over a ring of 4 at 450 GB/s a direction, 160 times.
    const compute = (2 * 70e9 * 8192 + 4 * 80 * d * 8192 * (1024 + 4096)) / (4 * 989e12 * 0.5);
    const comm = 160 * 10e-6 + (8192 * 160 * 1.5 * d * 2) / 450e9;
    expect(prefillSeconds(e, 8192, 1024)).toBeCloseTo(compute + comm, 12);
    // The same per-token transfer as one decoding sequence of a decode step (one home for the term).
    const c = tensorParallelComm(shape, 4, 900);
    expect(comm).toBeCloseTo(c.stepSeconds + 8192 * c.perSequenceSeconds, 12);
    // At d = 8,192 that is ~72 ms on top of ~0.6 s of compute: about 12 %.
    expect(comm / compute).toBeGreaterThan(0.08);
    expect(comm / compute).toBeLessThan(0.2);
    // TP 1: no all-reduce, the FLOPs alone at a quarter of the FLOP rate.
    const tp1 = engineModel(shape, { memoryBandwidthTBps: 3.35, peakFlops: 989e12, interconnectGBps: 900 }, 1, 0.7, 0.5);
    expect(prefillSeconds(tp1, 8192, 1024)).toBeCloseTo(compute * 4, 12);
  });
});
