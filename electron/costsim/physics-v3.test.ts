import { describe, expect, it } from 'vitest';
import { SimScenarioSchema, type SimScenario } from '../../shared/cost/schema';
import { estimateScenario } from './analytic';
import { decodeStepSeconds, engineModel, minDecodeSeconds, modelShape } from './decode';
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
    const e = engineModel(shape, { memoryBandwidthTBps: 3.35, peakFlops: 989e12 }, 1, 0.7, 0.5);
    expect(decodeStepSeconds(e, 1, 4096)).toBeCloseTo(16_147_483_648 / 2.345e12, 12);
    expect(decodeStepSeconds(e, 1, 4096) * 1e3).toBeCloseTo(6.8859, 3);
    // Tensor parallel 4 splits the bytes over four GPUs' bandwidth: a quarter of the time.
    const tp4 = engineModel(shape, { memoryBandwidthTBps: 3.35, peakFlops: 989e12 }, 4, 0.7, 0.5);
    expect(decodeStepSeconds(tp4, 1, 4096)).toBeCloseTo(16_147_483_648 / (4 * 2.345e12), 12);
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
