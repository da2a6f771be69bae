import { ContractError } from '../../shared/contract/errors';
import type { engineMethods } from '../../shared/contract/engine';
import { ahp, ahpGroup } from '../engine/ahp';
import { ahpRatings } from '../engine/ahp-ratings';
import { hierarchy } from '../engine/hierarchy';
import { EngineInputError } from '../../shared/scoring/errors';
import { evaluate } from '../../shared/scoring/evaluate';
import { sensitivity, stabilityMap } from '../engine/sensitivity';
import { mergeSmaa, planSmaa, smaaShard, type SmaaInput, type SmaaShardOutput } from '../engine/smaa';
import { topsis } from '../engine/topsis';
import { rankWeights } from '../../shared/scoring/weights';
import type { HandlersFor } from './context';
import { cancelledError } from './tasks/runner';

/** Runs pure engine code, turning its input errors into the contract's typed error. */
function engineCall<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof EngineInputError) {
      throw new ContractError('invalid_request', `Invalid request: ${err.message}`, [{ path: err.path, message: err.detail }]);
    }
    throw err;
  }
}

export const engineHandlers: HandlersFor<typeof engineMethods> = {
  'engine.evaluate': (req) => engineCall(() => evaluate(req)),

  'engine.ahp': (req) =>
    engineCall(() =>
      req.matrices ? ahpGroup(req.matrices, req.participantWeights, req.aggregation, { labels: req.labels }) : ahp(req.matrix!, { labels: req.labels }),
    ),

  'engine.hierarchy': (req) => engineCall(() => hierarchy(req)),

  'engine.ahpRatings': (req) => engineCall(() => ahpRatings(req.matrix, req.scale, req.labels)),

  'engine.topsis': (req) => engineCall(() => topsis(req)),

  'engine.rankWeights': (req) => engineCall(() => ({ weights: rankWeights(req.order, req.method) })),

  'engine.sensitivity': (req) => engineCall(() => sensitivity(req.values, req.weights)),

  'engine.stabilityMap': (req) => engineCall(() => stabilityMap(req.values, req.weights, req.dimensions, req.resolution)),

  'engine.smaa': async (req, ctx) => {
    const input: SmaaInput = req;
    // Planning validates the weight model (e.g. `spread`) before any worker is busy.
    const shards = engineCall(() => planSmaa(input));
    const total = input.samples;
    const report = (done: number) => ctx.progress({ done: Math.min(1, done), stage: 'sampling' });
    // One shard (≤ 65,536 samples, a few milliseconds) is cheaper inline than a worker
    // round trip. Either way the shards are the same, so the answer is the same.
    if (shards.length === 1) return mergeSmaa(input, [smaaShard(shards[0], report)]);
    // Hand the pool one wave of shards per worker at a time rather than all at once: the
    // shards are equal, so waves cost almost no idle time, and a cancellation then only has
    // the in-flight shards to stop instead of a long queue.
    const wave = Math.max(1, ctx.tasks.parallelism);
    const outputs: SmaaShardOutput[] = [];
    let finished = 0;
    for (let start = 0; start < shards.length; start += wave) {
      if (ctx.signal.aborted) throw cancelledError();
      const batch = shards.slice(start, start + wave);
      const batchSamples = batch.reduce((s, b) => s + b.samples, 0);
      const done = finished;
      outputs.push(...(await ctx.tasks.run('smaaShard', batch, { signal: ctx.signal, onProgress: (d) => report((done + d * batchSamples) / total) })));
      finished += batchSamples;
    }
    return mergeSmaa(input, outputs);
  },
};
