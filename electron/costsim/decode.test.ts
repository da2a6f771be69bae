import { describe, expect, it } from 'vitest';
import {
  decodeStepSeconds,
  EAGER_LAUNCH_SECONDS_PER_LAYER,
  engineModel,
  kvBytesPerToken,
  minDecodeSeconds,
  modelShape,
  prefillSeconds,
  kvPoolTokens,
} from './decode';

// Llama-2-7B-like: 32 layers, 32 KV heads (no GQA), head dim 128, bf16.
const llama7b = modelShape({ paramsB: 7, activeParamsB: null, precision: 'bf16', layers: 32, kvHeads: 32, headDim: 128 });

describe('KV cache and capacity', () => {
  it('KV bytes per token = 2 × layers × kvHeads × headDim × bytes (hand-computed)', () => {
    expect(kvBytesPerToken(32, 32, 128, 2)).toBe(524_288); // 0.5 MiB per token
    expect(llama7b.kvBytesPerToken).toBe(524_288);
    expect(llama7b.weightBytes).toBe(14e9); // 7e9 params × 2 bytes
  });

  it('7B bf16 on one 80 GB GPU: a paged KV pool of (80 − 14) GB / 0.5 MiB = 125,885 tokens', () => {
    // 66e9 / 524,288 = 125,885.0 → 125,885 tokens, whatever the context window.
    const pool = (tp: number, util: number, weights: number) =>
      kvPoolTokens({ memoryGB: 80, tensorParallel: tp, memoryUtilization: util, weightBytes: weights, kvBytesPerToken: 524_288 });
    expect(pool(1, 1, 14e9)).toBe(125_885);
    // Tensor parallel 2 doubles the memory: 146e9 / 524,288 = 278,472.9 → 278,472.
    expect(pool(2, 1, 14e9)).toBe(278_472);
    // Weights that do not fit leave no pool.
    expect(pool(1, 0.9, 140e9)).toBe(0);
  });

  it('fp8 halves weight and KV bytes', () => {
    const fp8 = modelShape({ paramsB: 7, activeParamsB: null, precision: 'fp8', layers: 32, kvHeads: 32, headDim: 128 });
    expect(fp8.weightBytes).toBe(7e9);
    expect(fp8.kvBytesPerToken).toBe(262_144);
  });

  it('derives a plausible shape from the parameter count (rule of thumb)', () => {
    const s = modelShape({ paramsB: 7, activeParamsB: null, precision: 'bf16', layers: null, kvHeads: null, headDim: null });
    expect(s.layers).toBeGreaterThanOrEqual(28);
    expect(s.layers).toBeLessThanOrEqual(36);
    expect(12 * s.layers * s.dModel ** 2).toBeGreaterThan(6e9);
    expect(12 * s.layers * s.dModel ** 2).toBeLessThan(8.5e9);
    expect(s.kvHeads).toBe(8);
    // MoE: memory from total params, shape from active params.
    const moe = modelShape({ paramsB: 671, activeParamsB: 37, precision: 'fp8', layers: null, kvHeads: null, headDim: null });
    expect(moe.weightBytes).toBe(671e9);
    expect(moe.activeParams).toBe(37e9);
  });
});

describe('decode and prefill speed', () => {
  const e = engineModel(llama7b, { memoryBandwidthTBps: 3.35, peakFlops: 989e12, interconnectGBps: 900 }, 1, 1, 0.5);

  it('a lone sequence reads the weights and its KV once per token', () => {
    // (14e9 + 524288 × 1000) / 3.35e12 s
    expect(decodeStepSeconds(e, 1, 1000)).toBeCloseTo((14e9 + 524_288 * 1000) / 3.35e12, 12);
  });

  it('more sequences or longer contexts slow every sequence down (memory-bound)', () => {
    expect(decodeStepSeconds(e, 32, 32 * 4000)).toBeGreaterThan(decodeStepSeconds(e, 1, 4000));
    expect(decodeStepSeconds(e, 1, 30_000)).toBeGreaterThan(decodeStepSeconds(e, 1, 1_000));
  });

  it('becomes compute-bound at very large batches', () => {
    const n = 100_000;
    expect(decodeStepSeconds(e, n, 0)).toBeCloseTo((2 * 7e9 * n) / (989e12 * 0.5), 9);
  });

  it('a compute-bound step still reads its KV afterwards: dense GEMMs and attention add (hand-computed)', () => {
    // 1,000 sequences of 2,000 tokens: GEMMs 2·7e9·1000 / (989e12·0.5) = 28.31 ms (compute-bound,
    // the weight read is 4.18 ms), then attention reads 524,288 B × 2e6 tokens / 3.35e12 = 313.0 ms.
    const gemm = (2 * 7e9 * 1000) / (989e12 * 0.5);
    const attention = (524_288 * 2e6) / 3.35e12;
    expect(gemm).toBeGreaterThan(14e9 / 3.35e12);
    expect(decodeStepSeconds(e, 1000, 2e6)).toBeCloseTo(gemm + attention, 12);
    // A single roofline over the whole step would have hidden the GEMMs: max(mem, compute) = memory only.
    expect(decodeStepSeconds(e, 1000, 2e6)).toBeGreaterThan(Math.max((14e9 + 524_288 * 2e6) / 3.35e12, gemm));
  });

  it('eager mode (no CUDA graphs) adds the kernel launches of every layer to every decode step (hand-computed)', () => {
    // Measured: Llama-3.1-8B decode step 8.4 ms eager vs 5.1 ms as a CUDA graph, 32 layers → 103.125 µs per layer.
    expect(EAGER_LAUNCH_SECONDS_PER_LAYER).toBeCloseTo(103.125e-6, 12);
    const eager = engineModel(llama7b, { memoryBandwidthTBps: 3.35, peakFlops: 989e12, interconnectGBps: 900 }, 1, 1, 0.5, false);
    expect(e.stepOverheadSeconds).toBe(0);
    expect(eager.stepOverheadSeconds).toBeCloseTo(32 * 103.125e-6, 12); // 3.3 ms
    expect(decodeStepSeconds(eager, 1, 1000)).toBeCloseTo((14e9 + 524_288 * 1000) / 3.35e12 + 3.3e-3, 12);
    // 1,000 tokens alone on the engine: 3.3 s more than with graphs.
    expect(minDecodeSeconds(eager, 1000, 500) - minDecodeSeconds(e, 1000, 500)).toBeCloseTo(3.3, 9);
  });

  it('minimum decode time integrates the growing context', () => {
    const t = minDecodeSeconds(e, 1000, 500);
    let sum = 0;
    for (let i = 0; i < 1000; i++) sum += (14e9 + 524_288 * (500 + i + 0.5)) / 3.35e12;
    expect(t).toBeCloseTo(sum, 6);
  });

  it('prefill costs 2·N FLOPs per token plus attention over the context', () => {
    expect(prefillSeconds(e, 1000, 0)).toBeCloseTo((2 * 7e9 * 1000 + 4 * 32 * llama7b.dModel * 1000 * 500) / (989e12 * 0.5), 9);
    expect(prefillSeconds(e, 1000, 10_000)).toBeGreaterThan(prefillSeconds(e, 1000, 0));
  });
});
