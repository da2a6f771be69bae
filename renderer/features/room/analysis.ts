import { create } from 'zustand';
import type { WorkshopAnalysisResult } from '../../../shared/contract/analysis';
import type { WorkshopDoc } from '../../../shared/model';
import { analysisSubject } from '../../../shared/model/analysis-subject';
import { ApiError, call } from '../../api/client';

/**
 * The robustness analysis of the room (`workshop.analyse`: the report's own analysis), run
 * a moment after the last edit settles, with progress and cancel. A new run cancels the one
 * in flight; a cancelled run keeps the previous answer on screen, marked as out of date.
 */
interface AnalysisState {
  result: WorkshopAnalysisResult | null;
  /** The result describes an older state of the document than the one on screen. */
  stale: boolean;
  status: 'idle' | 'running' | 'done' | 'cancelled' | 'error';
  /** The document and overrides the result describes (compared by identity with what is on screen). */
  subject: { doc: WorkshopDoc; overrides: Record<string, number> } | null;
  progress: number;
  error: string | null;
}

export const useAnalysis = create<AnalysisState>(() => ({ result: null, stale: false, status: 'idle', progress: 0, error: null, subject: null }));

let inFlight: AbortController | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

export function resetAnalysis() {
  cancelAnalysis();
  useAnalysis.setState({ result: null, stale: false, status: 'idle', progress: 0, error: null, subject: null });
}

/** Whether the analysis on screen describes exactly this document and these overrides. */
export function useAnalysisFresh(doc: WorkshopDoc | null, overrides: Record<string, number>): boolean {
  return useAnalysis((s) => s.status === 'done' && doc !== null && s.subject?.doc === doc && s.subject.overrides === overrides);
}

/** Cancels the pending or running analysis. */
export function cancelAnalysis() {
  if (timer) clearTimeout(timer);
  timer = null;
  if (inFlight) {
    inFlight.abort();
    inFlight = null;
    useAnalysis.setState({ status: 'cancelled' });
  }
}

/** Analyses `doc` with what-if overrides after `delayMs` without further calls (edits in a burst cost one run). */
export function scheduleAnalysis(doc: WorkshopDoc, overrides: Record<string, number>, delayMs = 350) {
  if (timer) clearTimeout(timer);
  const { subject, result } = useAnalysis.getState();
  if (subject?.doc === doc && subject.overrides === overrides) return; // already analysed
  if (result) useAnalysis.setState({ stale: true });
  timer = setTimeout(() => {
    timer = null;
    void runAnalysis(doc, overrides);
  }, delayMs);
}

export async function runAnalysis(doc: WorkshopDoc, overrides: Record<string, number>) {
  inFlight?.abort();
  const ac = new AbortController();
  inFlight = ac;
  useAnalysis.setState({ status: 'running', progress: 0, error: null });
  try {
    const result = await call(
      'workshop.analyse',
      { workshop: analysisSubject(doc), scoreOverrides: overrides },
      { signal: ac.signal, onProgress: (p) => !ac.signal.aborted && useAnalysis.setState({ progress: p.done }) },
    );
    if (inFlight !== ac) return;
    inFlight = null;
    useAnalysis.setState({ result, stale: false, status: 'done', progress: 1, subject: { doc, overrides } });
  } catch (err) {
    if (inFlight !== ac && ac.signal.aborted) return;
    inFlight = null;
    if (err instanceof ApiError && err.code === 'cancelled') useAnalysis.setState({ status: 'cancelled' });
    else useAnalysis.setState({ status: 'error', error: (err as Error).message });
  }
}
