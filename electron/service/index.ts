import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Outcome, Progress } from '../../shared/contract';
import type { HostKind, ServiceContext } from './context';
import { call, dispatch } from './dispatch';
import { createInlineRunner, type TaskRunner } from './tasks/runner';
import { createWorkerPool } from './tasks/pool';

export interface Service {
  readonly host: HostKind;
  readonly tasks: TaskRunner;
  /** Never throws: the result or the typed error. */
  dispatch(method: string, payload: unknown, opts?: CallOptions): Promise<Outcome>;
  /** Throws ContractError. */
  call(method: string, payload: unknown, opts?: CallOptions): Promise<unknown>;
  close(): Promise<void>;
}

export interface CallOptions {
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
}

/**
 * The Node side as one object: the contract dispatcher plus a worker pool for heavy
 * tasks. `workerUrl` is the bundled task host (build/node/worker.mjs); without it (or if
 * the file is missing) heavy tasks run inline, which is correct but blocks the caller.
 */
export function createService(options: {
  host: HostKind;
  workerUrl?: URL;
  pdf?: ServiceContext['pdf'];
  session?: ServiceContext['session'];
  copies?: ServiceContext['copies'];
}): Service {
  const { host, workerUrl, pdf, session, copies } = options;
  const tasks = workerUrl && existsSync(fileURLToPath(workerUrl)) ? createWorkerPool(workerUrl) : createInlineRunner();
  const base = { host, tasks, ...(pdf ? { pdf } : {}), ...(session ? { session } : {}), ...(copies ? { copies } : {}) };
  return {
    host,
    tasks,
    dispatch: (method, payload, opts = {}) => dispatch(method, payload, { ...base, ...opts }),
    call: (method, payload, opts = {}) => call(method, payload, { ...base, ...opts }),
    close: async () => {
      await session?.shutdown();
      await tasks.close();
    },
  };
}
