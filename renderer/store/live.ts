import { scoredAtLeaves, type WorkshopDoc } from '../../shared/model';
import { evaluateInput, scoreCube, type DocScoreCube } from '../../shared/model/analysis';
import { docWeightUnits } from '../../shared/model/edits/weights-edit';
import { EngineInputError, evaluate } from '../../shared/scoring';
import { call } from '../api/client';
import { judgedNow, judgedVersion, onJudged } from '../api/hierarchy-judged';
import { latestAnswer } from '../api/latest';
import { useRoom, type Evaluation } from './room';
import { useWorkshop } from './workshop';

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
 * answer is kept (`api/latest`: an older answer never overwrites a newer input) and it replaces
 * the preview should it differ. The evaluation on screen (the room's store, `result`) is the
 * room's one ranking: the ranking bars, the disagreement view, the what-if panel and the
 * projector all show it. Releasing a weight slider commits
 * the draft to the document, releasing a what-if score slider sets the session's what-if
 * scores (the workshop store's `whatIf`, kept by saving a scenario): each one undo step.
 */
export type { Evaluation };

/** Forget the session (another workshop was opened, the room was left). */
export function resetLive() {
  liveAnswer.drop();
  useRoom.getState().resetLive();
}

// The score cube depends on the scores (and the focus point scores and hierarchy of dimensions
// scored at their focus points), the order of participants, candidates and criteria, and the
// overrides — not on weights or influence: build it once per change of those.
type Judges = [WorkshopDoc['participants'], WorkshopDoc['weighting']['ahpAggregation'], number];
let cubeKey: {
  scores: WorkshopDoc['scores'];
  leafScores: WorkshopDoc['leafScores'];
  hierarchy: WorkshopDoc['hierarchy'];
  /** Whose judgments count for a pairwise node, how they are aggregated (`nodeGroupRequest`) and the engine answers known (`judgedVersion`). */
  judges: Judges | null;
  ids: string;
  o: Record<string, number>;
} | null = null;
let cubeValue: DocScoreCube = [];

/**
 * The room's evaluation is on screen (the evaluation room calls this while it is shown; returns
 * the release): until released, an engine answer for the focus points' pairwise weights
 * (api/hierarchy-judged) evaluates the room again — until it arrives such a dimension counts as
 * not scored. With no room on screen an answer costs nothing here: the score cube knows which
 * answers it was built with (`judgedVersion`), so the room's next evaluation (as it comes back on
 * screen) is built with the answers known then.
 */
export function showLiveEvaluation(): () => void {
  return onJudged(() => {
    const now = useWorkshop.getState().doc;
    if (now) evaluateLive(now);
  });
}
function cubeOf(doc: WorkshopDoc, overrides: Record<string, number>): DocScoreCube {
  const ids = [doc.participants, doc.candidates, doc.criteria].map((list) => list.map((x) => x.id).join('\u0000')).join('\u0001');
  const judges: Judges | null = doc.hierarchy.some(scoredAtLeaves) ? [doc.participants, doc.weighting.ahpAggregation, judgedVersion()] : null;
  if (
    !cubeKey ||
    cubeKey.scores !== doc.scores ||
    cubeKey.leafScores !== doc.leafScores ||
    cubeKey.hierarchy !== doc.hierarchy ||
    (judges !== null && (cubeKey.judges?.[0] !== judges[0] || cubeKey.judges[1] !== judges[1] || cubeKey.judges[2] !== judges[2])) ||
    cubeKey.ids !== ids ||
    cubeKey.o !== overrides
  ) {
    cubeValue = scoreCube(doc, overrides, judgedNow(doc).judged);
    cubeKey = { scores: doc.scores, leafScores: doc.leafScores, hierarchy: doc.hierarchy, judges, ids, o: overrides };
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
  liveAnswer.drop();
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

/** One live evaluation: its request, the weights it uses, the drafts it shows and the input that caused it. */
interface LiveAsk {
  request: ReturnType<typeof evaluateRequest>;
  units: number[];
  draft: { units?: number[]; overrides?: Record<string, number> };
  inputAt: number | undefined;
}

/**
 * Once the evaluation of an input is on screen: the time from the input until the frame that
 * shows it has been presented (the start of the frame after it) is recorded as the User Timing
 * measure `room:slider-to-frame` — an upper bound of input → on screen.
 */
function measure(inputAt: number | undefined) {
  if (inputAt === undefined) return;
  requestAnimationFrame(() =>
    requestAnimationFrame((nextFrameAt) => performance.measure('room:slider-to-frame', { start: inputAt, end: Math.max(inputAt, nextFrameAt) })),
  );
}

const liveAnswer = latestAnswer<LiveAsk, Evaluation>({
  preview: ({ request }) => {
    try {
      return evaluate(request);
    } catch (err) {
      if (!(err instanceof EngineInputError)) throw err;
      return null; // the Node side's answer will carry the typed error
    }
  },
  answer: ({ request }, signal) => call('engine.evaluate', request, { signal }),
  same: sameEvaluation,
  show: (shown) => {
    const room = useRoom.getState();
    const { units, draft, inputAt } = shown.request;
    if (shown.kind === 'error') room.evaluationFailed(shown.error.message);
    else room.showEvaluation(shown.value, units);
    if (shown.kind === 'preview' || !shown.previewed) {
      room.setDraft(draft); // the drafts show with their first evaluation (one render)
      if (shown.kind !== 'error') measure(inputAt);
    }
  },
});

/**
 * Evaluates now. A drag passes its new draft in `draft` instead of storing it first. The
 * preview is in the room's store before this returns (rendered in the frame of the input:
 * ranking, totals, radar and the sliders at once) and the Node side's answer follows, except
 * for a drag step the preview could compute (see the top of this file). `inputAt` (the input
 * event's `timeStamp`, on the `performance.now()` clock) is the input that caused this
 * evaluation, for the measure `room:slider-to-frame`.
 */
export function evaluateLive(doc: WorkshopDoc, inputAt?: number, draft: { units?: number[]; overrides?: Record<string, number> } = {}) {
  const room = useRoom.getState();
  const units = draft.units ?? room.draftUnits ?? docWeightUnits(doc);
  const overrides = draft.overrides ?? room.draftOverrides ?? useWorkshop.getState().whatIf;
  if (!canEvaluate(doc, units)) {
    liveAnswer.drop();
    room.showEvaluation(null, null);
    room.setDraft(draft);
    return;
  }
  const isDragStep = draft.units !== undefined || draft.overrides !== undefined;
  liveAnswer.ask({ request: evaluateRequest(doc, units, overrides), units, draft, inputAt }, { confirm: !isDragStep });
}
