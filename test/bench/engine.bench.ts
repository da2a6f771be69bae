import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ahp } from '../../electron/engine/ahp';
import { hierarchy, type HierarchyNode } from '../../electron/engine/hierarchy';
import { evaluate, type EvaluateInput } from '../../shared/scoring/evaluate';
import { sensitivity } from '../../electron/engine/sensitivity';
import { smaa, type SmaaInput } from '../../electron/engine/smaa';
import { topsis } from '../../electron/engine/topsis';
import { createRng } from '../../electron/engine/rng';
import { dispatch } from '../../electron/service/dispatch';
import { createWorkerPool } from '../../electron/service/tasks/pool';
import { spawnWebHost } from './browser';
import { percentile, timeRuns, type BenchResult, type BenchSuite } from './types';

/** One 60 fps frame, ms. */
const FRAME_MS = 16.7;

const rng = createRng(2024);
const uniform = () => rng.uniform();

function evaluateInput(candidates: number, criteria: number, participants: number): EvaluateInput {
  return {
    candidates: Array.from({ length: candidates }, (_, i) => `c${i}`),
    criteria: Array.from({ length: criteria }, (_, k) => ({ id: `k${k}`, weight: 1 + (k % 4) })),
    scores: Array.from({ length: participants }, () =>
      Array.from({ length: candidates }, () => Array.from({ length: criteria }, () => (uniform() < 0.05 ? null : 1 + Math.floor(uniform() * 5)))),
    ),
    scale: { min: 1, max: 5 },
    aggregation: 'median',
  };
}

function table(rows: number, cols: number): number[][] {
  return Array.from({ length: rows }, () => Array.from({ length: cols }, () => uniform()));
}

function smaaInput(samples: number, spread: boolean): SmaaInput {
  const values = table(10, 12);
  return { values, ...(spread ? { valueSpread: values.map((r) => r.map(() => 0.1)) } : {}), weights: { kind: 'uniform' }, samples, seed: 7 };
}

/** A mildly inconsistent n×n judgment matrix on Saaty's 1–9 scale (as a room produces). */
function judgments(n: number): number[][] {
  const w = Array.from({ length: n }, () => 0.2 + uniform());
  const a = w.map((wi) => w.map((wj) => wi / wj));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const v = Math.min(9, Math.max(1 / 9, a[i][j] * Math.exp((uniform() - 0.5) * 0.6)));
      a[i][j] = v;
      a[j][i] = 1 / v;
    }
  }
  return a;
}

const median = (xs: number[]) => percentile(xs, 50);

/** CPU milliseconds (all threads of this process) per run of `fn`: shows the intrinsic cost when the machine is shared. */
async function cpuPerRun(fn: () => unknown, runs: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < runs; i++) await fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / runs;
}

/** Largest size (doubling then bisecting) whose median run time stays within one frame. */
async function largestWithinFrame(run: (size: number) => () => unknown, start: number, limit: number): Promise<number> {
  const fits = async (size: number) => median(await timeRuns(run(size), 5, 2)) <= FRAME_MS;
  let lo = start;
  while (!(await fits(lo))) {
    if (lo <= 1) return 0;
    lo = Math.floor(lo / 2);
  }
  let hi = lo * 2;
  while (hi <= limit && (await fits(hi))) {
    lo = hi;
    hi *= 2;
  }
  if (hi > limit) return lo;
  while (hi - lo > Math.max(1, lo * 0.05)) {
    const mid = Math.floor((lo + hi) / 2);
    if (await fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

const suite: BenchSuite = async (log) => {
  log(`machine load average (1 min) at start: ${loadavg()[0].toFixed(1)} on ${availableParallelism()} CPUs — wall times inflate when it exceeds the CPU count`);
  const out: BenchResult[] = [];
  const figure = (name: string, value: number, target: number) => out.push({ name, value, unit: 'ms', target, better: 'lower' });

  // engine.evaluate 10 × 12 × 20, in process (the pure engine call).
  const evalIn = evaluateInput(10, 12, 20);
  const evalTimes = await timeRuns(() => evaluate(evalIn), 2000, 200);
  log(
    `engine.evaluate 10 candidates × 12 criteria × 20 participants: median ${median(evalTimes).toFixed(3)} ms, p95 ${percentile(evalTimes, 95).toFixed(3)} ms`,
  );
  figure('engine.evaluate.p95', percentile(evalTimes, 95), 0.2);

  // The same through the in-process service door (schema validation + handler).
  const inline = { host: 'test' as const, tasks: (await import('../../electron/service/tasks/runner')).createInlineRunner() };
  const dispatchTimes = await timeRuns(() => dispatch('engine.evaluate', evalIn, inline), 1000, 100);
  log(`engine.evaluate through dispatch (validation + handler): p95 ${percentile(dispatchTimes, 95).toFixed(3)} ms`);
  figure('engine.evaluate.dispatch.p95', percentile(dispatchTimes, 95), 5);

  // The same through the web host round trip (HTTP on loopback).
  const host = await spawnWebHost();
  try {
    const body = JSON.stringify(evalIn);
    const post = async () => {
      const res = await fetch(`${host.origin}/api/engine.evaluate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sw-token': host.token },
        body,
      });
      if (!res.ok) throw new Error(`web host answered ${res.status}: ${await res.text()}`);
      await res.json();
    };
    const webTimes = await timeRuns(post, 300, 30);
    log(`engine.evaluate through the web host round trip: p95 ${percentile(webTimes, 95).toFixed(2)} ms`);
    figure('engine.evaluate.web.p95', percentile(webTimes, 95), 5);
  } finally {
    host.child.kill();
  }

  // engine.smaa 10 × 12, 10,000 samples, in process (with and without value uncertainty).
  const smaa10k = smaaInput(10_000, false);
  const smaa10kTimes = await timeRuns(() => smaa(smaa10k), 40, 5);
  log(
    `engine.smaa 10 × 12, 10k samples, uniform weights: median ${median(smaa10kTimes).toFixed(2)} ms (CPU ${(await cpuPerRun(() => smaa(smaa10k), 20)).toFixed(2)} ms/run)`,
  );
  figure('engine.smaa.10k', median(smaa10kTimes), 5);
  const smaa10kSpread = smaaInput(10_000, true);
  const spreadTimes = await timeRuns(() => smaa(smaa10kSpread), 40, 5);
  log(
    `engine.smaa 10 × 12, 10k samples, uniform weights + value spread (incl. confidence factors): median ${median(spreadTimes).toFixed(2)} ms (CPU ${(await cpuPerRun(() => smaa(smaa10kSpread), 20)).toFixed(2)} ms/run)`,
  );
  figure('engine.smaa.10k.spread', median(spreadTimes), 5);
  // engine.smaa 10 × 12, 10k samples, interval weights ±50% around unequal centre weights
  // (hit-and-run: rejection would keep under 1% of draws).
  const centre = Array.from({ length: 12 }, (_, j) => (j + 1) / 78);
  const smaaIntervals: SmaaInput = {
    ...smaaInput(10_000, false),
    weights: { kind: 'intervals', intervals: centre.map((c): [number, number] => [0.5 * c, 1.5 * c]) },
  };
  const intervalTimes = await timeRuns(() => smaa(smaaIntervals), 40, 5);
  log(
    `engine.smaa 10 × 12, 10k samples, interval weights: median ${median(intervalTimes).toFixed(2)} ms (CPU ${(await cpuPerRun(() => smaa(smaaIntervals), 20)).toFixed(2)} ms/run)`,
  );
  figure('engine.smaa.10k.intervals', median(intervalTimes), 10);
  // engine.smaa 10 alternatives × 9 criteria, 100,000 samples under ratio constraints (a chain
  // of four "at least as important as", one "twice", two more pairs): hit-and-run, as rejection
  // would keep under a fifth of the draws.
  const constrained: SmaaInput = {
    values: table(10, 9),
    weights: {
      kind: 'constraints',
      constraints: [
        { greater: 0, lesser: 1 },
        { greater: 1, lesser: 2 },
        { greater: 2, lesser: 3 },
        { greater: 3, lesser: 4 },
        { greater: 5, lesser: 6, ratio: 2 },
        { greater: 7, lesser: 8 },
        { greater: 0, lesser: 7 },
      ],
    },
    samples: 100_000,
    seed: 7,
  };
  const constrainedTimes = await timeRuns(() => smaa(constrained), 5, 1);
  log(`engine.smaa 10 × 9, 100k samples, 7 ratio constraints (hit-and-run): median ${median(constrainedTimes).toFixed(1)} ms`);
  figure('engine.smaa.constrained-100k.ms', median(constrainedTimes), 1000);
  // engine.smaa 10 × 9, 100,000 samples of weights from six judges' full 9 × 9 judgments on
  // Saaty's scale (AIJ): each sample perturbs all 6 × 36 judgments and solves one eigenvector.
  const scaleRng = createRng(11);
  const saaty = [1 / 9, 1 / 7, 1 / 5, 1 / 3, 1, 3, 5, 7, 9];
  const judgeMatrices = Array.from({ length: 6 }, () => {
    const m = Array.from({ length: 9 }, () => new Array<number>(9).fill(1));
    for (let i = 0; i < 9; i++) {
      for (let j = i + 1; j < 9; j++) {
        m[i][j] = saaty[Math.floor(scaleRng.uniform() * saaty.length)];
        m[j][i] = 1 / m[i][j];
      }
    }
    return m;
  });
  const fromJudgments = (mode: 'bootstrap' | 'perturb'): SmaaInput => ({
    values: table(10, 9),
    weights: { kind: 'judgments', matrices: judgeMatrices, mode, aggregation: 'aij' },
    samples: 100_000,
    seed: 7,
  });
  const perturbTimes = await timeRuns(() => smaa(fromJudgments('perturb')), 5, 1);
  const bootstrapTimes = await timeRuns(() => smaa(fromJudgments('bootstrap')), 5, 1);
  log(
    `engine.smaa 10 × 9, 100k samples of weights from 6 judges' 9 × 9 judgments: perturbed median ${median(perturbTimes).toFixed(1)} ms, bootstrap median ${median(bootstrapTimes).toFixed(1)} ms`,
  );
  figure('engine.smaa.judgments-100k.ms', median(perturbTimes), 2000);

  // engine.smaa 1,000,000 samples through two worker threads (build/node/worker.mjs).
  const pool = createWorkerPool(pathToFileURL(path.resolve('build/node/worker.mjs')), 2);
  try {
    const request = smaaInput(1_000_000, true);
    const run = async () => {
      const res = await dispatch('engine.smaa', request, { host: 'test', tasks: pool });
      if (!res.ok) throw new Error(res.error.message);
    };
    const workerTimes = await timeRuns(run, 5, 2);
    const workerCpu = await cpuPerRun(run, 2);
    log(
      `engine.smaa 10 × 12, 1M samples + value spread on 2 worker threads: ${workerTimes.map((t) => t.toFixed(0)).join(', ')} ms (CPU ${workerCpu.toFixed(0)} ms/run over both workers)`,
    );
    figure('engine.smaa.1m.workers', median(workerTimes), 400);
    const plain = smaaInput(1_000_000, false);
    const plainTimes = await timeRuns(() => dispatch('engine.smaa', plain, { host: 'test', tasks: pool }), 3, 1);
    log(`engine.smaa 10 × 12, 1M samples, no value spread, 2 workers: median ${median(plainTimes).toFixed(0)} ms`);
  } finally {
    await pool.close();
  }

  // engine.hierarchy: the seed's nine dimensions, each expanded into five focus points, judged
  // pairwise at every node (a 9 × 9 matrix and nine 5 × 5 ones).
  const tree: HierarchyNode = {
    id: 'goal',
    children: Array.from({ length: 9 }, (_, d) => ({ id: `d${d}`, children: Array.from({ length: 5 }, (__, f) => ({ id: `d${d}f${f}` })) })),
  };
  const nodeMatrices: Record<string, number[][]> = { goal: judgments(9) };
  for (let d = 0; d < 9; d++) nodeMatrices[`d${d}`] = judgments(5);
  const hierarchyTimes = await timeRuns(() => hierarchy({ root: tree, matrices: nodeMatrices }), 300, 30);
  log(`engine.hierarchy 9 dimensions × 5 focus points: median ${median(hierarchyTimes).toFixed(3)} ms, p95 ${percentile(hierarchyTimes, 95).toFixed(3)} ms`);
  figure('engine.hierarchy.ms', median(hierarchyTimes), 5);

  // engine.ahp 15 × 15 (eigenvector, consistency and the most inconsistent judgment).
  const m15 = judgments(15);
  const ahpTimes = await timeRuns(() => ahp(m15), 500, 50);
  log(`engine.ahp 15 × 15: median ${median(ahpTimes).toFixed(3)} ms, p95 ${percentile(ahpTimes, 95).toFixed(3)} ms (CR ${ahp(m15).cr?.toFixed(3)})`);
  figure('engine.ahp.15', median(ahpTimes), 0.5);
  // engine.ahp 15 × 15 incomplete: 60 of the 105 pairs missing (Harker's method, its CR,
  // the three most inconsistent judgments and Harker's next pair).
  const m15i: (number | null)[][] = judgments(15);
  for (let i = 0, dropped = 0; i < 15; i++) {
    for (let j = i + 2; j < 15 && dropped < 60; j++, dropped++) {
      m15i[i][j] = null;
      m15i[j][i] = null;
    }
  }
  const incompleteTimes = await timeRuns(() => ahp(m15i), 500, 50);
  const incomplete = ahp(m15i);
  log(
    `engine.ahp 15 × 15 incomplete (${incomplete.missingPairs.length} of 105 pairs missing): median ${median(incompleteTimes).toFixed(3)} ms, p95 ${percentile(incompleteTimes, 95).toFixed(3)} ms (CR ${incomplete.cr?.toFixed(3)})`,
  );
  figure('engine.ahp.15.incomplete', median(incompleteTimes), 1);

  // engine.sensitivity 10 × 12.
  const sensValues = table(10, 12);
  const sensWeights = Array.from({ length: 12 }, () => uniform());
  const sensTimes = await timeRuns(() => sensitivity(sensValues, sensWeights), 2000, 200);
  log(`engine.sensitivity 10 × 12: median ${median(sensTimes).toFixed(4)} ms`);
  figure('engine.sensitivity.10x12', median(sensTimes), 0.5);

  // Largest sizes within one 60 fps frame (median run ≤ 16.7 ms, in process).
  const maxParticipants = await largestWithinFrame(
    (p) => {
      const input = evaluateInput(10, 12, p);
      return () => evaluate(input);
    },
    20,
    1 << 20,
  );
  const maxSamplesOf = (spread: boolean) =>
    largestWithinFrame(
      (s) => {
        const input = smaaInput(s, spread);
        return () => smaa(input);
      },
      10_000,
      1 << 24,
    );
  const maxSamples = await maxSamplesOf(false);
  const maxSamplesSpread = await maxSamplesOf(true);
  const maxSensitivity = await largestWithinFrame(
    (m) => {
      const values = table(m, 12);
      return () => sensitivity(values, sensWeights);
    },
    10,
    1 << 22,
  );
  const maxTopsis = await largestWithinFrame(
    (m) => {
      const matrix = table(m, 12);
      const input = { matrix, weights: sensWeights, directions: Array.from({ length: 12 }, (_, k) => (k % 3 ? 'benefit' : 'cost') as 'benefit' | 'cost') };
      return () => topsis(input);
    },
    10,
    1 << 22,
  );
  log(`within one 60 fps frame (${FRAME_MS} ms, in process):`);
  log(`  engine.evaluate 10 × 12 with ${maxParticipants} participants`);
  log(`  engine.smaa 10 × 12: ${maxSamples} samples (${maxSamplesSpread} with value spread)`);
  log(`  engine.sensitivity: ${maxSensitivity} alternatives × 12 criteria`);
  log(`  engine.topsis: ${maxTopsis} alternatives × 12 criteria`);
  log(`  engine.ahp: every allowed size (15 × 15 takes ${median(ahpTimes).toFixed(3)} ms)`);
  return out;
};

export default suite;
