/**
 * Inference-engine physics: model shape, KV cache, decode and prefill speed.
 *
 * Units: bytes, tokens, seconds, FLOPs. An "engine" is one inference server spanning
 * `tensorParallel` GPUs; weights and KV cache are split across them.
 */

export interface ModelShape {
  /** Total parameters (held in memory). */
  params: number;
  /** Parameters active per token (compute). */
  activeParams: number;
  layers: number;
  dModel: number;
  kvHeads: number;
  headDim: number;
  /** Bytes per parameter and per KV element: bf16 = 2, fp8 = 1. */
  bytesPerValue: number;
  weightBytes: number;
  kvBytesPerToken: number;
}

/**
 * KV cache bytes per token = 2 (K and V) × layers × kvHeads × headDim × bytes per value.
 * E.g. Llama-2-7B (32 layers, 32 KV heads, head dim 128) in bf16: 2·32·32·128·2 = 524,288 B.
 */
export function kvBytesPerToken(layers: number, kvHeads: number, headDim: number, bytesPerValue: number): number {
  return 2 * layers * kvHeads * headDim * bytesPerValue;
}

/**
 * Shape of a transformer from its parameter count when layers/heads are not given.
 * Rule of thumb (Llama/Qwen-like dense blocks): params ≈ 12 · layers · d², with
 * d / layers ≈ 128, so d = (128 · params / 12)^(1/3) rounded to a multiple of 128 and
 * layers = round(d / 128). Attention uses GQA with 8 KV heads of dimension 128 unless given.
 * For MoE the shape follows the ACTIVE parameters (attention is dense, experts are not).
 */
export function modelShape(m: {
  paramsB: number;
  activeParamsB: number | null;
  precision: 'bf16' | 'fp8';
  layers: number | null;
  kvHeads: number | null;
  headDim: number | null;
}): ModelShape {
  const params = m.paramsB * 1e9;
  const activeParams = (m.activeParamsB ?? m.paramsB) * 1e9;
  const dRule = Math.max(128, Math.round(Math.cbrt((128 * activeParams) / 12) / 128) * 128);
  const layers = m.layers ?? Math.max(1, Math.round(dRule / 128));
  // With layers given, d follows from params ≈ 12 · layers · d².
  const dModel = m.layers === null ? dRule : Math.max(64, Math.sqrt(activeParams / (12 * layers)));
  const headDim = m.headDim ?? 128;
  const kvHeads = m.kvHeads ?? Math.max(1, Math.min(8, Math.floor(dModel / headDim)));
  const bytesPerValue = m.precision === 'fp8' ? 1 : 2;
  return {
    params,
    activeParams,
    layers,
    dModel,
    kvHeads,
    headDim,
    bytesPerValue,
    weightBytes: params * bytesPerValue,
    kvBytesPerToken: kvBytesPerToken(layers, kvHeads, headDim, bytesPerValue),
  };
}

/**
 * Paged KV pool of one engine, tokens: floor((memoryGB·1e9 · TP · memoryUtilisation − weightBytes) / kvBytesPerToken).
 * vLLM/SGLang allocate this pool in pages as sequences use tokens, so a sequence holds KV for
 * its current context only, not for the whole window. ≤ 0 means the weights do not fit.
 */
export function kvPoolTokens(a: { memoryGB: number; tensorParallel: number; memoryUtilization: number; weightBytes: number; kvBytesPerToken: number }): number {
  const free = a.memoryGB * 1e9 * a.tensorParallel * a.memoryUtilization - a.weightBytes;
  return free <= 0 ? 0 : Math.floor(free / a.kvBytesPerToken);
}

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
}

/**
 * Kernel-launch cost of one layer of one decode step in eager mode, seconds: a measured decode
 * step of Llama-3.1-8B (32 layers) on an H100 SXM takes 8.4 ms eager and 5.1 ms replayed as a
 * CUDA graph (cloudai.pt, “CUDA Graphs + torch.compile: 1.65x LLM Decode Speedup”), so
 * (8.4 − 5.1) ms / 32 layers ≈ 103 µs per layer. It is CPU time, independent of the GPU.
 */
export const EAGER_LAUNCH_SECONDS_PER_LAYER = (8.4e-3 - 5.1e-3) / 32;

export function engineModel(
  shape: ModelShape,
  gpu: { memoryBandwidthTBps: number; peakFlops: number },
  tp: number,
  bwEfficiency: number,
  prefillMfu: number,
  cudaGraphs = true,
  hostStepSeconds = 0,
): EngineModel {
  return {
    weightBytes: shape.weightBytes,
    kvBytesPerToken: shape.kvBytesPerToken,
    bytesPerSecond: tp * gpu.memoryBandwidthTBps * 1e12 * bwEfficiency,
    flopsPerSecond: tp * gpu.peakFlops * prefillMfu,
    flopsPerToken: 2 * shape.activeParams,
    attnFlopsPerTokenPair: 4 * shape.layers * shape.dModel,
    stepOverheadSeconds: (cudaGraphs ? 0 : shape.layers * EAGER_LAUNCH_SECONDS_PER_LAYER) + hostStepSeconds,
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
 * 1 / (weights + its KV read time) tokens/s.
 */
export function decodeStepSeconds(e: EngineModel, nDecoding: number, sumContextTokens: number): number {
  return denseSeconds(e, nDecoding) + (e.kvBytesPerToken * sumContextTokens) / e.bytesPerSecond + e.stepOverheadSeconds;
}

/** The dense (GEMM) part of a decode step: weight reads or compute, whichever is larger. */
export function denseSeconds(e: EngineModel, nDecoding: number): number {
  const mem = e.weightBytes / e.bytesPerSecond;
  const compute = (e.flopsPerToken * nDecoding) / e.flopsPerSecond;
  return mem > compute ? mem : compute;
}

/**
 * Prefill of `newTokens` appended to a context of `contextTokens` already in the KV cache
 * (prefix caching), seconds: (2·activeParams·new + 4·layers·d·new·(context + new/2)) / flopsPerSecond.
 */
export function prefillSeconds(e: EngineModel, newTokens: number, contextTokens: number): number {
  return (e.flopsPerToken * newTokens + e.attnFlopsPerTokenPair * newTokens * (contextTokens + newTokens / 2)) / e.flopsPerSecond;
}

/**
 * Minimum time to decode `tokens` starting at `context`, alone on an engine (no batching
 * contention): Σ over the tokens of (weights + KV of the growing context) / bandwidth,
 * with the context taken at the segment's midpoint (exact for the linear KV term).
 */
export function minDecodeSeconds(e: EngineModel, tokens: number, context: number): number {
  return (tokens * (e.weightBytes + e.kvBytesPerToken * (context + tokens / 2))) / e.bytesPerSecond + tokens * e.stepOverheadSeconds;
}
