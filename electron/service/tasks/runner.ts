import { ContractError } from '../../../shared/contract/errors';
import { taskRegistry, type TaskInput, type TaskName, type TaskOutput } from './registry';

export interface RunOptions {
  signal?: AbortSignal;
  /** Overall fraction done across all inputs, 0..1. */
  onProgress?: (done: number) => void;
}

/** Runs a registered task over several inputs (shards) and returns one output per input, in order. */
export interface TaskRunner {
  readonly parallelism: number;
  readonly kind: 'workers' | 'inline';
  run<T extends TaskName>(task: T, inputs: TaskInput<T>[], options?: RunOptions): Promise<TaskOutput<T>[]>;
  close(): Promise<void>;
}

export function cancelledError(): ContractError {
  return new ContractError('cancelled', 'The job was cancelled.');
}

/** Combines per-shard progress into one overall fraction. */
export function progressCombiner(shards: number, onProgress?: (done: number) => void): (shard: number, done: number) => void {
  const parts = new Array<number>(shards).fill(0);
  let lastSent = -1;
  return (shard, done) => {
    parts[shard] = Math.min(1, Math.max(0, done));
    const total = parts.reduce((a, b) => a + b, 0) / shards;
    // Throttle to 0.5% steps so progress never floods a transport.
    if (onProgress && (total - lastSent >= 0.005 || total === 1)) {
      lastSent = total;
      onProgress(total);
    }
  };
}

/** Runs tasks on the calling thread: used where worker threads are unavailable, and for tiny jobs. */
export function createInlineRunner(): TaskRunner {
  return {
    parallelism: 1,
    kind: 'inline',
    async run(task, inputs, options = {}) {
      const fn = taskRegistry[task] as (input: unknown, progress: (d: number) => void) => unknown;
      const report = progressCombiner(inputs.length, options.onProgress);
      const out: unknown[] = [];
      for (let i = 0; i < inputs.length; i++) {
        if (options.signal?.aborted) throw cancelledError();
        out.push(fn(inputs[i], (d) => report(i, d)));
        report(i, 1);
      }
      return out as never;
    },
    async close() {},
  };
}
