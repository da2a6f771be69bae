import { useEffect, useRef, useState } from 'react';
import type { Progress } from '../../shared/contract';
import { ContractError, toContractError } from '../../shared/contract/errors';

export type JobState<R> =
  | { status: 'idle' }
  | { status: 'running'; done: number; stage?: string }
  | { status: 'done'; result: R }
  | { status: 'cancelled' }
  | { status: 'failed'; error: ContractError };

/** What a job's work receives: abort it with `signal`, report progress (0–1) with `onProgress`. */
export interface JobContext {
  signal: AbortSignal;
  onProgress: (p: Progress) => void;
}

/**
 * A long job the user starts (a simulation, a sweep, an export) with progress and cancel.
 * Starting again cancels the job before; leaving the screen cancels a job still running.
 * (Answers that follow the inputs on screen are `useDerived`'s.)
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
        if (controller.current === ac) setState({ status: 'cancelled' });
        return null;
      }
      setState({ status: 'done', result });
      return result;
    } catch (err) {
      if (controller.current !== ac && ac.signal.aborted) return null; // replaced by a newer job or reset
      const error = toContractError(err);
      setState(ac.signal.aborted || error.code === 'cancelled' ? { status: 'cancelled' } : { status: 'failed', error });
      return null;
    } finally {
      if (controller.current === ac) controller.current = null;
    }
  };
  const cancel = () => controller.current?.abort();
  /** Cancels a running job and forgets the last outcome. */
  const reset = () => {
    const ac = controller.current;
    controller.current = null;
    ac?.abort();
    setState({ status: 'idle' });
  };
  return { state, start, cancel, reset };
}
