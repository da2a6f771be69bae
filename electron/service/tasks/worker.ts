import { parentPort } from 'node:worker_threads';
import { ContractError, toContractError } from '../../../shared/contract/errors';
import { taskRegistry } from './registry';
import type { WorkerReply, WorkerRequest } from './protocol';

// Entry point of each worker thread (bundled as build/node/worker.mjs).
const port = parentPort;
if (!port) throw new Error('worker.ts must run in a worker thread');

port.on('message', (req: WorkerRequest) => {
  const reply = (msg: WorkerReply) => port.postMessage(msg);
  try {
    const fn = (taskRegistry as Record<string, (input: unknown, progress: (d: number) => void) => unknown>)[req.task];
    if (!fn) throw new ContractError('internal', `Unknown task ${req.task}`);
    let last = 0;
    const output = fn(req.input, (done) => {
      const now = Date.now();
      if (now - last >= 50 || done >= 1) {
        last = now;
        reply({ id: req.id, type: 'progress', done });
      }
    });
    reply({ id: req.id, type: 'result', output });
  } catch (err) {
    reply({ id: req.id, type: 'error', error: toContractError(err).toJSON() });
  }
});
