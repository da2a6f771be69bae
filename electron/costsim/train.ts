import type { ModelShape } from './decode';

/**
 * Training and weight-sync time of one RL step.
 *
 * FLOPs: the policy update costs 6 · activeParams per trained token (forward 2, backward 4);
 * each extra forward pass (old-policy log-probs, reference model) adds 2 · activeParams.
 * All tokens of a trajectory (prompt, generations, observations) go through the model;
 * observation tokens are only masked out of the loss.
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
}

export interface TrainStep {
  flops: number;
  computeSeconds: number;
  microBatches: number;
  optimizerSteps: number;
  commSeconds: number;
  seconds: number;
}

export function trainFlops(activeParams: number, tokens: number, extraForwardPasses: number): number {
  return (6 + 2 * extraForwardPasses) * activeParams * tokens;
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

export function trainStep(s: TrainSetup, tokens: number): TrainStep {
  const flops = trainFlops(s.shape.activeParams, tokens, s.extraForwardPasses);
  const computeSeconds = flops / (s.trainGpus * s.peakFlops * s.mfu);
  const tokensPerGpu = tokens / s.trainGpus;
  const microBatches = Math.max(1, Math.ceil(tokensPerGpu / s.microBatchTokens));
  const optimizerSteps = Math.max(1, Math.ceil(microBatches / s.gradientAccumulation));
  const commSeconds = optimizerSteps * optimizerStepSeconds(s);
  return { flops, computeSeconds, microBatches, optimizerSteps, commSeconds, seconds: computeSeconds + commSeconds };
}

/**
 * Activation memory per GPU for one micro-batch, GB: 34 · tokens · d_model bytes per layer
 * (Korthikanti et al. 2022, bf16, no recomputation, flash attention) × layers.
 */
export function activationGB(shape: ModelShape, microBatchTokens: number): number {
  return (34 * microBatchTokens * shape.dModel * shape.layers) / 1e9;
}

/** Weights, gradients and Adam state (16 bytes/param, ZeRO-sharded) + activations fit in memory? */
export function trainFitsInMemory(s: TrainSetup): boolean {
  const stateGB = (16 * s.shape.params) / s.trainGpus / 1e9;
  return stateGB + activationGB(s.shape, s.microBatchTokens) <= s.memoryGB;
}

/** Weight sync: model bytes (inference precision) / bandwidth (GB/s), seconds. */
export function weightSyncSeconds(weightBytes: number, bandwidthGBps: number): number {
  return weightBytes / (bandwidthGBps * 1e9);
}
