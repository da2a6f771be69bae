import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MethodName, RequestOf, ResponseOf } from '../../shared/contract';
import { ContractError } from '../../shared/contract/errors';
import type { CallOptions } from './client';
import { callWork, derivedKey, DerivedStore, DerivedSubscription, type Caller } from './derived';

/** A contract client whose answers the test gives, one call at a time. */
function fakeClient() {
  const calls: {
    method: string;
    request: unknown;
    signal: AbortSignal;
    onProgress?: CallOptions['onProgress'];
    answer: (v: unknown) => void;
    fail: (e: unknown) => void;
  }[] = [];
  const client: Caller = <M extends MethodName>(method: M, request: RequestOf<M>, opts: CallOptions) =>
    new Promise<ResponseOf<M>>((resolve, reject) => {
      calls.push({ method, request, signal: opts.signal!, onProgress: opts.onProgress, answer: (v) => resolve(v as ResponseOf<M>), fail: reject });
    });
  return { client, calls };
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A subscriber as `useDerived` drives it: follow the request's key, read the view for it. */
function subscriber(store: DerivedStore, client: Caller) {
  const sub = new DerivedSubscription<ResponseOf<'engine.rankWeights'>>(store);
  let key: string | null = null;
  const notified = vi.fn();
  sub.subscribe(notified);
  return {
    notified,
    ask(request: RequestOf<'engine.rankWeights'> | null, debounceMs = 0) {
      key = request === null ? null : derivedKey('engine.rankWeights', request);
      sub.follow(key, request === null ? () => Promise.reject(new Error('unused')) : callWork('engine.rankWeights', request, client), debounceMs);
    },
    get view() {
      return sub.view(key);
    },
  };
}

const req = (...order: number[]): RequestOf<'engine.rankWeights'> => ({ order, method: 'roc' });
const weights = (...w: number[]) => ({ weights: w });

/** A subscriber whose first input (weights 0…1) has had its answer (0.75, 0.25). */
async function answeredOnce(store: DerivedStore) {
  const { client, calls } = fakeClient();
  const a = subscriber(store, client);
  a.ask(req(0, 1));
  calls[0].answer(weights(0.75, 0.25));
  await flush();
  return { calls, a };
}

/** Two subscribers (a panel and the presenter, say) that asked for the same input (weights 0…1): one call so far. */
function twoAsking(store: DerivedStore) {
  const { client, calls } = fakeClient();
  const a = subscriber(store, client);
  const b = subscriber(store, client);
  a.ask(req(0, 1));
  b.ask(req(0, 1));
  return { client, calls, a, b };
}

describe('useDerived (the latest answer per input)', () => {
  let store: DerivedStore;
  beforeEach(() => {
    store = new DerivedStore();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the answer for the input on screen and says it is current', async () => {
    const { client, calls } = fakeClient();
    const a = subscriber(store, client);
    a.ask(req(0, 1));
    expect(calls).toHaveLength(1);
    expect(a.view).toMatchObject({ value: null, current: false, pending: true, progress: 0, error: null });
    calls[0].onProgress?.({ done: 0.5 });
    expect(a.view.progress).toBe(0.5);
    calls[0].answer(weights(0.75, 0.25));
    await flush();
    expect(a.view).toMatchObject({ value: { weights: [0.75, 0.25] }, current: true, pending: false, progress: null, error: null });
    expect(a.notified).toHaveBeenCalled();
  });

  it('aborts the call an input replaced, drops its late answer and keeps the last value while the new one is pending', async () => {
    const { calls, a } = await answeredOnce(store);
    a.ask(req(1, 0));
    a.ask(req(0, 1, 2)); // replaces (1, 0) before it answered
    await flush();
    expect(calls).toHaveLength(3);
    expect(calls[1].signal.aborted).toBe(true);
    expect(calls[2].signal.aborted).toBe(false);
    // The last value stays on screen, marked as not current.
    expect(a.view).toMatchObject({ value: { weights: [0.75, 0.25] }, current: false, pending: true });
    // The replaced call's answer arrives late: dropped.
    calls[1].answer(weights(0.25, 0.75));
    await flush();
    expect(a.view).toMatchObject({ value: { weights: [0.75, 0.25] }, current: false });
    calls[2].answer(weights(0.61, 0.28, 0.11));
    await flush();
    expect(a.view).toMatchObject({ value: { weights: [0.61, 0.28, 0.11] }, current: true });
    expect(store.size).toBe(1);
  });

  it('an answer arriving after a newer one is dropped, even when its call ignored the abort', async () => {
    const { client, calls } = fakeClient();
    const a = subscriber(store, client);
    a.ask(req(0, 1));
    a.ask(req(1, 0));
    calls[1].answer(weights(0.25, 0.75));
    await flush();
    calls[0].answer(weights(0.75, 0.25)); // stale
    await flush();
    expect(a.view).toMatchObject({ value: { weights: [0.25, 0.75] }, current: true });
  });

  it('shares one call between subscribers of the same input; the last one out aborts it', async () => {
    const { client, calls, a: panel, b: presenter } = twoAsking(store);
    expect(calls).toHaveLength(1);
    calls[0].answer(weights(0.75, 0.25));
    await flush();
    expect(panel.view.value).toEqual({ weights: [0.75, 0.25] });
    expect(presenter.view).toMatchObject({ value: { weights: [0.75, 0.25] }, current: true });
    // A third subscriber arriving later gets the answer at once, without a call.
    const late = subscriber(store, client);
    late.ask(req(0, 1));
    expect(late.view).toMatchObject({ value: { weights: [0.75, 0.25] }, current: true });
    expect(calls).toHaveLength(1);

    // One subscriber moves on: the other still shows the shared input, so its call is not aborted.
    panel.ask(req(1, 0));
    presenter.ask(req(1, 0));
    late.ask(req(2, 0, 1));
    expect(calls).toHaveLength(3);
    late.ask(req(1, 0));
    await flush();
    expect(calls[1].signal.aborted).toBe(false);
    expect(calls[2].signal.aborted).toBe(true);
    expect(store.size).toBe(1);
  });

  it('a subscriber that leaves and comes back at once keeps the call it had (React strict mode)', async () => {
    const { client, calls } = fakeClient();
    const a = subscriber(store, client);
    a.ask(req(0, 1));
    a.ask(null);
    a.ask(req(0, 1));
    await flush();
    expect(calls).toHaveLength(1);
    expect(calls[0].signal.aborted).toBe(false);
    a.ask(null);
    await flush();
    expect(calls[0].signal.aborted).toBe(true);
    expect(store.size).toBe(0);
    expect(a.view).toMatchObject({ value: null, current: false, pending: false });
  });

  it('reports a typed error for the current input and keeps the last value', async () => {
    const { calls, a } = await answeredOnce(store);
    a.ask(req(0, 0));
    calls[1].fail(new ContractError('invalid_request', 'Invalid request: order[1]: repeated', [{ path: 'order[1]', message: 'repeated' }]));
    await flush();
    expect(a.view.error).toBeInstanceOf(ContractError);
    expect(a.view.error).toMatchObject({ code: 'invalid_request', issues: [{ path: 'order[1]', message: 'repeated' }] });
    expect(a.view).toMatchObject({ value: { weights: [0.75, 0.25] }, current: false, pending: false });
    // Any thrown value becomes a contract error.
    a.ask(req(1, 1));
    calls[2].fail(new TypeError('boom'));
    await flush();
    expect(a.view.error).toMatchObject({ code: 'internal', message: 'boom' });
    // The error belongs to its input: back on the first, no error.
    a.ask(req(0, 1));
    expect(a.view.error).toBeNull();
  });

  it('cancel aborts the call for everyone; retry asks again', async () => {
    const { calls, a, b } = twoAsking(store);
    a.view.cancel();
    expect(calls[0].signal.aborted).toBe(true);
    expect(b.view.error?.code).toBe('cancelled');
    expect(b.view.progress).toBeNull();
    b.view.retry();
    expect(calls).toHaveLength(2);
    expect(a.view).toMatchObject({ pending: true, error: null });
    calls[1].answer(weights(0.75, 0.25));
    await flush();
    expect(a.view.current && b.view.current).toBe(true);
  });

  it('with debounceMs, asks once the input has rested: a burst costs one call', async () => {
    vi.useFakeTimers();
    const { client, calls } = fakeClient();
    const a = subscriber(store, client);
    a.ask(req(0, 1), 350);
    await vi.advanceTimersByTimeAsync(200);
    a.ask(req(1, 0), 350);
    await vi.advanceTimersByTimeAsync(200);
    a.ask(req(0, 1, 2), 350);
    expect(calls).toHaveLength(0);
    expect(a.view).toMatchObject({ pending: true, progress: null });
    await vi.advanceTimersByTimeAsync(349);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.request)).toEqual([req(0, 1, 2)]);
  });

  it('the view is the same object until something changes (what useSyncExternalStore needs)', async () => {
    const { client, calls } = fakeClient();
    const a = subscriber(store, client);
    a.ask(req(0, 1));
    expect(a.view).toBe(a.view);
    const before = a.view;
    calls[0].answer(weights(1, 0));
    await flush();
    expect(a.view).not.toBe(before);
    expect(a.view).toBe(a.view);
  });

  it('keys by method and input, computing a request object’s JSON once', () => {
    const r = req(0, 1);
    expect(derivedKey('engine.rankWeights', r)).toBe(derivedKey('engine.rankWeights', req(0, 1)));
    expect(derivedKey('engine.rankWeights', r)).not.toBe(derivedKey('engine.ahp', r));
    const spy = vi.spyOn(JSON, 'stringify');
    derivedKey('engine.rankWeights', r);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
