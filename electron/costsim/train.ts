import type { ModelShape } from './decode';

/**
 * Training and weight-sync time of one RL step.
 *
 * FLOPs: the policy update costs 6 · activeParams per trained token (forward 2, backward 4);
 * each extra forward pass (old-policy log-probs, reference model) adds 2 · activeParams.
 * All tokens of a trajectory (prompt, generations, observations) go through the model;
 * observation tokens are only masked out of the loss.
 *
 * Attention adds FLOPs quadratic in a sequence's length: per (query, key) pair of one forward
 * pass 4 · layers · dModel (QKᵀ and AV, `attentionFlopsPerPair`), a causal sequence of L tokens
 * having L²/2 pairs; the backward pass doubles it, so the update costs 3 forward passes of it,
 * each extra forward pass 1 and a critic 4 (its forward, then its update). Narayanan et al. 2021
 * ("Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM",
 * arXiv 2104.04473, appendix) count 4·B·s²·h forward attention FLOPs per layer, i.e. per token
 * 1 + s/(6h) of the dense cost (their 72·B·s·l·h²·(1 + s/(6h) + …), with recomputation); the
 * causal mask halves the square (FlashAttention skips the masked blocks). For a 32B model
 * (64 layers, d 5120) a 30K-token sequence costs ~30 % more per token than a short one.
 *
 * Time = FLOPs / (trainGpus · peak(precision) · MFU) + optimizerSteps · (gradient sync + update).
 * fp8 raises the peak (where the GPU has FP8 tensor cores); MFU stays the stated fraction of
 * that higher peak. Gradient accumulation leaves the FLOPs unchanged; it sets how many
 * memory-bounded micro-batches form one optimizer step, so it reduces the number of optimizer
 * steps — each with a gradient all-reduce and an Adam update — per RL step.
 */
export interface TrainSetup {
  shape: ModelShape;
  trainGpus: number;
  peakFlops: number;
  mfu: number;
  memoryGB: number;
  memoryBandwidthTBps: number;
  interconnectGBps: number;
  microBatchTokens: number;
  gradientAccumulation: number;
  extraForwardPasses: number;
  /** PPO critic: a value model of the policy's size, forward + update (8·N FLOPs per token). */
  critic: boolean;
  /** Mixed-precision training (`peakFlops` the precision's tensor peak); false = fp32 (TF32 peak, 4-byte activations). */
  mixedPrecision: boolean;
}

export interface TrainStep {
  flops: number;
  computeSeconds: number;
  microBatches: number;
  optimizerSteps: number;
  commSeconds: number;
  seconds: number;
}

export function trainFlops(activeParams: number, tokens: number, extraForwardPasses: number, critic = false): number {
  return (6 + 2 * extraForwardPasses + (critic ? 8 : 0)) * activeParams * tokens;
}

/** Attention FLOPs of one forward pass per (query, key) token pair: 4 · layers · dModel (QKᵀ and AV, 2 FLOPs per MAC). */
export function attentionFlopsPerPair(shape: { layers: number; dModel: number }): number {
  return 4 * shape.layers * shape.dModel;
}

/** Causal (query, key) pairs of a sequence of `tokens` tokens: tokens² / 2. */
export const causalPairs = (tokens: number) => (tokens * tokens) / 2;

/** Attention FLOPs of training on sequences with `pairs` causal token pairs in all (see the module comment). */
export function trainAttentionFlops(shape: { layers: number; dModel: number }, pairs: number, extraForwardPasses: number, critic = false): number {
  return (3 + extraForwardPasses + (critic ? 4 : 0)) * attentionFlopsPerPair(shape) * pairs;
}

/**
 * One gradient all-reduce (ring): 2 · (n − 1)/n · gradientBytes / interconnect, bf16 gradients
 * (2 bytes/param). One Adam update: reads and writes ~16 bytes/param of fp32 state, sharded
 * over the GPUs (ZeRO), at memory bandwidth.
 */
export function optimizerStepSeconds(s: TrainSetup): number {
  const n = s.trainGpus;
  const allReduce = n > 1 ? (2 * ((n - 1) / n) * 2 * s.shape.params) / (s.interconnectGBps * 1e9) : 0;
  const update = (2 * 16 * s.shape.params) / n / (s.memoryBandwidthTBps * 1e12);
  return allReduce + update;
}

/** One training step on `tokens` trained tokens whose sequences hold `pairs` causal token pairs in all (Σ L²/2). */
export function trainStep(s: TrainSetup, tokens: number, pairs: number): TrainStep {
  const flops = trainFlops(s.shape.activeParams, tokens, s.extraForwardPasses, s.critic) + trainAttentionFlops(s.shape, pairs, s.extraForwardPasses, s.critic);
  const computeSeconds = flops / (s.trainGpus * s.peakFlops * s.mfu);
  const tokensPerGpu = tokens / s.trainGpus;
  const microBatches = Math.max(1, Math.ceil(tokensPerGpu / s.microBatchTokens));
  const optimizerSteps = Math.max(1, Math.ceil(microBatches / s.gradientAccumulation));
  // A critic has its own optimizer step (same size as the policy's).
  const commSeconds = optimizerSteps * optimizerStepSeconds(s) * (s.critic ? 2 : 1);
  return { flops, computeSeconds, microBatches, optimizerSteps, commSeconds, seconds: computeSeconds + commSeconds };
}

/**
 * Activation memory per GPU for one micro-batch, GB: 34 · tokens · d_model bytes per layer
 * (Korthikanti et al. 2022, 2-byte activations, no recomputation, flash attention) × layers;
 * fp32 training keeps them in 4 bytes, twice as much (`mixedPrecision` false).
 */
export function activationGB(shape: ModelShape, microBatchTokens: number, mixedPrecision = true): number {
  return ((mixedPrecision ? 1 : 2) * 34 * microBatchTokens * shape.dModel * shape.layers) / 1e9;
}

/**
 * Weights, gradients and Adam state (16 bytes/param, ZeRO-sharded) + activations fit in memory?
 * Mixed precision: bf16 weights 2 + gradients 2 + fp32 master weights 4 + Adam moments 8
 * (Micikevicius et al. 2018, “Mixed Precision Training”); fp32: weights 4 + gradients 4 + Adam 8,
 * the same 16 — mixed precision saves activation memory and compute time, not optimizer state.
 */
export function trainFitsInMemory(s: TrainSetup): boolean {
  const stateGB = (16 * s.shape.params) / s.trainGpus / 1e9;
  return stateGB + activationGB(s.shape, s.microBatchTokens, s.mixedPrecision) <= s.memoryGB;
}

/** Weight sync: model bytes (inference precision) / bandwidth (GB/s), seconds. */
export function weightSyncSeconds(weightBytes: number, bandwidthGBps: number): number {
  return weightBytes / (bandwidthGBps * 1e9);
}

/**
 * Weight update to the inference engines once per step, seconds.
 *   colocated:      weights resharded over the node interconnect + engine sleep/wake
 *                   (+ with offload: trainer state 16 B/param, sharded over the train GPUs, to host and back over PCIe);
 *   disaggregated:  weights broadcast over the network + a fixed latency floor.
 */
export function weightUpdateSeconds(a: {
  weightBytes: number;
  params: number;
  colocated: boolean;
  interconnectGBps: number;
  networkGBps: number;
  hostLinkGBps: number;
  trainGpus: number;
  sleepWakeSeconds: number;
  offloadTrainerState: boolean;
  latencySeconds: number;
}): number {
  if (!a.colocated) return weightSyncSeconds(a.weightBytes, a.networkGBps) + a.latencySeconds;
  const offload = a.offloadTrainerState ? (2 * 16 * a.params) / a.trainGpus / (a.hostLinkGBps * 1e9) : 0;
  return weightSyncSeconds(a.weightBytes, a.interconnectGBps) + a.sleepWakeSeconds + offload;
}

/** Bytes of one checkpoint: bf16 weights (2 B/param) + fp32 master weights and Adam moments (12 B/param) = 14 B/param (gradients are not kept). */
export function checkpointBytes(params: number): number {
  return 14 * params;
}

/** Young/Daly optimal checkpoint interval, seconds: √(2 · write time · MTBF of the whole pool). */
export function youngDalySeconds(writeSeconds: number, failuresPerSecond: number): number {
  return failuresPerSecond > 0 ? Math.sqrt((2 * writeSeconds) / failuresPerSecond) : Infinity;
}
