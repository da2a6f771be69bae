import { flushSync } from 'react-dom';
import { create } from 'zustand';
import type { ResponseOf } from '../../../shared/contract';
import { participantWeights, scoreCube, type DocScoreCube } from '../../../shared/model/analysis';
import type { WorkshopDoc } from '../../../shared/model';
import { docWeightUnits } from '../../../shared/model/weights-edit';
import { call } from '../../api/client';

/**
 * Live what-if of the evaluation room. Dragging a weight (or a what-if score) sets a
 * *draft*; every input event sends one `engine.evaluate`, only the latest answer is kept
 * (stale answers are dropped) and it is rendered synchronously, so ranking bars, totals and
 * the radar move in the frame after the input. Releasing the slider commits the draft to the
 * document as one undo step; what-if score overrides stay in the session until saved as a
 * scenario.
 */
export type Evaluation = ResponseOf<'engine.evaluate'>;

interface LiveState {
  /** Weights (units of 0.01 pp) being dragged; `null` = the document's. */
  draftUnits: number[] | null;
  /** Session what-if scores: "participant|candidate|criterion" → value. */
  overrides: Record<string, number>;
  /** Overrides while a what-if score slider is being dragged; `null` = `overrides`. */
  draftOverrides: Record<string, number> | null;
  /** The latest evaluation and the weights (units) it was made with. */
  result: Evaluation | null;
  resultUnits: number[] | null;
  error: string | null;
}

export const useLive = create<LiveState>(() => ({ draftUnits: null, overrides: {}, draftOverrides: null, result: null, resultUnits: null, error: null }));

/** Forget the session (another workshop was opened). */
export function resetLive() {
  latest++;
  useLive.setState({ draftUnits: null, overrides: {}, draftOverrides: null, result: null, resultUnits: null, error: null });
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
  return {
    candidates: doc.candidates.map((c) => c.id),
    criteria: doc.criteria.map((c, i) => ({ id: c.id, weight: units[i] ?? 0 })),
    scores: cubeOf(doc, overrides),
    scale: doc.scale,
    aggregation: doc.aggregation,
    participantWeights: participantWeights(doc),
  };
}

/** Whether an evaluation can be asked for at all (something to rank, something weighted, someone counted). */
export function canEvaluate(doc: WorkshopDoc, units: readonly number[]): boolean {
  return doc.candidates.length > 0 && doc.criteria.length > 0 && units.some((u) => u > 0) && doc.participants.some((p) => p.influence > 0);
}

/** Drops every answer still on its way (a drag was released: its commit is evaluated anew). */
export function dropPendingAnswers() {
  latest++;
}

/**
 * Evaluates now. A drag passes its new draft in `draft` instead of storing it first: the
 * input handler then only sends the request (the dragged thumb moves natively), and the
 * draft is stored when its answer arrives — ranking, totals and radar rendered at once, the
 * other sliders right after. `inputAt` (the input event's `timeStamp`, on the
 * `performance.now()` clock) is the input that caused this request: once its answer is
 * rendered, the time from the input to the start of the next frame — the first frame that
 * shows it — is recorded as the User Timing measure `room:slider-to-frame`.
 */
export function evaluateLive(doc: WorkshopDoc, inputAt?: number, draft?: { units?: number[]; overrides?: Record<string, number> }) {
  const s = useLive.getState();
  const units = draft?.units ?? s.draftUnits ?? docWeightUnits(doc);
  const overrides = draft?.overrides ?? s.draftOverrides ?? s.overrides;
  const seq = ++latest;
  const drafts: Partial<LiveState> = {};
  if (draft?.units) drafts.draftUnits = draft.units;
  if (draft?.overrides) drafts.draftOverrides = draft.overrides;
  if (!canEvaluate(doc, units)) {
    useLive.setState({ result: null, resultUnits: null, error: null, ...drafts });
    return;
  }
  call('engine.evaluate', evaluateRequest(doc, units, overrides)).then(
    (result) => {
      if (seq !== latest) return; // a newer input has been sent: this answer is stale
      // Ranking, totals and radar render synchronously; the other sliders follow in the next render.
      flushSync(() => useLive.setState({ result, resultUnits: units, error: null }));
      if (drafts.draftUnits || drafts.draftOverrides) useLive.setState(drafts);
      if (inputAt !== undefined) {
        // The frame that first shows the answer: rAF's timestamp is that frame's start time.
        requestAnimationFrame((frameAt) => {
          performance.measure('room:slider-to-frame', { start: inputAt, end: Math.max(inputAt, frameAt) });
        });
      }
    },
    (err: Error) => {
      if (seq === latest) useLive.setState({ error: err.message, ...drafts });
    },
  );
}
