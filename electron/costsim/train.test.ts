import { describe, expect, it } from 'vitest';
import { modelShape } from './decode';
import { SimScenarioSchema } from '../../shared/cost/schema';
import { resolveScenario } from './scenario';
import { activationGB, attentionFlopsPerPair, causalPairs, trainFitsInMemory, trainFlops, trainStep, weightSyncSeconds, type TrainSetup } from './train';

const shape = modelShape({ paramsB: 7, activeParamsB: null, precision: 'bf16', layers: 32, kvHeads: 32, headDim: 128 });
const setup = (over: Partial<TrainSetup> = {}): TrainSetup => ({
  shape,
  trainGpus: 8,
  peakFlops: 989e12,
  mfu: 0.4,
  memoryGB: 80,
  memoryBandwidthTBps: 3.35,
  interconnectGBps: 900,
  microBatchTokens: 4096,
  gradientAccumulation: 1,
  extraForwardPasses: 0,
  critic: false,
  mixedPrecision: true,
  ...over,
});

describe('training FLOPs and time', () => {
  it('6 × N × tokens, by hand', () => {
    // 6 × 7e9 × 1e6 = 4.2e16
    expect(trainFlops(7e9, 1e6, 0)).toBe(4.2e16);
    // each extra forward pass adds 2 × N × tokens
    expect(trainFlops(7e9, 1e6, 1)).toBe(5.6e16);
    const t = trainStep(setup(), 1e6, 0);
    expect(t.computeSeconds).toBeCloseTo(4.2e16 / (8 * 989e12 * 0.4), 9);
  });

  it('MoE trains on active parameters', () => {
    const moe = modelShape({ paramsB: 100, activeParamsB: 10, precision: 'bf16', layers: null, kvHeads: null, headDim: null });
    expect(trainStep(setup({ shape: moe }), 1e6, 0).flops).toBe(6 * 10e9 * 1e6);
  });

  it('fp8 raises the peak, MFU stays as stated', () => {
    const bf16 = trainStep(setup(), 1e6, 0);
    const fp8 = trainStep(setup({ peakFlops: 1979e12 }), 1e6, 0);
    expect(fp8.flops).toBe(bf16.flops);
    expect(fp8.computeSeconds).toBeCloseTo(bf16.computeSeconds * (989 / 1979), 9);
  });

  it('gradient accumulation keeps FLOPs, cuts optimizer steps and their syncs', () => {
    const tokens = 8 * 4096 * 16; // 16 micro-batches per GPU
    const ga1 = trainStep(setup(), tokens, 0);
    const ga8 = trainStep(setup({ gradientAccumulation: 8 }), tokens, 0);
    expect(ga1.microBatches).toBe(16);
    expect(ga1.optimizerSteps).toBe(16);
    expect(ga8.optimizerSteps).toBe(2);
    expect(ga8.flops).toBe(ga1.flops);
    expect(ga8.computeSeconds).toBe(ga1.computeSeconds);
    expect(ga8.commSeconds).toBeLessThan(ga1.commSeconds);
    // Activation memory follows the micro-batch, not the batch.
    expect(activationGB(shape, 2048)).toBeCloseTo(activationGB(shape, 4096) / 2, 9);
  });

  it('attention FLOPs are quadratic in the sequence: 32B, doubling a 30K-token sequence costs ~30 % more than linear', () => {
    // Qwen2.5-32B: 64 layers, d = 5120 (params ≈ 12·l·d² gives 20 B of the 32.8 B; the rest is
    // embeddings and the wider MLP, which add dense FLOPs, not attention ones).
    const s32 = modelShape({ paramsB: 32.8, activeParamsB: null, precision: 'bf16', layers: 64, kvHeads: 8, headDim: 128 });
    expect(attentionFlopsPerPair(s32)).toBe(4 * 64 * s32.dModel);
    const one = setup({ shape: s32, extraForwardPasses: 1 });
    // By hand, per sequence of L tokens with one extra forward pass:
    // dense (6 + 2)·N·L, attention (3 + 1)·4·l·d·L²/2.
    const byHand = (L: number) => 8 * s32.activeParams * L + (4 * 4 * 64 * s32.dModel * (L * L)) / 2;
    for (const L of [30_000, 60_000]) expect(trainStep(one, L, causalPairs(L)).flops).toBeCloseTo(byHand(L), -6);
    const perToken = (L: number) => trainStep(one, L, causalPairs(L)).flops / L;
    const superLinear = perToken(60_000) / perToken(30_000) - 1;
    expect(superLinear).toBeGreaterThan(0.15);
    expect(superLinear).toBeLessThan(0.4);
    // Short sequences are dense-bound: 1K tokens add ~1 % of attention.
    expect((perToken(1000) / trainStep(one, 1000, 0).flops) * 1000).toBeLessThan(1.02);
  });

  it('weight sync = model bytes / bandwidth', () => {
    expect(weightSyncSeconds(14e9, 50)).toBeCloseTo(0.28, 12);
  });
});

describe('the seed’s cost levers (§五): mixed precision and gradient accumulation', () => {
  const scenario = (training: Record<string, unknown>) =>
    SimScenarioSchema.parse({ model: { paramsB: 7, layers: 32, kvHeads: 32, headDim: 128 }, cluster: { gpus: 16 }, training });

  it('fp32 training: TF32 peak half the bf16 one, so the update’s compute takes twice as long; activations double (hand-computed)', () => {
    const mixed = resolveScenario(scenario({}));
    const fp32 = resolveScenario(scenario({ mixedPrecision: false }));
    // H100 SXM: 989 TFLOPS dense bf16, 494.5 TF32.
    expect(mixed.train.peakFlops).toBe(989e12);
    expect(fp32.train.peakFlops).toBe(494.5e12);
    // 1e6 tokens on 8 training GPUs at MFU 0.35, one extra forward pass (the default):
    // (6 + 2) · 7e9 · 1e6 / (8 · 494.5e12 · 0.35) = 40.4 s, twice the 20.2 s of mixed precision.
    const t32 = trainStep(fp32.train, 1e6, 0).computeSeconds;
    expect(t32).toBeCloseTo(((6 + 2) * 7e9 * 1e6) / (8 * 494.5e12 * 0.35), 9);
    expect(t32 / trainStep(mixed.train, 1e6, 0).computeSeconds).toBeCloseTo(2, 12);
    // Activations: 34 · 4,096 tokens · d (√(7e9 / (12 · 32)) = 4,270) · 32 layers B = 19.0 GB in 2 bytes, twice in 4.
    const d = shape.dModel;
    expect(d).toBeCloseTo(Math.sqrt(7e9 / (12 * 32)), 6);
    expect(activationGB(shape, 4096)).toBeCloseTo((34 * 4096 * d * 32) / 1e9, 9);
    expect(activationGB(shape, 4096, false)).toBeCloseTo((2 * 34 * 4096 * d * 32) / 1e9, 9);
    // 16 B/param over 8 GPUs = 14 GB of state: at 8,192 tokens a micro-batch, 38 GB of 2-byte
    // activations fit in 80 GB, 76 GB of 4-byte ones do not.
    expect(trainFitsInMemory(setup({ microBatchTokens: 8192 }))).toBe(true);
    expect(trainFitsInMemory(setup({ microBatchTokens: 8192, mixedPrecision: false }))).toBe(false);
  });

  it('gradient accumulation keeps the FLOPs and divides the optimizer steps (all-reduce + Adam) of a step (hand-computed)', () => {
    // 1e6 tokens over 8 GPUs = 125,000 a GPU = 31 micro-batches of 4,096 (ceil): 31 optimizer steps
    // without accumulation, ceil(31 / 8) = 4 with 8 micro-batches each.
    const one = trainStep(setup(), 1e6, 0);
    const eight = trainStep(setup({ gradientAccumulation: 8 }), 1e6, 0);
    expect(one.microBatches).toBe(31);
    expect(one.optimizerSteps).toBe(31);
    expect(eight.optimizerSteps).toBe(4);
    expect(eight.flops).toBe(one.flops);
    // Each optimizer step: ring all-reduce 2 · 7/8 · 2 B · 7e9 / 900e9 + Adam 2 · 16 B · 7e9 / 8 / 3.35e12.
    const perStep = (2 * (7 / 8) * 2 * 7e9) / 900e9 + (2 * 16 * 7e9) / 8 / 3.35e12;
    expect(one.commSeconds).toBeCloseTo(31 * perStep, 12);
    expect(eight.commSeconds).toBeCloseTo(4 * perStep, 12);
    // In the scenario: the same run trains faster with accumulation.
    const base = resolveScenario(scenario({}));
    const acc = resolveScenario(scenario({ gradientAccumulation: 8 }));
    expect(trainStep(acc.train, 1e6, 0).seconds).toBeLessThan(trainStep(base.train, 1e6, 0).seconds);
  });
});
