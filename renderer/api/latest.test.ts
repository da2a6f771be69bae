import { describe, expect, it } from 'vitest';
import { ContractError } from '../../shared/contract/errors';
import { latestAnswer, type Shown } from './latest';

/** A Node side whose answers the test gives, one call at a time, and a screen that records what was shown. */
function setup(preview: (q: number) => number | null = (q) => q * 10) {
  const calls: { request: number; signal: AbortSignal; answer: (v: number) => void; fail: (e: unknown) => void }[] = [];
  const shown: Shown<number, number>[] = [];
  const latest = latestAnswer<number, number>({
    preview,
    answer: (request, signal) => new Promise((resolve, reject) => calls.push({ request, signal, answer: resolve, fail: reject })),
    same: (a, b) => a === b,
    show: (s) => shown.push(s),
  });
  return { latest, calls, shown };
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('latestAnswer', () => {
  it('shows the preview before ask returns, then the Node side’s answer when it differs', async () => {
    const { latest, calls, shown } = setup();
    latest.ask(1);
    expect(shown).toEqual([{ kind: 'preview', request: 1, value: 10 }]);
    expect(calls.map((c) => c.request)).toEqual([1]);
    calls[0].answer(11);
    await flush();
    expect(shown.at(-1)).toEqual({ kind: 'answer', request: 1, value: 11, previewed: true });
  });

  it('does not show an answer equal to the preview again', async () => {
    const { latest, calls, shown } = setup();
    latest.ask(2);
    calls[0].answer(20);
    await flush();
    expect(shown).toEqual([{ kind: 'preview', request: 2, value: 20 }]);
  });

  it('ignores an older answer arriving after a newer request was asked (and aborts its call)', async () => {
    const { latest, calls, shown } = setup();
    latest.ask(1);
    latest.ask(2);
    expect(calls[0].signal.aborted).toBe(true);
    expect(calls[1].signal.aborted).toBe(false);
    calls[1].answer(21);
    await flush();
    calls[0].answer(11); // the older answer comes last
    calls[0].fail(new Error('late'));
    await flush();
    expect(shown).toEqual([
      { kind: 'preview', request: 1, value: 10 },
      { kind: 'preview', request: 2, value: 20 },
      { kind: 'answer', request: 2, value: 21, previewed: true },
    ]);
  });

  it('ignores an older answer even when the newer request was only previewed (a drag step)', async () => {
    const { latest, calls, shown } = setup();
    latest.ask(1);
    latest.ask(2, { confirm: false });
    expect(calls).toHaveLength(1); // a previewed drag step asks nothing
    calls[0].answer(99);
    await flush();
    expect(shown.at(-1)).toEqual({ kind: 'preview', request: 2, value: 20 });
  });

  it('drop discards the answer on its way', async () => {
    const { latest, calls, shown } = setup();
    latest.ask(1);
    latest.drop();
    expect(calls[0].signal.aborted).toBe(true);
    calls[0].answer(11);
    await flush();
    expect(shown).toHaveLength(1);
  });

  it('without a preview waits for the Node side, showing its answer or its typed error', async () => {
    const { latest, calls, shown } = setup(() => null);
    latest.ask(3, { confirm: false }); // no preview: the Node side is asked anyway
    expect(shown).toEqual([]);
    calls[0].fail(new ContractError('invalid_request', 'No.'));
    await flush();
    expect(shown).toHaveLength(1);
    const [only] = shown;
    expect(only.kind === 'error' && only.error.code).toBe('invalid_request');
    latest.ask(4);
    calls[1].answer(40);
    await flush();
    expect(shown.at(-1)).toEqual({ kind: 'answer', request: 4, value: 40, previewed: false });
  });
});
