import { flushSync } from 'react-dom';
import { create } from 'zustand';
import type { ResponseOf } from '../../../shared/contract';
import { evaluateInput, scoreCube, type DocScoreCube } from '../../../shared/model/analysis';
import type { WorkshopDoc } from '../../../shared/model';
import { docWeightUnits } from '../../../shared/model/edits/weights-edit';
import { EngineInputError, evaluate } from '../../../shared/scoring';
import { call } from '../../api/client';
import { useWorkshop } from '../../store/workshop';

/**
 * Live what-if of the evaluation room. Dragging a weight (or a what-if score) sets a
 * *draft*. Every input is evaluated at once in the page by the shared scoring kernel
 * (`shared/scoring`, the very code `engine.evaluate` runs on the Node side) and rendered
 * synchronously, so ranking bars, totals and the radar move in the frame of the input; an
 * answer from another process always arrives after that frame has been drawn.
 *
 * The Node side's echo (`engine.evaluate` of the same input): sent for every committed state
 * (an edit, a release, a what-if score set) and whenever the preview cannot compute (its typed
 * error comes from the Node side); not for each step of a drag. The preview runs the very code
 * the Node side runs, so a per-step echo only agreed with it, at the cost of one request with
 * the whole score cube per input event during the busiest moment of the room. Only the latest
 * answer is kept (stale answers are dropped) and it replaces the preview should it differ; the
 * robustness analysis (`workshop.analyse`, `useRoomAnalysis`) evaluates each committed state
 * on the Node side as well. This is the one place in the renderer that keeps "latest answer
 * only" by hand rather than through `api/derived`: its rendering must be synchronous with the
 * input (flushSync), which a React effect cannot be. Releasing a weight slider commits
 * the draft to the document, releasing a what-if score slider sets the session's what-if
 * scores (the workshop store's `whatIf`, kept by saving a scenario): each one undo step.
 */
export type Evaluation = ResponseOf<'engine.evaluate'>;

interface LiveState {
  /** Weights (units of 0.01 pp) being dragged; `null` = the document's. */
  draftUnits: number[] | null;
  /** What-if scores while a what-if slider is being dragged; `null` = the store's `whatIf`. */
  draftOverrides: Record<string, number> | null;
  /** The latest evaluation and the weights (units) it was made with. */
  result: Evaluation | null;
  resultUnits: number[] | null;
  error: string | null;
}

export const useLive = create<LiveState>(() => ({ draftUnits: null, draftOverrides: null, result: null, resultUnits: null, error: null }));

/** Forget the session (another workshop was opened). */
export function resetLive() {
  latest++;
  useLive.setState({ draftUnits: null, draftOverrides: null, result: null, resultUnits: null, error: null });
}

let latest = 0;

// The score cube depends on the scores, the order of participants, candidates and criteria,
// and the overrides — not on weights or influence: build it once per change of those.
let cubeKey: { scores: WorkshopDoc['scores']; ids: string; o: Record<string, number> } | null = null;
let cubeValue: DocScoreCube = [];
function cubeOf(doc: WorkshopDoc, overrides: Record<string, number>): DocScoreCube {
  const ids = [doc.participants, doc.candidates, doc.criteria].map((list) => list.map((x) => x.id).join('\u0000')).join('\u0001');
  if (!cubeKey || cubeKey.scores !== doc.scores || cubeKey.ids !== ids || cubeKey.o !== overrides) {
    cubeValue = scoreCube(doc, overrides);
    cubeKey = { scores: doc.scores, ids, o: overrides };
  }
  return cubeValue;
}

/** The `engine.evaluate` request of a document with the given weights (units, criterion order) and overrides. */
export function evaluateRequest(doc: WorkshopDoc, units: readonly number[], overrides: Record<string, number>) {
  return evaluateInput(doc, units, cubeOf(doc, overrides));
}

/** Whether an evaluation can be asked for at all (something to rank, something weighted, someone counted). */
export function canEvaluate(doc: WorkshopDoc, units: readonly number[]): boolean {
  return doc.candidates.length > 0 && doc.criteria.length > 0 && units.some((u) => u > 0) && doc.participants.some((p) => p.influence > 0);
}

/** Drops every answer still on its way (a drag was released: its commit is evaluated anew). */
export function dropPendingAnswers() {
  latest++;
}

/** Whether two evaluations show the same thing (the preview and the Node side's answer agree). */
function sameEvaluation(a: Evaluation, b: Evaluation): boolean {
  const same = (x: readonly (number | null)[], y: readonly (number | null)[]) => x.length === y.length && x.every((v, i) => v === y[i]);
  return (
    a.consensus === b.consensus &&
    same(a.ranking, b.ranking) &&
    same(a.totals, b.totals) &&
    same(a.coverage, b.coverage) &&
    a.contributions.every((row, i) => same(row, b.contributions[i] ?? []))
  );
}

/**
 * Evaluates now. A drag passes its new draft in `draft` instead of storing it first. The
 * preview is rendered before this returns — ranking, totals and radar at once, the other
 * sliders in the next render — and the Node side's answer follows. `inputAt` (the input
 * event's `timeStamp`, on the `performance.now()` clock) is the input that caused this
 * evaluation: once it is rendered, the time from the input until the frame that shows it has
 * been presented (the start of the frame after it) is recorded as the User Timing measure
 * `room:slider-to-frame`.
 */
export function evaluateLive(doc: WorkshopDoc, inputAt?: number, draft?: { units?: number[]; overrides?: Record<string, number> }) {
  const s = useLive.getState();
  const units = draft?.units ?? s.draftUnits ?? docWeightUnits(doc);
  const overrides = draft?.overrides ?? s.draftOverrides ?? useWorkshop.getState().whatIf;
  const seq = ++latest;
  const drafts: Partial<LiveState> = {};
  if (draft?.units) drafts.draftUnits = draft.units;
  if (draft?.overrides) drafts.draftOverrides = draft.overrides;
  if (!canEvaluate(doc, units)) {
    useLive.setState({ result: null, resultUnits: null, error: null, ...drafts });
    return;
  }
  const request = evaluateRequest(doc, units, overrides);
  let preview: Evaluation | null = null;
  try {
    preview = evaluate(request);
  } catch (err) {
    if (!(err instanceof EngineInputError)) throw err; // the Node side's answer will carry the typed error
  }
  // Input handlers render synchronously (the frame of the input); effects just set state.
  const render = inputAt === undefined ? (update: () => void) => update() : flushSync;
  const measure = () => {
    if (inputAt === undefined) return;
    // The first frame that shows the evaluation runs the callback below; it is on screen once
    // that frame is presented, which is no later than the start of the frame after it (that
    // frame's rAF timestamp). The measure is therefore an upper bound of input → on screen.
    requestAnimationFrame(() =>
      requestAnimationFrame((nextFrameAt) => performance.measure('room:slider-to-frame', { start: inputAt, end: Math.max(inputAt, nextFrameAt) })),
    );
  };
  if (preview) {
    const shown = preview;
    render(() => useLive.setState({ result: shown, resultUnits: units, error: null }));
    if (drafts.draftUnits || drafts.draftOverrides) useLive.setState(drafts);
    measure();
  }
  if (preview && draft) return; // a drag step: the preview is the answer (see the top of this file)
  call('engine.evaluate', request).then(
    (result) => {
      if (seq !== latest) return; // a newer input has been sent: this answer is stale
      if (preview && sameEvaluation(preview, result)) return; // already on screen
      render(() => useLive.setState({ result, resultUnits: units, error: null }));
      if (!preview) {
        if (drafts.draftUnits || drafts.draftOverrides) useLive.setState(drafts);
        measure();
      }
    },
    (err: Error) => {
      if (seq === latest) useLive.setState({ error: err.message, ...(preview ? {} : drafts) });
    },
  );
}
