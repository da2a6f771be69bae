import { ContractError } from '../../shared/contract/errors';
import type { engineMethods } from '../../shared/contract/engine';
import { ahp, ahpGroup } from '../engine/ahp';
import { EngineInputError } from '../engine/errors';
import { evaluate } from '../engine/evaluate';
import { sensitivity } from '../engine/sensitivity';
import { mergeSmaa, planSmaa, smaaShard, type SmaaInput } from '../engine/smaa';
import { topsis } from '../engine/topsis';
import { rankWeights } from '../engine/weights';
import type { HandlersFor } from './context';

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

  'engine.ahp': (req) => engineCall(() => (req.matrices ? ahpGroup(req.matrices, req.participantWeights) : ahp(req.matrix!))),

  'engine.topsis': (req) => engineCall(() => topsis(req)),

  'engine.rankWeights': (req) => engineCall(() => ({ weights: rankWeights(req.order, req.method) })),

  'engine.sensitivity': (req) => engineCall(() => sensitivity(req.values, req.weights)),

  'engine.smaa': async (req, ctx) => {
    const input: SmaaInput = req;
    // Planning validates the weight model (e.g. `spread`) before any worker is busy.
    const shards = engineCall(() => planSmaa(input));
    const onProgress = (done: number) => ctx.progress({ done, stage: 'sampling' });
    // One shard (≤ 65,536 samples, a few milliseconds) is cheaper inline than a worker
    // round trip. Either way the shards are the same, so the answer is the same.
    const outputs =
      shards.length === 1
        ? [smaaShard(shards[0], onProgress)]
        : await ctx.tasks.run('smaaShard', shards, { signal: ctx.signal, onProgress });
    return mergeSmaa(input, outputs);
  },
};
