/**
 * A model's shape and what an inference engine must hold (weights, KV cache), from the
 * scenario alone: the engine (electron/costsim) and the renderer (a tensor-parallel degree
 * that fits) use the same rules.
 */
import type { SimScenarioParsed } from './schema';
import { GPU_CATALOGUE } from './gpus';

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

/** Whether one engine of `tensorParallel` GPUs holds the model plus one KV cache at the full context window (vLLM refuses to start otherwise). */
export interface EngineFit {
  tensorParallel: number;
  fits: boolean;
  /** Weights, GB (1e9 bytes). */
  weightGB: number;
  /** Weights plus one full-window KV cache, GB. */
  needGB: number;
  memoryGB: number;
  memoryUtilization: number;
}

export function engineFit(s: SimScenarioParsed, tensorParallel = s.cluster.tensorParallel): EngineFit {
  const shape = modelShape(s.model);
  const memoryGB = typeof s.cluster.gpu === 'string' ? GPU_CATALOGUE[s.cluster.gpu].memoryGB : s.cluster.gpu.memoryGB;
  const memoryUtilization = s.cluster.gpuMemoryUtilization;
  const pool = kvPoolTokens({ memoryGB, tensorParallel, memoryUtilization, weightBytes: shape.weightBytes, kvBytesPerToken: shape.kvBytesPerToken });
  return {
    tensorParallel,
    fits: pool >= s.rollout.maxContextTokens,
    weightGB: shape.weightBytes / 1e9,
    needGB: (shape.weightBytes + shape.kvBytesPerToken * s.rollout.maxContextTokens) / 1e9,
    memoryGB,
    memoryUtilization,
  };
}

/**
 * The smallest power-of-two tensor-parallel degree at which an engine fits (`engineFit`) and
 * the run still has an engine (colocated: at most the GPUs; separate pools: at most the rollout
 * GPUs, leaving one for training); null when none does.
 */
export function fittingTensorParallel(s: SimScenarioParsed): number | null {
  const c = s.cluster;
  const most = c.colocated ? c.gpus : (c.rolloutGpus ?? c.gpus - (c.trainGpus ?? 1));
  for (let tp = 1; tp <= most; tp *= 2) if (engineFit(s, tp).fits) return tp;
  return null;
}
