import type { CustomGpu, GpuName, GpuSpec } from '../../shared/cost/schema';
import { GPU_CATALOGUE } from '../../shared/cost/gpus';

/** The catalogue (shared/contract/simGpus.ts: the renderer sizes engines from it too). */
export { GPU_CATALOGUE } from '../../shared/cost/gpus';

/** The catalogue as a list, in the contract's order. */
export function gpuCatalogue(): GpuSpec[] {
  return Object.values(GPU_CATALOGUE).map((g) => ({ ...g }));
}

/** Resolves a scenario's `cluster.gpu` (catalogue name or custom spec) to a full spec. */
export function resolveGpu(gpu: GpuName | CustomGpu): GpuSpec {
  if (typeof gpu === 'string') return { ...GPU_CATALOGUE[gpu] };
  return { ...gpu, source: 'custom', note: 'Custom specification from the scenario.' };
}

/**
 * Dense TF32 tensor peak, FLOP/s: half the dense BF16 peak on the catalogue's GPUs (NVIDIA A100
 * datasheet 156 vs 312 TFLOPS, H100 SXM 494.7 vs 989.4), the rate of fp32 training's matmuls.
 */
export function tf32PeakFlops(gpu: GpuSpec): number {
  return (gpu.bf16Tflops / 2) * 1e12;
}

/** Dense tensor peak for a precision, FLOP/s. */
export function peakFlops(gpu: GpuSpec, precision: 'bf16' | 'fp8'): number {
  return (precision === 'fp8' ? gpu.fp8Tflops : gpu.bf16Tflops) * 1e12;
}
