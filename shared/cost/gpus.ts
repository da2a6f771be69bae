import type { GpuName, GpuSpec } from './schema';

/**
 * GPU catalogue. Throughput figures are DENSE tensor-core TFLOPS (vendors headline the
 * 2:4-sparsity figure, twice as large; we halve it). Memory in GB (1e9 bytes), bandwidth in
 * TB/s (1e12 bytes/s), interconnect in GB/s as the vendor states it (NVLink: total
 * bidirectional per GPU; PCIe: x16 bidirectional).
 *
 * `serverKwPerGpu` is the server's power divided by its GPUs (GPU TDP plus the host's share),
 * an assumption, e.g. DGX H100: 10.2 kW / 8 GPUs ≈ 1.275 kW.
 * Prices are editable defaults (USD, 2025 street / on-demand levels), not quotes.
 */
export const GPU_CATALOGUE: Record<GpuName, GpuSpec> = {
  // https://www.nvidia.com/en-us/data-center/h100/ (H100 SXM datasheet: 80 GB HBM3, 3.35 TB/s,
  // BF16 1,979 / FP8 3,958 TFLOPS with sparsity, NVLink 900 GB/s, up to 700 W).
  'H100-SXM': {
    name: 'H100-SXM',
    memoryGB: 80,
    memoryBandwidthTBps: 3.35,
    bf16Tflops: 989,
    fp8Tflops: 1979,
    interconnectGBps: 900,
    serverKwPerGpu: 1.275,
    gpuHourPrice: 3.0,
    purchasePrice: 30_000,
    source: 'https://www.nvidia.com/en-us/data-center/h100/',
    note: 'SXM5; dense = half the sparsity figures on the datasheet.',
  },
  // https://www.nvidia.com/en-us/data-center/h200/ (H200 SXM: 141 GB HBM3e, 4.8 TB/s,
  // same Hopper tensor cores as H100 SXM, NVLink 900 GB/s, up to 700 W).
  H200: {
    name: 'H200',
    memoryGB: 141,
    memoryBandwidthTBps: 4.8,
    bf16Tflops: 989,
    fp8Tflops: 1979,
    interconnectGBps: 900,
    serverKwPerGpu: 1.275,
    gpuHourPrice: 3.8,
    purchasePrice: 35_000,
    source: 'https://www.nvidia.com/en-us/data-center/h200/',
    note: 'SXM; dense = half the sparsity figures on the datasheet.',
  },
  // NVIDIA publishes no product page for the China-market H20; figures from OEM/press spec
  // sheets: 96 GB HBM3, 4.0 TB/s, 148 dense FP16/BF16 TFLOPS, 296 FP8, NVLink 900 GB/s, 400 W
  // (e.g. https://willitrunai.com/es/gpus/h20-96gb).
  H20: {
    name: 'H20',
    memoryGB: 96,
    memoryBandwidthTBps: 4.0,
    bf16Tflops: 148,
    fp8Tflops: 296,
    interconnectGBps: 900,
    serverKwPerGpu: 0.75,
    gpuHourPrice: 1.6,
    purchasePrice: 13_000,
    source: 'https://willitrunai.com/es/gpus/h20-96gb (no NVIDIA product page; OEM spec sheets)',
    note: 'Export-compliant Hopper: high bandwidth, ~15% of H100 compute.',
  },
  // https://www.nvidia.cn/data-center/h800/ — H100 silicon with NVLink cut to 400 GB/s
  // (and FP64 cut); memory and tensor throughput as H100 SXM
  // (see also https://www.philisun.com/technical-analysis/nvidia-h800-vs-h100-a-technical-deep-dive-into-politically-defined-ai-chips).
  H800: {
    name: 'H800',
    memoryGB: 80,
    memoryBandwidthTBps: 3.35,
    bf16Tflops: 989,
    fp8Tflops: 1979,
    interconnectGBps: 400,
    serverKwPerGpu: 1.275,
    gpuHourPrice: 2.5,
    purchasePrice: 30_000,
    source: 'https://www.nvidia.cn/data-center/h800/',
    note: 'SXM; NVLink 400 GB/s instead of 900.',
  },
  // https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf
  // (A100 80GB SXM: HBM2e 2,039 GB/s, BF16 312 TFLOPS dense, NVLink 600 GB/s, 400 W; no FP8).
  'A100-80G': {
    name: 'A100-80G',
    memoryGB: 80,
    memoryBandwidthTBps: 2.039,
    bf16Tflops: 312,
    fp8Tflops: 312,
    interconnectGBps: 600,
    serverKwPerGpu: 0.81,
    gpuHourPrice: 1.8,
    purchasePrice: 15_000,
    source: 'https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf',
    note: 'SXM4 80 GB. No FP8 tensor cores: fp8 only halves bytes (weights, KV), FLOPs stay at the BF16 peak.',
  },
  // https://www.nvidia.com/en-us/data-center/l40s/ (datasheet: 48 GB GDDR6, 864 GB/s,
  // BF16 362.05 / FP8 733 TFLOPS dense, PCIe Gen4 x16 64 GB/s, no NVLink, 350 W).
  L40S: {
    name: 'L40S',
    memoryGB: 48,
    memoryBandwidthTBps: 0.864,
    bf16Tflops: 362,
    fp8Tflops: 733,
    interconnectGBps: 64,
    serverKwPerGpu: 0.6,
    gpuHourPrice: 1.0,
    purchasePrice: 9_000,
    source: 'https://www.nvidia.com/en-us/data-center/l40s/',
    note: 'PCIe card; no NVLink, so tensor parallel and weight sync run over PCIe.',
  },
};
