import type { WorkshopDoc } from './schema';

/**
 * The part of a workshop that its analysis reads (participants, criteria, candidates, score
 * values, scale, aggregation), as a valid document with everything else emptied: rationales,
 * pilot metrics (up to 200,000 points per series), simulations, plans and logs. The room sends
 * this to `workshop.analyse` after each edit, so a large workshop costs a small request.
 */
export function analysisSubject(doc: WorkshopDoc): WorkshopDoc {
  return {
    ...doc,
    meta: { ...doc.meta, description: '' },
    needs: { answers: {}, notes: '' },
    scores: doc.scores.map((s) => (s.rationale === '' ? s : { ...s, rationale: '' })),
    leafScores: doc.leafScores.map((s) => (s.rationale === '' ? s : { ...s, rationale: '' })),
    criteria: doc.criteria.map((c) => ({ ...c, description: { 'zh-CN': '', en: '' }, focusPoints: [], highPriority: [] })),
    candidates: doc.candidates.map((c) => ({ ...c, description: { 'zh-CN': '', en: '' }, notes: '' })),
    adaptation: { rules: [], decisions: [], baseWeights: {} },
    validation: [],
    metrics: { series: [], imports: [], written: [], valueFunctions: {}, pilots: [], calibrations: [] },
    simulations: [],
    scenarios: [],
    rollout: { items: [], scope: '', goNoGo: '' },
    iteration: { log: [], nextReview: '' },
    decision: { candidateId: null, rationale: '', dissent: '', consequences: '', decidedAt: '', reviewDate: '', basis: '', snapshot: null },
    review: { canary: [], imports: [], tolerance: 0.1 },
    notes: '',
  };
}
