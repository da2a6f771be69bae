import { describe, expect, it } from 'vitest';
import { SimScenarioSchema, type SimScenario } from '../../shared/cost/schema';
import { estimateScenario } from './analytic';
import { ALL_REDUCE_LATENCY_SECONDS, decodeStepSeconds, engineModel, minDecodeSeconds, modelShape, tensorParallelComm } from './decode';
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
    // the all-reduces, below).
    const tp4 = engineModel(shape, { memoryBandwidthTBps: 3.35, peakFlops: 989e12, interconnectGBps: 900 }, 4, 0.7, 0.5);
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
    // Without the all-reduces the same rollout would take 1,000 × comm less.
    const bare = { ...r, engine: { ...r.engine, allReduceStepSeconds: 0, allReduceSecondsPerSequence: 0 } };
    expect(d.stepRollout[0] - simulate(bare).stepRollout[0]).toBeCloseTo(1000 * comm, 6);
    expect(estimateScenario(s).step.rolloutSeconds / d.stepRollout[0]).toBeCloseTo(1, 2);
  });
});
