/**
 * Inference-engine physics: model shape, KV cache, decode and prefill speed.
 *
 * Units: bytes, tokens, seconds, FLOPs. An "engine" is one inference server spanning
 * `tensorParallel` GPUs; weights and KV cache are split across them.
 */

export { kvBytesPerToken, kvPoolTokens, modelShape, type ModelShape } from '../../shared/cost/shape';
import type { ModelShape } from '../../shared/cost/shape';

/** What one engine reads and computes per second, and the model facts its timings need. */
export interface EngineModel {
  weightBytes: number;
  kvBytesPerToken: number;
  /** Achieved memory bandwidth of the engine, bytes/s = TP · bandwidth · efficiency. */
  bytesPerSecond: number;
  /** Achieved FLOP/s of the engine for prefill (and compute-bound decode) = TP · peak · prefillMfu. */
  flopsPerSecond: number;
  /** FLOPs per token of the dense part = 2 · activeParams. */
  flopsPerToken: number;
  /** Attention FLOPs per (new token × context token) = 4 · layers · dModel (QKᵀ and AV, 2 FLOPs per MAC). */
  attnFlopsPerTokenPair: number;
  /** Fixed CPU cost of one decode step the GPU waits for: kernel launches in eager mode (0 with CUDA graphs) + the host time of a synchronous scheduler, seconds. */
  stepOverheadSeconds: number;
  /** Tensor parallel: the fixed latency of one decode step's all-reduces (2 a layer), seconds; 0 at TP 1. */
  allReduceStepSeconds: number;
  /** Tensor parallel: the all-reduces' transfer time per decoding sequence of a step, seconds; 0 at TP 1. */
  allReduceSecondsPerSequence: number;
  /** The shortest a decode step can be, seconds (`DECODE_STEP_FLOOR_SECONDS`): the engine's own per-step work that overlapping hides but cannot shorten. */
  stepFloorSeconds: number;
}

/**
 * Single-stream decode speed of two Qwen2.5 models with the same depth (28 layers) on one A100
 * 80GB under vLLM 0.6.3 with CUDA graphs, batch 1, input length 1, generating 2,048 tokens
 * (QwenLM/Qwen2.5 docs/source/benchmark/speed_benchmark.rst, “1.5B (vLLM)” and “7B (vLLM)”,
 * BF16 rows): 183.33 and 84.28 tokens/s. Parameters from the model cards: 1.54 B and 7.62 B.
 */
export const QWEN25_SINGLE_STREAM = [
  { paramsB: 1.54, tokensPerSecond: 183.33 },
  { paramsB: 7.62, tokensPerSecond: 84.28 },
] as const;

/**
 * The fixed part of a decode step, seconds: what a step costs whatever the bytes it reads. Two
 * models of the same depth on the same engine and GPU differ only in the bytes a token reads, so
 * the line through their inter-token latencies against their bf16 weight bytes,
 *   t = fixed + bytes / achieved bandwidth,
 * gives it as its intercept: t₁ − bytes₁ · (t₇ − t₁) / (bytes₇ − bytes₁) ≈ 3.8 ms (the slope is
 * 1.9 TB/s, 93 % of the A100's 2.04 TB/s). It is the engine's per-step work outside the weight
 * reads — scheduling and preparing the step, launching its CUDA graph, sampling, returning the
 * token — close to the ~4 ms host time vLLM issue #6854 profiles for its synchronous scheduler.
 * An engine that overlaps that work with the GPU's (SGLang's overlap scheduler, vLLM's
 * `async_scheduling`) hides it behind a longer GPU step but cannot make a step shorter than it:
 * a decode step takes at least this long. It binds when few sequences decode a small model —
 * a 1.5B model's weights take 1.5 ms at 70 % of an H100's bandwidth, yet it decodes alone at
 * ~3.8 ms a token, the straggler at the end of a synchronous step.
 */
export const DECODE_STEP_FLOOR_SECONDS = (() => {
  const [a, b] = QWEN25_SINGLE_STREAM;
  const t = (x: { tokensPerSecond: number }) => 1 / x.tokensPerSecond;
  const bytes = (x: { paramsB: number }) => x.paramsB * 1e9 * 2;
  return t(a) - (bytes(a) * (t(b) - t(a))) / (bytes(b) - bytes(a));
})();

/**
 * Kernel-launch cost of one layer of one decode step in eager mode, seconds: a measured decode
 * step of Llama-3.1-8B (32 layers) on an H100 SXM takes 8.4 ms eager and 5.1 ms replayed as a
 * CUDA graph (cloudai.pt, “CUDA Graphs + torch.compile: 1.65x LLM Decode Speedup”), so
 * (8.4 − 5.1) ms / 32 layers ≈ 103 µs per layer. It is CPU time, independent of the GPU.
 */
export const EAGER_LAUNCH_SECONDS_PER_LAYER = (8.4e-3 - 5.1e-3) / 32;

/**
 * Fixed latency of one all-reduce of a decode step's activations, seconds: the small messages of
 * decode (a few KB to a few hundred KB) are latency-bound. Measured on H100 for vLLM's custom
 * all-reduce at TP 2/4/8: 8.5–11.8 µs for 512 B–32 KB (sgl-project/sglang PR #2904, “optimize
 * custom allreduce kernel”, unit-test table); we take 10 µs whatever the degree. An assumption
 * for other GPUs and engines (NCCL without the custom kernel is slower, fused kernels faster).
 */
export const ALL_REDUCE_LATENCY_SECONDS = 10e-6;

/** Bytes of one activation value sent in a tensor-parallel all-reduce (bf16, also when the weights are fp8). */
export const ACTIVATION_BYTES = 2;

/**
 * Tensor-parallel communication of one decode step, as two terms of the step time (seconds).
 * Megatron-style tensor parallelism all-reduces the hidden state twice a layer (after attention
 * and after the MLP; Shoeybi et al. 2019, “Megatron-LM”, §3). Each all-reduce carries
 * dModel × nDecoding × 2 bytes; a ring all-reduce sends 2·(p − 1)/p of the message over each
 * GPU's link in one direction, at half the vendor's bidirectional NVLink figure (H100/H200
 * 900 GB/s → 450 GB/s a direction, NVIDIA H100 datasheet; 18 NVLink-4 links of 25 GB/s a
 * direction). So a step pays 2 · layers · (latency + 2·(p − 1)/p · dModel · n · 2 B / link).
 * An engine wider than a node (p > 8) reduces over the network (`networkGBps`, taken per direction).
 */
export function tensorParallelComm(
  shape: { layers: number; dModel: number },
  tp: number,
  interconnectGBps: number,
  networkGBps = interconnectGBps / 2,
): { stepSeconds: number; perSequenceSeconds: number } {
  if (tp <= 1) return { stepSeconds: 0, perSequenceSeconds: 0 };
  const allReduces = 2 * shape.layers;
  const linkBytesPerSecond = (tp <= GPUS_PER_NODE ? interconnectGBps / 2 : networkGBps) * 1e9;
  const ring = (2 * (tp - 1)) / tp;
  return {
    stepSeconds: allReduces * ALL_REDUCE_LATENCY_SECONDS,
    perSequenceSeconds: (allReduces * ring * shape.dModel * ACTIVATION_BYTES) / linkBytesPerSecond,
  };
}

/** GPUs a node's NVLink domain joins (HGX/DGX baseboards). */
export const GPUS_PER_NODE = 8;

export function engineModel(
  shape: ModelShape,
  gpu: { memoryBandwidthTBps: number; peakFlops: number; interconnectGBps: number },
  tp: number,
  bwEfficiency: number,
  prefillMfu: number,
  cudaGraphs = true,
  hostStepSeconds = 0,
  networkGBps?: number,
  stepFloorSeconds = DECODE_STEP_FLOOR_SECONDS,
): EngineModel {
  const comm = tensorParallelComm(shape, tp, gpu.interconnectGBps, networkGBps);
  return {
    weightBytes: shape.weightBytes,
    kvBytesPerToken: shape.kvBytesPerToken,
    bytesPerSecond: tp * gpu.memoryBandwidthTBps * 1e12 * bwEfficiency,
    flopsPerSecond: tp * gpu.peakFlops * prefillMfu,
    flopsPerToken: 2 * shape.activeParams,
    attnFlopsPerTokenPair: 4 * shape.layers * shape.dModel,
    stepOverheadSeconds: (cudaGraphs ? 0 : shape.layers * EAGER_LAUNCH_SECONDS_PER_LAYER) + hostStepSeconds,
    allReduceStepSeconds: comm.stepSeconds,
    allReduceSecondsPerSequence: comm.perSequenceSeconds,
    stepFloorSeconds,
  };
}

/**
 * Duration of one decode step of an engine, seconds (+ the fixed host cost: eager-mode launches, a synchronous scheduler's host time). Each step produces one token for every
 * decoding sequence. Its kernels run one after another: the dense layers (GEMMs) read the
 * weights once and compute 2 · activeParams FLOPs per sequence, so they take the larger of the
 * two (roofline); attention then reads the KV of every decoding sequence, memory-bound:
 *   step = max(weightBytes / bytesPerSecond, 2 · activeParams · nDecoding / flopsPerSecond)
 *          + kvBytesPerToken · Σ context / bytesPerSecond.
 * The two phases add: a batch large enough to make the GEMMs compute-bound still pays for
 * reading its KV afterwards (a single roofline over the whole step would hide it). It is also
 * each sequence's inter-token latency, so a sequence alone on an engine decodes at most
 * 1 / (weights + its KV read time) tokens/s. Under tensor parallelism the step also waits for its
 * all-reduces (`tensorParallelComm`): a fixed latency plus a transfer per decoding sequence.
 * A step never takes less than the engine's fixed per-step work (`DECODE_STEP_FLOOR_SECONDS`).
 */
export function decodeStepSeconds(e: EngineModel, nDecoding: number, sumContextTokens: number): number {
  const t =
    denseSeconds(e, nDecoding) +
    (e.kvBytesPerToken * sumContextTokens) / e.bytesPerSecond +
    e.stepOverheadSeconds +
    (e.allReduceStepSeconds + e.allReduceSecondsPerSequence * nDecoding);
  return t > e.stepFloorSeconds ? t : e.stepFloorSeconds;
}

/** The dense (GEMM) part of a decode step: weight reads or compute, whichever is larger. */
export function denseSeconds(e: EngineModel, nDecoding: number): number {
  const mem = e.weightBytes / e.bytesPerSecond;
  const compute = (e.flopsPerToken * nDecoding) / e.flopsPerSecond;
  return mem > compute ? mem : compute;
}

/**
 * Prefill of `newTokens` appended to a context of `contextTokens` already in the KV cache
 * (prefix caching), seconds: (2·activeParams·new + 4·layers·d·new·(context + new/2)) / flopsPerSecond,
 * plus the tensor-parallel all-reduces of its forward pass (`prefillWorkSeconds`).
 */
export function prefillSeconds(e: EngineModel, newTokens: number, contextTokens: number): number {
  return prefillWorkSeconds(e, newTokens, newTokens * (contextTokens + newTokens / 2), 1);
}

/**
 * Prefill work of `passes` forward passes over `tokens` new tokens with `pairs` (new token ×
 * context token) attention pairs in all, seconds: the FLOPs at the engine's prefill rate, then
 * the tensor-parallel all-reduces. A prefill pass all-reduces the hidden state twice a layer as a
 * decode step does (`tensorParallelComm`, Megatron-LM §3), each message carrying dModel × 2 B for
 * every token of the pass instead of every decoding sequence: the decode step's fixed latency
 * once a pass (`allReduceStepSeconds`) and its per-sequence transfer once a token
 * (`allReduceSecondsPerSequence`). The all-reduces wait for the layer's GEMMs and the next
 * layer waits for them, so they add to the compute time. 0 at TP 1.
 */
export function prefillWorkSeconds(e: EngineModel, tokens: number, pairs: number, passes: number): number {
  return (
    (e.flopsPerToken * tokens + e.attnFlopsPerTokenPair * pairs) / e.flopsPerSecond + passes * e.allReduceStepSeconds + tokens * e.allReduceSecondsPerSequence
  );
}

/**
 * Minimum time to decode `tokens` starting at `context`, alone on an engine (no batching
 * contention): Σ over the tokens of (weights + KV of the growing context) / bandwidth,
 * with the context taken at the segment's midpoint (exact for the linear KV term). Each token
 * takes at least the step floor: the per-token time a + k·x (x the context) grows linearly, so
 * the tokens before it reaches the floor, at x* = (floor − a) / k, take the floor.
 */
export function minDecodeSeconds(e: EngineModel, tokens: number, context: number): number {
  const a = e.weightBytes / e.bytesPerSecond + e.stepOverheadSeconds + e.allReduceStepSeconds + e.allReduceSecondsPerSequence;
  const k = e.kvBytesPerToken / e.bytesPerSecond;
  const floor = e.stepFloorSeconds;
  const linear = (n: number, from: number) => n * (a + k * (from + n / 2));
  if (a + k * context >= floor) return linear(tokens, context);
  // Tokens decoded at the floor: up to the crossing (all of them when the KV term never reaches it).
  const below = k > 0 ? Math.min(tokens, (floor - a) / k - context) : tokens;
  return below * floor + linear(tokens - below, context + below);
}
