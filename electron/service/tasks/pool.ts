import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { ContractError, toContractError } from '../../../shared/contract/errors';
import { cancelledError, progressCombiner, type TaskRunner } from './runner';
import type { WorkerReply, WorkerRequest } from './protocol';

interface Slot {
  worker: Worker;
  busy: boolean;
}

/**
 * A small pool of warm worker threads running `worker.mjs` (the bundled task host).
 * Shards of one job run in parallel, one per worker; cancellation terminates the
 * workers of that job and replaces them, so a cancelled job stops at once.
 */
export function createWorkerPool(workerUrl: URL, size = Math.max(1, Math.min(4, availableParallelism()))): TaskRunner {
  const slots: Slot[] = [];
  const waiting: Array<(slot: Slot) => void> = [];
  let nextId = 1;
  let closed = false;

  const spawn = (): Slot => {
    const slot: Slot = { worker: new Worker(workerUrl), busy: false };
    slot.worker.unref();
    return slot;
  };
  const acquire = (): Promise<Slot> => {
    const free = slots.find((s) => !s.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    if (slots.length < size) {
      const slot = spawn();
      slot.busy = true;
      slots.push(slot);
      return Promise.resolve(slot);
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (slot: Slot, broken: boolean) => {
    let s = slot;
    if (broken) {
      void slot.worker.terminate();
      const i = slots.indexOf(slot);
      s = spawn();
      if (i >= 0) slots[i] = s;
    }
    s.busy = false;
    const next = waiting.shift();
    if (next) {
      s.busy = true;
      next(s);
    }
  };

  const runOne = (task: string, input: unknown, signal: AbortSignal | undefined, onProgress: (d: number) => void): Promise<unknown> =>
    signal?.aborted
      ? Promise.reject(cancelledError())
      : acquire().then(
          (slot) =>
            new Promise<unknown>((resolve, reject) => {
              const id = nextId++;
              let finished = false;
              const finish = (broken: boolean) => {
                finished = true;
                slot.worker.off('message', onMessage);
                slot.worker.off('error', onError);
                signal?.removeEventListener('abort', onAbort);
                release(slot, broken);
              };
              const onMessage = (msg: WorkerReply) => {
                if (msg.id !== id || finished) return;
                if (msg.type === 'progress') onProgress(msg.done);
                else if (msg.type === 'result') {
                  finish(false);
                  resolve(msg.output);
                } else {
                  finish(false);
                  reject(toContractError(msg.error));
                }
              };
              const onError = (err: Error) => {
                if (finished) return;
                finish(true);
                reject(new ContractError('internal', `Worker failed: ${err.message}`));
              };
              const onAbort = () => {
                if (finished) return;
                finish(true);
                reject(cancelledError());
              };
              if (signal?.aborted) {
                // Cancelled while queued: the worker never started this shard, so it stays healthy.
                release(slot, false);
                return reject(cancelledError());
              }
              slot.worker.on('message', onMessage);
              slot.worker.on('error', onError);
              signal?.addEventListener('abort', onAbort, { once: true });
              const req: WorkerRequest = { id, task, input };
              slot.worker.postMessage(req);
            }),
        );

  return {
    parallelism: size,
    kind: 'workers',
    async run(task, inputs, options = {}) {
      if (closed) throw new ContractError('unavailable', 'The worker pool is closed.');
      if (options.signal?.aborted) throw cancelledError();
      const report = progressCombiner(inputs.length, options.onProgress);
      const out = await Promise.all(inputs.map((input, i) => runOne(task, input, options.signal, (d) => report(i, d))));
      return out as never;
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
      slots.length = 0;
    },
  };
}
