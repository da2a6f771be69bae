import { ContractError, toContractError } from '../../shared/contract/errors';

/**
 * A preview now and the Node side's answer after, for the same request, the latest request
 * winning by construction. `useDerived` keeps the latest answer per input for a component
 * (rendered from an effect); this is the same rule for inputs that must show in the frame of
 * the input event (the room's live evaluation while a slider is dragged):
 *
 * - `ask(request)` numbers the request and computes the preview synchronously: `show` has been
 *   called with it before `ask` returns (a `null` preview: the page cannot compute this one,
 *   the Node side's answer or typed error is awaited);
 * - the Node side's answer is shown only while its request is still the latest one: a newer
 *   `ask` (or `drop`) aborts the older call and an answer to it that still arrives is ignored;
 * - an answer equal to the preview already on screen (`same`) is not shown again; `previewed`
 *   tells `show` whether a preview of this request is on screen.
 */
export type Shown<Q, A> =
  | { kind: 'preview'; request: Q; value: A }
  | { kind: 'answer'; request: Q; value: A; previewed: boolean }
  | { kind: 'error'; request: Q; error: ContractError; previewed: boolean };

export interface LatestOptions<Q, A> {
  /** The page's own answer, synchronously (`null`: it cannot compute this request). */
  preview: (request: Q) => A | null;
  /** The Node side's answer. */
  answer: (request: Q, signal: AbortSignal) => Promise<A>;
  /** Whether the Node side's answer shows the same as the preview (then nothing changes on screen). */
  same?: (preview: A, answer: A) => boolean;
  /** Puts a preview, an answer or an error on screen (called only for the latest request). */
  show: (shown: Shown<Q, A>) => void;
}

export interface Latest<Q> {
  /**
   * Asks for `request`: its preview is shown before this returns; `confirm: false` (a step of a
   * drag) asks the Node side only when there is no preview.
   */
  ask(request: Q, opts?: { confirm?: boolean }): void;
  /** Every answer on its way is dropped (its request is no longer what the screen shows). */
  drop(): void;
}

export function latestAnswer<Q, A>(opts: LatestOptions<Q, A>): Latest<Q> {
  let seq = 0;
  let controller: AbortController | null = null;
  const drop = () => {
    seq++;
    controller?.abort();
    controller = null;
  };
  return {
    drop,
    ask(request, { confirm = true } = {}) {
      drop();
      const mine = seq;
      const preview = opts.preview(request);
      if (preview !== null) opts.show({ kind: 'preview', request, value: preview });
      if (preview !== null && !confirm) return;
      const ac = new AbortController();
      controller = ac;
      let work: Promise<A>;
      try {
        work = opts.answer(request, ac.signal);
      } catch (err) {
        work = Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
      work.then(
        (value) => {
          if (mine !== seq) return; // a newer request was asked: this answer is stale
          controller = null;
          if (preview !== null && opts.same?.(preview, value)) return; // already on screen
          opts.show({ kind: 'answer', request, value, previewed: preview !== null });
        },
        (err: unknown) => {
          if (mine !== seq) return;
          controller = null;
          opts.show({ kind: 'error', request, error: toContractError(err), previewed: preview !== null });
        },
      );
    },
  };
}
