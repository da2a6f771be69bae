import { useEffect, useRef, useState } from 'react';
import type { Progress } from '../../../shared/contract';
import type { SimCatalogue, SimResult, SimScenario, SimSweepRequest } from '../../../shared/contract/sim';
import { ApiError, call } from '../../api/client';

export interface EstimateState {
  /** The latest answer (kept while a newer request is on its way, so figures do not flicker). */
  result: SimResult | null;
  /** The answer shown is for an older scenario than the one on screen. */
  pending: boolean;
  /** Why the simulator refused the current scenario (path and message from the Node side). */
  error: { message: string; issues: { path: string; message: string }[] } | null;
}

/**
 * The analytic estimate (`sim.estimate`) of the scenario on screen, following every edit.
 * Each new scenario aborts the request before it, and an answer that arrives for a scenario
 * no longer on screen is dropped: the figures always belong to the sliders' positions.
 */
export function useEstimate(scenario: Record<string, unknown>, enabled: boolean): EstimateState {
  const key = JSON.stringify(scenario);
  const [answer, setAnswer] = useState<{ key: string; result: SimResult | null; error: EstimateState['error'] }>({ key: '', result: null, error: null });
  useEffect(() => {
    if (!enabled) return;
    const ac = new AbortController();
    call('sim.estimate', JSON.parse(key) as SimScenario, { signal: ac.signal }).then(
      (result) => {
        if (!ac.signal.aborted) setAnswer({ key, result, error: null });
      },
      (err: unknown) => {
        if (ac.signal.aborted) return;
        const e = err instanceof ApiError ? err : new ApiError('internal', (err as Error).message);
        setAnswer((prev) => ({ key, result: prev.result, error: { message: e.message, issues: e.issues ?? [] } }));
      },
    );
    return () => ac.abort();
  }, [key, enabled]);
  const current = answer.key === key;
  return { result: answer.result, pending: enabled && !current, error: current ? answer.error : null };
}

export type JobState<R> =
  | { status: 'idle' }
  | { status: 'running'; done: number; stage?: string }
  | { status: 'done'; result: R }
  | { status: 'cancelled' }
  | { status: 'failed'; message: string; issues: { path: string; message: string }[] };

/** What a job's work receives: abort it with `signal`, report progress (0–1) with `onProgress`. */
export interface JobContext {
  signal: AbortSignal;
  onProgress: (p: Progress) => void;
}

/**
 * A long simulator job (`sim.run`, `sim.sweep`, or several at once) with progress and
 * cancel. Starting again cancels the job before; leaving the screen cancels a job still running.
 */
export function useJob<R>() {
  const [state, setState] = useState<JobState<R>>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = async (work: (ctx: JobContext) => Promise<R>): Promise<R | null> => {
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    setState({ status: 'running', done: 0 });
    try {
      const result = await work({
        signal: ac.signal,
        onProgress: (p) => {
          if (!ac.signal.aborted) setState({ status: 'running', done: p.done, stage: p.stage });
        },
      });
      if (ac.signal.aborted) {
        setState({ status: 'cancelled' });
        return null;
      }
      setState({ status: 'done', result });
      return result;
    } catch (err) {
      if (ac.signal.aborted || (err instanceof ApiError && err.code === 'cancelled')) setState({ status: 'cancelled' });
      else {
        const e = err instanceof ApiError ? err : new ApiError('internal', (err as Error).message);
        setState({ status: 'failed', message: e.message, issues: e.issues ?? [] });
      }
      return null;
    } finally {
      if (controller.current === ac) controller.current = null;
    }
  };
  const cancel = () => controller.current?.abort();
  return { state, start, cancel };
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
