import { SimScenarioSchema, type SimScenario } from '../../shared/cost/schema';
import { Rng } from '../engine/rng';
import { estimateScenario, VALIDATED_REGION } from './analytic';
import { GPU_CATALOGUE } from './gpus';
import { runScenario } from './run';

/**
 * A broad random grid of valid scenarios for checking the analytic estimate against the
 * discrete-event simulation: dense models 1.5–70B on H100, H200, A100 or H20, 8–256 GPUs,
 * single-turn and multi-turn up to 16 turns, tool latency 0.5–10 s, 32K or 64K context, sync and
 * async, colocated or separate pools (colocated when the GPUs cannot hold two engines' worth).
 * Steps and batch are kept small enough for a unit test; tensor parallelism is the smallest power
 * of two that leaves the weights ≤ 40 % of the GPU's memory.
 */
/**
 * Steps simulated per scenario: the discrete-event mean step is the reference, and at 4 steps it
 * moved by up to 18 % between simulation seeds (one slow straggler weighs a quarter of it).
 */
export const GRID_STEPS = 16;

export function estimateGrid(count: number, seed: number): SimScenario[] {
  const rng = new Rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.min(xs.length - 1, Math.floor(rng.uniform() * xs.length))];
  const out: SimScenario[] = [];
  for (let i = 0; i < count; i++) {
    const paramsB = pick([1.5, 3, 7, 14, 32, 70]);
    const gpu = pick(VALIDATED_REGION.gpuTypes);
    const gpus = pick([8, 16, 32, 64, 128, 256]);
    let tp = 1;
    while (paramsB * 2 > 0.4 * GPU_CATALOGUE[gpu].memoryGB * tp && tp < 8) tp *= 2;
    const multi = rng.uniform() < 0.6;
    const turns = multi ? pick([3, 6, 12, 16]) : 1;
    const gen = pick([256, 512, 1024, 2048]);
    // Separate pools need an engine's GPUs for rollout and at least as many for training.
    const colocated = rng.uniform() < 0.5 || gpus < 2 * tp;
    const mode = rng.uniform() < 0.5 ? 'sync' : 'async';
    out.push({
      seed: i + 1,
      steps: GRID_STEPS,
      promptsPerStep: pick([16, 32, 64]),
      rolloutsPerPrompt: 8,
      model: { paramsB },
      cluster: { gpu, gpus, tensorParallel: tp, colocated },
      system: { mode, staleness: pick([0.5, 1, 2]) },
      reliability: { gpuMtbfHours: 1e9 },
      rollout: {
        turns: { median: turns, p99: turns * 3, max: turns * 6 },
        generatedTokensPerTurn: { median: gen, p99: gen * pick([2, 4, 8]), max: gen * 16 },
        observationTokensPerTurn: { median: 256, p99: 2048, max: 4096 },
        toolLatencySeconds: { median: pick([0.5, 1, 2, 5, 10]), p99: 30, max: 60 },
        maxContextTokens: pick([32768, 65536]),
        envFailureRate: 0,
      },
    });
  }
  return out;
}

/** One grid scenario's estimate-to-simulation step-time ratio and whether it lies in the validated region. */
export interface GridPoint {
  scenario: SimScenario;
  ratio: number;
  inside: boolean;
  reasons: readonly string[];
}

/** The distance of a ratio to 1 in the direction it errs (0.5 and 2 are as far as ±50 % and ±100 %). */
const off = (ratio: number) => Math.abs(ratio - 1);

/**
 * The estimate against the full simulation on `estimateGrid(count, seed)`: every point, and over
 * the points inside the validated region (and over all of them) the share within ±`tight` and
 * the ratio farthest from 1.
 */
export function checkEstimateGrid(count: number, seed: number, tight: number) {
  const points: GridPoint[] = estimateGrid(count, seed).map((g) => {
    const s = SimScenarioSchema.parse(g);
    const est = estimateScenario(s);
    return {
      scenario: g,
      ratio: est.step.meanSeconds / runScenario(s).step.meanSeconds,
      inside: est.estimateRegion?.inside ?? false,
      reasons: est.estimateRegion?.reasons ?? [],
    };
  });
  const summary = (ps: GridPoint[]) => ({
    count: ps.length,
    withinTight: ps.length ? ps.filter((p) => off(p.ratio) <= tight).length / ps.length : 0,
    worst: ps.reduce((w, p) => (off(p.ratio) > off(w) ? p.ratio : w), 1),
  });
  return { points, inside: summary(points.filter((p) => p.inside)), all: summary(points) };
}
