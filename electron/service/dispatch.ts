import { contract, isMethodName, ContractError, invalidRequest, type MethodName, type Outcome, type Progress } from '../../shared/contract';
import { handlers } from './handlers';
import type { HostKind, ServiceContext } from './context';
import type { TaskRunner } from './tasks/runner';

export interface DispatchOptions {
  host: HostKind;
  tasks: TaskRunner;
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
  pdf?: ServiceContext['pdf'];
  session?: ServiceContext['session'];
  copies?: ServiceContext['copies'];
  /** Validate responses against their schema too (tests and dev). */
  checkResponse?: boolean;
}

/**
 * The single door of the Node side: every host calls this with an untrusted method
 * name and payload. It validates the request with the contract's schema, runs the
 * handler, and returns either the result or the typed error — never throws.
 */
export async function dispatch(method: string, payload: unknown, options: DispatchOptions): Promise<Outcome> {
  try {
    return { ok: true, result: await call(method, payload, options) };
  } catch (err) {
    return { ok: false, error: toContractError(err).toJSON() };
  }
}

export async function call(method: string, payload: unknown, options: DispatchOptions): Promise<unknown> {
  if (!isMethodName(method)) {
    throw new ContractError('unknown_method', `Unknown method "${method}". Known methods: ${Object.keys(contract).join(', ')}`);
  }
  const def = contract[method];
  const parsed = def.request.safeParse(payload ?? {});
  if (!parsed.success) throw invalidRequest(parsed.error);
  const signal = options.signal ?? new AbortController().signal;
  const ctx: ServiceContext = {
    host: options.host,
    signal,
    tasks: options.tasks,
    progress: (p) => options.onProgress?.(p),
    ...(options.pdf ? { pdf: options.pdf } : {}),
    ...(options.session ? { session: options.session } : {}),
    ...(options.copies ? { copies: options.copies } : {}),
  };
  const handler = handlers[method as MethodName] as (req: unknown, ctx: ServiceContext) => unknown;
  const result = await handler(parsed.data, ctx);
  if (signal.aborted) throw new ContractError('cancelled', 'The job was cancelled.');
  // Engine answers are numbers the schema promises finite; JSON would silently turn NaN and
  // ±Infinity into null. Checked on every call (a walk over the answer, ~µs), not only in tests.
  if (method.startsWith('engine.')) {
    const bad = firstNonFinite(result);
    if (bad !== null)
      throw new ContractError('internal', `Response of ${method} carries a non-finite number at ${bad.path} (${String(bad.value)}); nothing was sent.`);
  }
  if (options.checkResponse) {
    const check = def.response.safeParse(result);
    if (!check.success) throw new ContractError('internal', `Response of ${method} broke its schema: ${check.error.message}`);
  }
  return result;
}

/** The first NaN or ±Infinity in a JSON-like value, with its `a.b[2]` path; null if none. */
export function firstNonFinite(value: unknown, path = '(root)'): { path: string; value: number } | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : { path, value };
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value) || ArrayBuffer.isView(value)) {
    const list = value as ArrayLike<unknown>;
    for (let i = 0; i < list.length; i++) {
      const found = firstNonFinite(list[i], `${path === '(root)' ? '' : path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    const found = firstNonFinite(v, path === '(root)' ? key : `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

export function toContractError(err: unknown): ContractError {
  if (err instanceof ContractError) return err;
  // Never leak a stack trace to a client; keep the message.
  const message = err instanceof Error ? err.message : String(err);
  return new ContractError('internal', `Internal error: ${message}`);
}
