import { useEffect, useState, useSyncExternalStore } from 'react';
import type { MethodName, Progress, RequestOf, ResponseOf } from '../../shared/contract';
import { ContractError, toContractError } from '../../shared/contract/errors';
import { call, type CallOptions } from './client';

/**
 * Derived answers: what the Node side says about the inputs on screen (an evaluation, AHP
 * weights, an estimate, the room's robustness analysis). Analysis results are derived, never
 * stored as truth; this module is the one place that keeps "the latest answer per input, stale
 * ones dropped":
 *
 * - an answer is keyed by its method and its input (the request's JSON);
 * - when the input changes, the call for the old input is aborted (unless another subscriber
 *   still shows it) and its answer, should it still arrive, is dropped;
 * - the last value stays on screen while the answer for the new input is pending (`current`
 *   says whether it is the answer to the input on screen);
 * - subscribers asking the same thing at the same time share one call (the robustness panel
 *   and the presenter, for instance);
 * - `debounceMs` waits for the input to rest before asking (edits in a burst cost one call).
 *
 * Requests are treated as immutable: the JSON of a request object is computed once per object.
 */

/** What a derived answer's work receives: abort with `signal`, report progress with `onProgress`. */
export type DerivedContext = Required<Pick<CallOptions, 'signal' | 'onProgress'>>;
export type DerivedWork<T> = (ctx: DerivedContext) => Promise<T>;

/** What a component sees of a derived answer. */
export interface Derived<T> {
  /** The latest answer: for the current input when `current`, else for an earlier one (or `null`). */
  value: T | null;
  /** Why the current input has no answer (a typed contract error; code `cancelled` after `cancel`). */
  error: ContractError | null;
  /** `value` is the answer to the input on screen. */
  current: boolean;
  /** An answer for the input on screen is awaited (waiting for the input to rest, or running). */
  pending: boolean;
  /** Fraction done (0–1) while the call runs; `null` when nothing runs. */
  progress: number | null;
  /** Aborts the call for the current input (for every subscriber); `error` becomes `cancelled`. */
  cancel: () => void;
  /** Asks again for the current input (after a cancel or an error). */
  retry: () => void;
}

type Phase = 'waiting' | 'running' | 'done' | 'failed';
interface EntryState<T> {
  phase: Phase;
  /** Set once an answer arrived (kept through a later retry). */
  answer: { value: T } | null;
  error: ContractError | null;
  progress: number | null;
}

/** One input's answer: one call at most, shared by every subscriber to its key. */
class Entry<T> {
  state: EntryState<T> = { phase: 'waiting', answer: null, error: null, progress: null };
  refs = 0;
  private controller: AbortController | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly key: string,
    private readonly work: DerivedWork<T>,
    /** What to show while no answer has arrived: the value its first subscriber showed before. */
    readonly seed: { value: T } | null,
  ) {}

  listen(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private set(patch: Partial<EntryState<T>>) {
    this.state = { ...this.state, ...patch };
    for (const fn of [...this.listeners]) fn();
  }

  start(debounceMs: number) {
    if (debounceMs > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.run();
      }, debounceMs);
    } else this.run();
  }

  private run() {
    this.stop();
    const ac = new AbortController();
    this.controller = ac;
    this.set({ phase: 'running', progress: 0, error: null });
    let work: Promise<T>;
    try {
      work = this.work({ signal: ac.signal, onProgress: (p: Progress) => this.controller === ac && this.set({ progress: p.done }) });
    } catch (err) {
      work = Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    work.then(
      (value) => {
        if (this.controller !== ac) return; // replaced or cancelled: a stale answer
        this.controller = null;
        this.set({ phase: 'done', answer: { value }, error: null, progress: null });
      },
      (err: unknown) => {
        if (this.controller !== ac) return;
        this.controller = null;
        this.set({ phase: 'failed', error: toContractError(err), progress: null });
      },
    );
  }

  /** Aborts the waiting or running call without a word (nobody shows this input any more). */
  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const ac = this.controller;
    this.controller = null;
    ac?.abort();
  }

  cancel() {
    if (this.state.phase !== 'waiting' && this.state.phase !== 'running') return;
    this.stop();
    this.set({ phase: 'failed', error: new ContractError('cancelled', 'Cancelled.'), progress: null });
  }

  retry() {
    this.run();
  }
}

/** The answers currently subscribed to, by key. One per app (`derivedStore`); tests make their own. */
export class DerivedStore {
  private readonly entries = new Map<string, Entry<unknown>>();

  peek<T>(key: string): Entry<T> | undefined {
    return this.entries.get(key) as Entry<T> | undefined;
  }

  acquire<T>(key: string, work: DerivedWork<T>, debounceMs: number, seed: { value: T } | null): Entry<T> {
    let entry = this.entries.get(key) as Entry<T> | undefined;
    if (!entry) {
      entry = new Entry(key, work, seed);
      this.entries.set(key, entry as Entry<unknown>);
      entry.start(debounceMs);
    }
    entry.refs++;
    return entry;
  }

  /**
   * One subscriber fewer. The last one out aborts the call, a moment later: a component that
   * re-subscribes at once (React's strict mode, a panel moving) keeps the call it had.
   */
  release(entry: Entry<unknown>) {
    entry.refs--;
    if (entry.refs > 0) return;
    queueMicrotask(() => {
      if (entry.refs > 0 || this.entries.get(entry.key) !== entry) return;
      this.entries.delete(entry.key);
      entry.stop();
    });
  }

  /** How many inputs have a subscriber (for tests). */
  get size(): number {
    return this.entries.size;
  }
}

const NOTHING_ASKED = { value: null, error: null, current: false, pending: false, progress: null };

/** One subscriber (one hook instance): follows one key at a time and remembers the last value it showed. */
export class DerivedSubscription<T> {
  private entry: Entry<T> | null = null;
  private unlisten: (() => void) | null = null;
  private last: { value: T } | null = null;
  private readonly listeners = new Set<() => void>();
  private version = 0;
  private cached: { key: string | null; version: number; entry: Entry<T> | undefined; state: unknown; view: Derived<T> } | null = null;
  private readonly actions = { cancel: () => this.entry?.cancel(), retry: () => this.entry?.retry() };

  constructor(private readonly store: DerivedStore) {}

  readonly subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  private changed() {
    if (this.entry?.state.answer) this.last = this.entry.state.answer;
    this.version++;
    for (const fn of [...this.listeners]) fn();
  }

  /** Follow `key` (`null`: nothing asked); `work` computes its answer if nobody has asked yet. */
  follow(key: string | null, work: DerivedWork<T>, debounceMs = 0) {
    if ((this.entry?.key ?? null) === key) return;
    const old = this.entry;
    this.unlisten?.();
    this.unlisten = null;
    this.entry = null;
    if (key !== null) {
      const seed = this.last ?? old?.seed ?? null;
      const entry = this.store.acquire(key, work, debounceMs, seed);
      this.entry = entry;
      this.unlisten = entry.listen(() => this.changed());
    }
    if (old) this.store.release(old as Entry<unknown>);
    this.changed();
  }

  /** What to show for `key` (the key being rendered, which the effect may not have followed yet). */
  view(key: string | null): Derived<T> {
    if (key === null) return this.memo(key, undefined, null, () => ({ ...NOTHING_ASKED, ...this.actions }));
    const entry = this.entry?.key === key ? this.entry : this.store.peek<T>(key);
    return this.memo(key, entry, entry?.state ?? null, () => {
      const shown = entry?.state.answer ?? this.last ?? entry?.seed ?? null;
      if (!entry) return { value: shown?.value ?? null, error: null, current: false, pending: true, progress: null, ...this.actions };
      const { phase, error, progress } = entry.state;
      return {
        value: shown?.value ?? null,
        error: phase === 'failed' ? error : null,
        current: phase === 'done',
        pending: phase === 'waiting' || phase === 'running',
        progress: phase === 'running' ? progress : null,
        ...this.actions,
      };
    });
  }

  private memo(key: string | null, entry: Entry<T> | undefined, state: unknown, make: () => Derived<T>): Derived<T> {
    const c = this.cached;
    if (c && c.key === key && c.version === this.version && c.entry === entry && c.state === state) return c.view;
    const view = make();
    this.cached = { key, version: this.version, entry, state, view };
    return view;
  }
}

const keys = new WeakMap<object, string>();

/** The key of a call: its method and the JSON of its request (computed once per request object). */
export function derivedKey(method: string, request: unknown): string {
  if (typeof request !== 'object' || request === null) return `${method} ${JSON.stringify(request)}`;
  let json = keys.get(request);
  if (json === undefined) {
    json = JSON.stringify(request);
    keys.set(request, json);
  }
  return `${method} ${json}`;
}

/** The contract client the hooks call (the real one; tests pass a fake to the classes above). */
export type Caller = <M extends MethodName>(method: M, request: RequestOf<M>, opts: CallOptions) => Promise<ResponseOf<M>>;

/** The work of one contract call, with progress. */
export const callWork =
  <M extends MethodName>(method: M, request: RequestOf<M>, client: Caller = call): DerivedWork<ResponseOf<M>> =>
  (ctx) =>
    client(method, request, ctx);

/** The work of several calls of one method, answered together in order; one failure aborts the rest. */
export const callAllWork =
  <M extends MethodName>(method: M, requests: readonly RequestOf<M>[], client: Caller = call): DerivedWork<ResponseOf<M>[]> =>
  async (ctx) => {
    const local = new AbortController();
    const stop = () => local.abort();
    ctx.signal.addEventListener('abort', stop, { once: true });
    try {
      return await Promise.all(requests.map((r) => client(method, r, { signal: local.signal })));
    } catch (err) {
      local.abort();
      throw err;
    } finally {
      ctx.signal.removeEventListener('abort', stop);
    }
  };

export const derivedStore = new DerivedStore();

/**
 * The hook under `useDerived`, for answers that are more than one call: `key` must name
 * everything `work` depends on (`work` is used when the key changes).
 */
export function useDerivedKey<T>(key: string | null, work: DerivedWork<T>, debounceMs = 0): Derived<T> {
  const [sub] = useState(() => new DerivedSubscription<T>(derivedStore));
  useEffect(() => {
    sub.follow(key, work, debounceMs);
    // The key identifies the work: a new closure for the same key asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sub, key]);
  useEffect(() => () => sub.follow(null, work), [sub]); // eslint-disable-line react-hooks/exhaustive-deps
  return useSyncExternalStore(sub.subscribe, () => sub.view(key));
}

export interface DerivedOptions {
  /** Ask only once the input has rested this long (ms). */
  debounceMs?: number;
}

/**
 * The Node side's answer to `method` for `request` (`null`: nothing to ask), following the
 * input: see the top of this file for the rules.
 */
export function useDerived<M extends MethodName>(method: M, request: RequestOf<M> | null, opts: DerivedOptions = {}): Derived<ResponseOf<M>> {
  const key = request === null ? null : derivedKey(method, request);
  return useDerivedKey(key, request === null ? noWork : callWork(method, request), opts.debounceMs);
}

const noWork = () => Promise.reject(new ContractError('internal', 'Nothing to ask.'));
