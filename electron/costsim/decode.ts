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
