import { useEffect, useState } from 'react';
import type { ContractError } from '../../../shared/contract/errors';
import type { SimCatalogue, SimResult, SimScenario, SimSweepRequest } from '../../../shared/cost/schema';
import { call } from '../../api/client';
import { useDerived } from '../../api/derived';
import type { JobContext } from '../../api/job';

export interface EstimateState {
  /** The latest answer (kept while a newer request is on its way, so figures do not flicker). */
  result: SimResult | null;
  /** The answer shown is for an older scenario than the one on screen. */
  pending: boolean;
  /** Why the simulator refused the current scenario (path and message from the Node side). */
  error: ContractError | null;
}

/**
 * The analytic estimate (`sim.estimate`) of the scenario on screen, following every edit
 * (`useDerived`: the figures always belong to the sliders' positions).
 */
export function useEstimate(scenario: Record<string, unknown>, enabled: boolean): EstimateState {
  const estimate = useDerived('sim.estimate', enabled ? (scenario as SimScenario) : null);
  return { result: estimate.value, pending: enabled && !estimate.current, error: estimate.error };
}

/** Runs `sim.run` as a job. */
export const runSimulation = (scenario: SimScenario) => (ctx: JobContext) => call('sim.run', scenario, ctx);

/**
 * Sweeps several scenarios at once (one `sim.sweep` per entry, in parallel on the worker
 * pool) and joins them in order; progress is the mean of theirs. One failure cancels the rest.
 */
export const sweepAll = (requests: readonly SimSweepRequest[]) => async (ctx: JobContext) => {
  const local = new AbortController();
  const stop = () => local.abort();
  ctx.signal.addEventListener('abort', stop, { once: true });
  const done = requests.map(() => 0);
  try {
    return await Promise.all(
      requests.map((request, i) =>
        call('sim.sweep', request, {
          signal: local.signal,
          onProgress: (p) => {
            done[i] = p.done;
            ctx.onProgress({ done: done.reduce((a, b) => a + b, 0) / done.length });
          },
        }),
      ),
    );
  } catch (err) {
    local.abort();
    throw err;
  } finally {
    ctx.signal.removeEventListener('abort', stop);
  }
};

let catalogue: Promise<SimCatalogue> | null = null;

/** The GPU catalogue (specs, default prices), fetched once per session. */
export function useCatalogue(): SimCatalogue | null {
  const [value, setValue] = useState<SimCatalogue | null>(null);
  useEffect(() => {
    let live = true;
    catalogue ??= call('sim.catalogue', {});
    catalogue.then(
      (c) => live && setValue(c),
      () => {
        catalogue = null; // try again next time the screen opens
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return value;
}
