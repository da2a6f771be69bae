import { useEffect, useState } from 'react';
import type { SmaaWeightModel, WorkshopAnalyseRequest } from '../../../shared/contract/analysis';
import type { WorkshopDoc } from '../../../shared/model';
import { analysisSubject } from '../../../shared/model/analysis-subject';
import { useDerived } from '../../api/derived';
import { DEFAULT_SMAA_CHOICE, useRoom, type SmaaChoice } from '../../store/room';
import { useWorkshop } from '../../store/workshop';

/** Edits typed in a burst cost one analysis: the document is analysed once it has rested this long (a debounce of input). */
const ANALYSIS_DEBOUNCE_MS = 350;

// Every subscriber of one document state gets the very same request object (its key is computed once).
let last: { doc: WorkshopDoc; overrides: Record<string, number>; choice: SmaaChoice; request: WorkshopAnalyseRequest } | null = null;

/**
 * The SMAA weights of the facilitator's choice: constraints being edited count once they
 * compare two different criteria with a positive ratio; none such, weights around the team's.
 */
export function smaaWeightModel(choice: SmaaChoice): SmaaWeightModel {
  if (choice.kind === 'judgments') return { kind: 'judgments', mode: choice.mode };
  if (choice.kind === 'constraints') {
    const constraints = choice.rows.filter((r) => r.greater !== r.lesser && r.ratio > 0 && r.ratio <= 1000);
    if (constraints.length > 0) return { kind: 'constraints', constraints };
  }
  return { kind: 'around' };
}

/** The `workshop.analyse` request of a document with its what-if score overrides and the room's SMAA weights. */
export function analysisRequest(doc: WorkshopDoc, overrides: Record<string, number>, choice: SmaaChoice = DEFAULT_SMAA_CHOICE): WorkshopAnalyseRequest {
  if (last?.doc !== doc || last.overrides !== overrides || last.choice !== choice) {
    const smaaWeights = smaaWeightModel(choice);
    last = {
      doc,
      overrides,
      choice,
      request: { workshop: analysisSubject(doc), scoreOverrides: overrides, ...(smaaWeights.kind === 'around' ? {} : { smaaWeights }) },
    };
  }
  return last.request;
}

/**
 * The robustness analysis of the room (`workshop.analyse`: the report's own analysis) for the
 * document on screen and the session's what-if scores, with progress and cancel. The room,
 * the robustness panel, the weight sliders and the presenter share one call; a cancelled run
 * keeps the previous answer on screen, marked as out of date (`current` false). Nothing is
 * analysed while results are hidden (blind scoring).
 *
 * The analysis follows the screen one state at a time (the room's store, `analysed`): while a
 * run is under way, the document may change any number of times (ballots of a room vote
 * arriving, edits in a burst) — the board and the merged scores show at once — and once the
 * run has ended the latest state is asked for, when it has rested ANALYSIS_DEBOUNCE_MS (edits
 * typed in a burst cost one analysis). The first state is asked for at once.
 */
export function useRoomAnalysis(doc: WorkshopDoc | null) {
  const overrides = useWorkshop((s) => s.whatIf);
  const blind = useRoom((s) => s.blind);
  const choice = useRoom((s) => s.smaaChoice);
  const analysed = useRoom((s) => s.analysed);
  // Nothing asked yet for this workshop: the state on screen, at once.
  const asked = !doc ? null : analysed && analysed.doc.id === doc.id ? analysed : { doc, overrides };
  const first = asked !== null && asked !== analysed;
  const derived = useDerived('workshop.analyse', asked && !blind ? analysisRequest(asked.doc, asked.overrides, choice) : null);
  const behind = asked?.doc !== doc || asked?.overrides !== overrides;
  const restedDoc = useRested(doc, ANALYSIS_DEBOUNCE_MS);
  const restedOverrides = useRested(overrides, ANALYSIS_DEBOUNCE_MS);
  const rested = restedDoc === doc && restedOverrides === overrides;
  useEffect(() => {
    if (doc && (first || (behind && rested && !derived.pending))) useRoom.getState().analyse(doc, overrides);
  }, [first, behind, rested, derived.pending, doc, overrides]);
  if (blind || !behind) return derived;
  return { ...derived, current: false, pending: true };
}

/** `value` once it has stayed the same for `ms` (the first one at once). */
function useRested<T>(value: T, ms: number): T {
  const [rested, setRested] = useState(value);
  useEffect(() => {
    if (rested === value) return;
    const timer = setTimeout(() => setRested(() => value), ms);
    return () => clearTimeout(timer);
  }, [value, rested, ms]);
  return rested;
}
