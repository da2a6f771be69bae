import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContractError } from '../../shared/contract/errors';
import type { WorkshopDoc } from '../../shared/model';
import { createSampleWorkshop } from '../../shared/model/create';
import { expandCriterion, setHierarchyMethod, setLeafJudgment, setScoreAt } from '../../shared/model/edits/hierarchy-edit';

/** The Node side, answered by the test one call at a time. */
const calls: { method: string; request: unknown; answer: (v: unknown) => void; fail: (e: unknown) => void }[] = [];
vi.mock('./client', () => ({
  call: (method: string, request: unknown) =>
    new Promise((answer, fail) => {
      calls.push({ method, request, answer, fail });
    }),
}));
const { judgedNow, judgedVersion, onJudged } = await import('./hierarchy-judged');

const K = 'mismatch-control';
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The sample with K expanded to three focus points, judged pairwise (first pair `first`), scored at its leaves if `atLeaves`. */
function doc(first: number, atLeaves = true): WorkshopDoc {
  let d = expandCriterion(createSampleWorkshop('en', '2026-03-01T09:00:00.000Z', 'w1'), K);
  d = { ...d, hierarchy: d.hierarchy.map((n) => (n.criterionId === K ? { ...n, leaves: n.leaves.slice(0, 3) } : n)) };
  d = setHierarchyMethod(d, K, 'pairwise');
  d = setLeafJudgment(d, K, 0, 1, first);
  d = setLeafJudgment(d, K, 1, 2, 2);
  return atLeaves ? setScoreAt(d, K, 'leaves') : d;
}
const answer = { weights: [0.6, 0.3, 0.1], cr: 0, crAlonsoLamata: 0, nextPair: null };

describe('the page’s engine answers for pairwise focus points (judgedNow)', () => {
  beforeEach(() => void (calls.length = 0));

  it('is pending until the engine answers, asks once, then gives the answer and tells listeners', async () => {
    const told = vi.fn();
    const stop = onJudged(told);
    const d = doc(3);
    expect(judgedNow(d)).toEqual({ judged: {}, pending: true });
    expect(judgedNow(d).pending).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('engine.ahp');
    calls[0].answer(answer);
    await flush();
    expect(told).toHaveBeenCalledTimes(1);
    expect(judgedNow(d)).toEqual({ judged: { [K]: answer }, pending: false });
    expect(calls).toHaveLength(1);
    stop();
  });

  it('asks nothing for a dimension scored at the dimension, or a team matrix that does not link every focus point yet', () => {
    expect(judgedNow(doc(4, false))).toEqual({ judged: {}, pending: false });
    const unlinked = setLeafJudgment(doc(4), K, 1, 2, null);
    expect(judgedNow(unlinked)).toEqual({ judged: {}, pending: false });
    expect(calls).toHaveLength(0);
  });

  it("keeps the engine's refusal (not scored, not pending) but asks again after a failed call", async () => {
    const refused = doc(5);
    judgedNow(refused);
    calls[0].fail(new ContractError('invalid_request', 'no'));
    await flush();
    expect(judgedNow(refused)).toEqual({ judged: {}, pending: false });
    expect(calls).toHaveLength(1);
    const away = doc(6);
    judgedNow(away);
    calls[1].fail(new ContractError('unavailable', 'the local server is not answering'));
    await flush();
    expect(judgedNow(away).pending).toBe(true);
    expect(calls).toHaveLength(3);
  });
});

describe('a failed call while someone listens (the Node side restarting or away)', () => {
  const unavailable = () => new ContractError('unavailable', 'the local server is not answering');
  /** Lets the failed call's handler run (its promise settles in a microtask). */
  const settle = () => vi.advanceTimersByTimeAsync(0);
  beforeEach(() => {
    calls.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('is tried again after 1 s, then 2 s, … and the answer that finally arrives is told', async () => {
    const told = vi.fn();
    const stop = onJudged(told);
    const d = doc(7);
    judgedNow(d);
    calls[0].fail(unavailable());
    await settle();
    // No answer to tell yet, and looking again does not ask again at once (no loop).
    expect(told).not.toHaveBeenCalled();
    expect(judgedNow(d)).toEqual({ judged: {}, pending: true });
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(calls[1].request).toEqual(calls[0].request);
    calls[1].fail(unavailable());
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    // Nobody looked again: the answer is told all the same, so a record on screen stops waiting.
    const before = judgedVersion();
    calls[2].answer(answer);
    await settle();
    expect(told).toHaveBeenCalledTimes(1);
    expect(judgedVersion()).toBe(before + 1);
    expect(judgedNow(d)).toEqual({ judged: { [K]: answer }, pending: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(3);
    stop();
  });

  it('waits at most 30 s between tries while the Node side stays away', async () => {
    const stop = onJudged(() => {});
    judgedNow(doc(8));
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      calls[i].fail(unavailable());
      await settle();
      let waited = 0;
      while (calls.length === i + 1 && waited < 60_000) {
        await vi.advanceTimersByTimeAsync(1000);
        waited += 1000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    calls[7].answer(answer);
    await settle();
    expect(judgedNow(doc(8)).pending).toBe(false);
    stop();
  });

  it('stops trying when nobody listens any more: the next look asks again', async () => {
    const stop = onJudged(() => {});
    const d = doc(9);
    judgedNow(d);
    calls[0].fail(unavailable());
    await settle();
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(judgedNow(d).pending).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it('stops trying a request the document no longer asks for (its state changed)', async () => {
    const stop = onJudged(() => {});
    judgedNow(doc(2));
    calls[0].fail(unavailable());
    await settle();
    judgedNow(doc(1 / 2)); // the judgment was edited meanwhile: a new request
    expect(calls).toHaveLength(2);
    calls[1].answer(answer);
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(2);
    stop();
  });

  it("keeps the engine's refusal and tells it, with no further try", async () => {
    const told = vi.fn();
    const stop = onJudged(told);
    const d = doc(1 / 3);
    judgedNow(d);
    calls[0].fail(new ContractError('invalid_request', 'no'));
    await settle();
    expect(told).toHaveBeenCalledTimes(1);
    expect(judgedNow(d)).toEqual({ judged: {}, pending: false });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    stop();
  });
});
