import { useEffect, useState } from 'react';
import type { WorkshopAnalyseRequest } from '../../../shared/contract/analysis';
import type { WorkshopDoc } from '../../../shared/model';
import { analysisSubject } from '../../../shared/model/analysis-subject';
import { useDerived } from '../../api/derived';
import { useWorkshop } from '../../store/workshop';
import { useRoomUi } from './roomUi';
import { ballotsQuietAt } from './roomVote';

/** Edits in a burst cost one analysis: it runs once the document has rested this long. */
const ANALYSIS_DEBOUNCE_MS = 350;

// Every subscriber of one document state gets the very same request object (its key is computed once).
let last: { doc: WorkshopDoc; overrides: Record<string, number>; request: WorkshopAnalyseRequest } | null = null;

/** The `workshop.analyse` request of a document with its what-if score overrides. */
export function analysisRequest(doc: WorkshopDoc, overrides: Record<string, number>): WorkshopAnalyseRequest {
  if (last?.doc !== doc || last.overrides !== overrides) last = { doc, overrides, request: { workshop: analysisSubject(doc), scoreOverrides: overrides } };
  return last.request;
}

/**
 * The robustness analysis of the room (`workshop.analyse`: the report's own analysis) for the
 * document on screen and the session's what-if scores, with progress and cancel. The room,
 * the robustness panel, the weight sliders and the presenter share one call; a cancelled run
 * keeps the previous answer on screen, marked as out of date (`current` false). Nothing is
 * analysed while results are hidden (blind scoring).
 */
export function useRoomAnalysis(doc: WorkshopDoc | null) {
  const overrides = useWorkshop((s) => s.whatIf);
  const blind = useRoomUi((s) => s.blind);
  // The request (the whole workshop, and its JSON as the answer's key) is built only for a
  // document at rest: a burst of edits (ballots of a room vote arriving) builds it once.
  const rested = useRested(doc, overrides);
  const derived = useDerived('workshop.analyse', rested.doc && !blind ? analysisRequest(rested.doc, rested.overrides) : null);
  if (blind || (rested.doc === doc && rested.overrides === overrides)) return derived;
  return { ...derived, current: false, pending: true };
}

/**
 * The document and what-if scores once they have stayed the same for ANALYSIS_DEBOUNCE_MS (the
 * first ones at once), and not before a burst of room-vote ballots is over: the board and the
 * merged scores show at once, the analysis (a long job on the Node side, which also serves the
 * participants' devices) after.
 */
function useRested(doc: WorkshopDoc | null, overrides: Record<string, number>) {
  const [rested, setRested] = useState({ doc, overrides });
  const changed = rested.doc !== doc || rested.overrides !== overrides;
  useEffect(() => {
    if (!changed) return;
    let timer: ReturnType<typeof setTimeout>;
    const settle = () => {
      const wait = ballotsQuietAt() - Date.now();
      if (wait > 0) timer = setTimeout(settle, wait);
      else setRested({ doc, overrides });
    };
    timer = setTimeout(settle, ANALYSIS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [changed, doc, overrides]);
  return rested;
}
